/**
 * The environment settings of `bun run api` (api/settings.ts): PORT defaults to 3000 (D16), a
 * blank PORT too; HOST defaults to every interface and HOST=127.0.0.1 binds loopback only;
 * WORKERS is a whole number >= 1; LOG is on or off; RATE_LIMIT is off or <requests>/<seconds>
 * (D23). A value that cannot be used, or an address the server cannot listen on, stops the
 * start with one line on stderr naming it, and no stack trace.
 */
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import {
  accessLogOn,
  DEFAULT_PORT,
  listenHost,
  listenPort,
  rateLimit,
  readSettings,
  SettingError,
  workerCount,
} from "../../api/settings.ts";
import { freePort, ROOT, startServer } from "../../scripts/harness/live-server.ts";
import { connects } from "../support/wire-helpers.ts";

/** Runs `bun api/server.ts` with `env` and returns its exit code and stderr once it has exited. */
async function refusedStart(env: Record<string, string>): Promise<{ code: number; stderr: string; stdout: string }> {
  const child = Bun.spawn([process.execPath, "api/server.ts"], {
    cwd: ROOT,
    env: { ...process.env, WORKERS: "1", PORT: String(freePort()), ...env },
    stdout: "pipe",
    stderr: "pipe",
  });
  const [code, stderr, stdout] = await Promise.all([
    child.exited,
    new Response(child.stderr).text(),
    new Response(child.stdout).text(),
  ]);
  return { code, stderr, stdout };
}

describe("PORT (D16)", () => {
  test("unset or blank: 3000", () => {
    expect(DEFAULT_PORT).toBe(3000);
    expect(listenPort(undefined)).toBe(3000);
    expect(listenPort("")).toBe(3000);
    expect(listenPort("   ")).toBe(3000);
  });

  test("a whole number from 0 to 65535, spaces around it ignored", () => {
    expect(listenPort("8080")).toBe(8080);
    expect(listenPort(" 8080 ")).toBe(8080);
    expect(listenPort("0")).toBe(0);
    expect(listenPort("65535")).toBe(65535);
  });

  test.each(["65536", "-1", "80.5", "1e3", "0x50", "abc", "3000abc", "123456"])(
    "%p is refused, naming the value",
    (value) => {
      expect(() => listenPort(value)).toThrow(SettingError);
      expect(() => listenPort(value)).toThrow(
        `PORT must be a whole number from 0 to 65535; got ${JSON.stringify(value)}.`,
      );
    },
  );

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
  test("unset or blank: Bun's default, every interface", () => {
    expect(listenHost(undefined)).toBeUndefined();
    expect(listenHost("")).toBeUndefined();
    expect(listenHost("  ")).toBeUndefined();
  });

  test.each([
    ["127.0.0.1", "127.0.0.1"],
    [" 0.0.0.0 ", "0.0.0.0"],
    ["::1", "::1"],
    ["[::1]", "::1"],
    ["::", "::"],
    ["fe80::1:2", "fe80::1:2"],
    ["::ffff:10.0.0.1", "::ffff:10.0.0.1"],
    ["localhost", "localhost"],
    ["api.example.internal", "api.example.internal"],
  ])("%p listens on %p", (value, host) => {
    expect(listenHost(value)).toBe(host);
  });

  test.each([
    "256.0.0.1",
    "1.2.3",
    "::g",
    "1:2:3:4:5:6:7:8:9",
    "[localhost]",
    "local host",
    "-bad.example",
    "a_b",
    "http://x",
    "x".repeat(64),
  ])("%p is refused, naming the value", (value) => {
    expect(() => listenHost(value)).toThrow(SettingError);
    expect(() => listenHost(value)).toThrow(`HOST must be an IP address or a host name`);
    expect(() => listenHost(value)).toThrow(JSON.stringify(value));
  });

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

  test("unset, the server listens on every interface, IPv4 and IPv6 (today's behaviour)", async () => {
    const server = await startServer();
    try {
      expect(listeners(server.port)).toEqual(["00000000000000000000000000000000"]);
      expect(await connects("127.0.0.2", server.port)).toBe(true);
      expect(await connects("::1", server.port)).toBe(true);
    } finally {
      await server.stop();
    }
  });
});

describe("LOG", () => {
  test.each([undefined, "", " on ", "ON"])("%p: the access log is on", (value) => {
    expect(accessLogOn(value)).toBe(true);
  });
  test.each(["off", "OFF", " off"])("%p: off", (value) => {
    expect(accessLogOn(value)).toBe(false);
  });
  test.each(["0", "false", "no", "quiet"])("%p is refused, naming the value", (value) => {
    expect(() => accessLogOn(value)).toThrow(`LOG must be on or off; got ${JSON.stringify(value)}.`);
  });
});

describe("RATE_LIMIT (D23)", () => {
  test.each([undefined, "", "  ", "off", "OFF"])("%p: no limit (the default)", (value) => {
    expect(rateLimit(value)).toBeNull();
  });

  test.each([
    ["100/60", 100, 60],
    [" 5 / 1 ", 5, 1],
    ["1/86400", 1, 86_400],
    ["1000000000/1", 1_000_000_000, 1],
  ])("%p: %p requests per %p seconds", (value, requests, seconds) => {
    expect(rateLimit(value)).toEqual({ requests, seconds });
  });

  test.each(["100", "0/60", "100/0", "100/86401", "1000000001/1", "-1/60", "1.5/60", "100/60s", "100 per 60", "on"])(
    "%p is refused, naming the value",
    (value) => {
      expect(() => rateLimit(value)).toThrow(SettingError);
      expect(() => rateLimit(value)).toThrow(`RATE_LIMIT must be <requests>/<seconds> (e.g. 100/60)`);
      expect(() => rateLimit(value)).toThrow(JSON.stringify(value));
    },
  );

  test("the server refuses to start on a bad RATE_LIMIT and says why in one line", async () => {
    const { code, stderr } = await refusedStart({ RATE_LIMIT: "lots" });
    expect(code).toBe(1);
    expect(stderr).toBe(
      'RATE_LIMIT must be <requests>/<seconds> (e.g. 100/60), requests from 1 to 1000000000 and seconds from 1 to 86400, or off; got "lots".\n',
    );
  });
});

describe("readSettings", () => {
  test("reads every setting, with the defaults when the environment is empty", () => {
    expect(readSettings({})).toEqual({
      port: 3000,
      host: undefined,
      workers: 1,
      log: true,
      rateLimit: null,
      siteUrl: "http://localhost:3000",
    });
    expect(readSettings({ PORT: "8080", HOST: "::1", WORKERS: "2", LOG: "off", RATE_LIMIT: "10/1" })).toEqual({
      port: 8080,
      host: "::1",
      workers: 2,
      log: false,
      rateLimit: { requests: 10, seconds: 1 },
      siteUrl: "http://localhost:8080",
    });
    // PORT 0 (a port not known before listening) keeps the default origin; SITE_URL wins over both.
    expect(readSettings({ PORT: "0" }).siteUrl).toBe("http://localhost:3000");
    expect(readSettings({ PORT: "8080", SITE_URL: "https://escrow.example" }).siteUrl).toBe("https://escrow.example");
  });

  test("a bad LOG stops the start with its line too", async () => {
    const { code, stderr, stdout } = await refusedStart({ LOG: "verbose" });
    expect(code).toBe(1);
    expect(stderr).toBe('LOG must be on or off; got "verbose".\n');
    expect(stdout).toBe("");
  });
});

describe("WORKERS", () => {
  test("unset or not a number >= 1: one process", () => {
    for (const value of [undefined, "", "0", "-2", "abc", "0.5"]) expect(workerCount(value)).toBe(1);
  });

  test("a number >= 1, rounded down", () => {
    expect(workerCount("1")).toBe(1);
    expect(workerCount("2")).toBe(2);
    expect(workerCount("3.9")).toBe(3);
  });
});
