/**
 * The settings of `bun run api` as the server starts (api/bun/server.ts, a child process): a value
 * that cannot be used, a port in use or an address the machine lacks stops the start with one
 * line on stderr naming it, and no stack trace; without SITE_URL the documents name the port it
 * listens on; unset or HOST=127.0.0.1 binds loopback only, HOST=:: every interface. How each value is
 * read is in settings.test.ts.
 */
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { startServer } from "../../scripts/harness/live-server.ts";
import { exchange } from "../../scripts/harness/raw-http.ts";
import { connects, refusedStart } from "../support/wire-helpers.ts";

describe("PORT (D16)", () => {
  test("the server refuses to start on a bad PORT and says why in one line", async () => {
    const { code, stderr } = await refusedStart({ PORT: "eighty" });
    expect(code).toBe(1);
    expect(stderr).toBe('PORT must be a whole number from 0 to 65535; got "eighty".\n');
  });

  test("without SITE_URL, the published documents name the port the server listens on", async () => {
    const server = await startServer();
    try {
      const origin = `http://localhost:${server.port}`;
      const get = async (path: string) => (await fetch(`${server.base}${path}`)).text();
      expect(JSON.parse(await get("/openapi.json")).servers[0].url).toBe(origin);
      expect(JSON.parse(await get("/.well-known/agent.json")).engines[0].url).toStartWith(`${origin}/api/v0/`);
      expect(JSON.parse(await get("/api/tools.json")).tools[0].url).toStartWith(`${origin}/api/v0/`);
      expect(await get("/llms.txt")).toContain(`](${origin}/api/quickstart.json)`);
      expect(await get("/api/quickstart.json")).toContain(origin);
      expect(await get("/openapi.json")).not.toContain("localhost:3000");
    } finally {
      await server.stop();
    }
  });

  test("a port in use stops the start with one line naming the address", async () => {
    const taken = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
    try {
      const { code, stderr } = await refusedStart({ HOST: "127.0.0.1", PORT: String(taken.port) });
      expect(code).toBe(1);
      expect(stderr).toBe(`Cannot listen on 127.0.0.1 port ${taken.port}: EADDRINUSE.\n`);
    } finally {
      taken.stop(true);
    }
  });
});

describe("HOST", () => {
  test("the server refuses to start on a bad HOST and says why in one line", async () => {
    const { code, stderr } = await refusedStart({ HOST: "not a host" });
    expect(code).toBe(1);
    expect(stderr).toBe(
      'HOST must be an IP address or a host name (127.0.0.1, ::1, 0.0.0.0, localhost); got "not a host".\n',
    );
  });

  test("an address this machine does not have stops the start with one line", async () => {
    const { code, stderr } = await refusedStart({ HOST: "192.0.2.1" });
    expect(code).toBe(1);
    expect(stderr).toMatch(/^Cannot listen on 192\.0\.2\.1 port \d+: EADDRNOTAVAIL\.\n$/);
  });
});

/** The local addresses (hex, as /proc/net/tcp{,6} write them) of sockets listening on TCP `port`. */
function listeners(port: number): string[] {
  const portHex = `:${port.toString(16).toUpperCase().padStart(4, "0")}`;
  return ["/proc/net/tcp", "/proc/net/tcp6"].flatMap((table) =>
    readFileSync(table, "utf8")
      .split("\n")
      .slice(1)
      .map((line) => line.trim().split(/\s+/))
      .filter((cells) => cells[1]?.endsWith(portHex) && cells[3] === "0A")
      .map((cells) => cells[1]!.slice(0, -portHex.length)),
  );
}

describe("HOST on a live server (Linux)", () => {
  test("HOST=127.0.0.1 listens on loopback 127.0.0.1 only", async () => {
    const server = await startServer({ HOST: "127.0.0.1" });
    try {
      expect(listeners(server.port)).toEqual(["0100007F"]);
      expect(await connects("127.0.0.1", server.port)).toBe(true);
      // Another loopback address reaches any socket bound to every interface, but not this one.
      expect(await connects("127.0.0.2", server.port)).toBe(false);
      expect(server.stdout()).toContain(`listening on http://127.0.0.1:${server.port}/`);
    } finally {
      await server.stop();
    }
  });

  test("unset, the server listens on 127.0.0.1 only", async () => {
    const server = await startServer();
    try {
      expect(listeners(server.port)).toEqual(["0100007F"]);
      expect(await connects("127.0.0.2", server.port)).toBe(false);
      expect(server.stdout()).toContain(`listening on http://127.0.0.1:${server.port}/`);
    } finally {
      await server.stop();
    }
  });

  test("HOST=:: listens on every interface, IPv4 and IPv6", async () => {
    const server = await startServer({ HOST: "::" });
    try {
      expect(listeners(server.port)).toEqual(["00000000000000000000000000000000"]);
      expect(await connects("127.0.0.2", server.port)).toBe(true);
      expect(await connects("::1", server.port)).toBe(true);
    } finally {
      await server.stop();
    }
  });
});

/** The status /mcp answers a tools/list addressed to `host` (with the Origin of a page there, when `page`). */
async function mcpStatus(port: number, host: string, page = false): Promise<number | undefined> {
  const body = '{"jsonrpc":"2.0","id":1,"method":"tools/list"}';
  const origin = page ? `Origin: http://${host}\r\n` : "";
  const head = `POST /mcp HTTP/1.1\r\nHost: ${host}\r\n${origin}Content-Type: application/json\r\nAccept: application/json, text/event-stream\r\nMcp-Protocol-Version: 2025-06-18\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`;
  return (await exchange(port, head + body)).response?.status;
}

describe("a page that rebinds its name to this machine (DNS rebinding)", () => {
  test("the default start refuses it on /mcp, and answers requests addressed to this machine", async () => {
    const server = await startServer({ LOG: "off" });
    try {
      const rebound = `evil.example:${server.port}`;
      expect(await mcpStatus(server.port, rebound, true)).toBe(403);
      expect(await mcpStatus(server.port, rebound)).toBe(403);
      expect(await mcpStatus(server.port, `localhost:${server.port}`)).toBe(200);
      expect(await mcpStatus(server.port, `127.0.0.1:${server.port}`, true)).toBe(200);
    } finally {
      await server.stop();
    }
  });

  test("HOST=:: refuses it too; an address, SITE_URL's host and MCP_ALLOWED_HOSTS are answered", async () => {
    const server = await startServer({
      HOST: "::",
      LOG: "off",
      SITE_URL: "https://escrow.example",
      MCP_ALLOWED_HOSTS: "box.local",
    });
    try {
      expect(await mcpStatus(server.port, `evil.example:${server.port}`, true)).toBe(403);
      expect(await mcpStatus(server.port, `evil.example:${server.port}`)).toBe(403);
      for (const host of [`10.1.2.3:${server.port}`, "escrow.example", `box.local:${server.port}`])
        expect(await mcpStatus(server.port, host), host).toBe(200);
    } finally {
      await server.stop();
    }
  });
});

describe("RATE_LIMIT (D23)", () => {
  test("the server refuses to start on a bad RATE_LIMIT and says why in one line", async () => {
    const { code, stderr } = await refusedStart({ RATE_LIMIT: "lots" });
    expect(code).toBe(1);
    expect(stderr).toBe(
      'RATE_LIMIT must be <requests>/<seconds> (e.g. 100/60), requests from 1 to 1000000000 and seconds from 1 to 86400, or off; got "lots".\n',
    );
  });
});

describe("MCP_ALLOWED_ORIGINS", () => {
  test("an entry that is not an origin stops the start, naming it, in one line", async () => {
    const { code, stderr, stdout } = await refusedStart({ MCP_ALLOWED_ORIGINS: "https://app.example, app.example" });
    expect(code).toBe(1);
    expect(stderr).toBe(
      'MCP_ALLOWED_ORIGINS must be comma-separated origins (https://app.example.com, http://localhost:5173) or *; "app.example" is not an origin in "https://app.example, app.example".\n',
    );
    expect(stdout).toBe("");
  });
});

describe("readSettings", () => {
  test("a bad LOG stops the start with its line too", async () => {
    const { code, stderr, stdout } = await refusedStart({ LOG: "verbose" });
    expect(code).toBe(1);
    expect(stderr).toBe('LOG must be on or off; got "verbose".\n');
    expect(stdout).toBe("");
  });
});
