/**
 * The environment settings of `bun run api` (api/settings.ts): PORT defaults to 3000 (D16), a
 * blank PORT too, and a PORT that is not a port stops the start with a message; WORKERS is a
 * whole number >= 1.
 */
import { describe, expect, test } from "bun:test";
import { DEFAULT_PORT, listenPort, workerCount } from "../api/settings.ts";
import { ROOT, startServer } from "./live-server.ts";

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
      expect(() => listenPort(value)).toThrow(
        `PORT must be a whole number from 0 to 65535; got ${JSON.stringify(value)}.`,
      );
    },
  );

  test("the server refuses to start on a bad PORT and says why", async () => {
    const child = Bun.spawn([process.execPath, "api/server.ts"], {
      cwd: ROOT,
      env: { ...process.env, PORT: "eighty", WORKERS: "1" },
      stdout: "pipe",
      stderr: "pipe",
    });
    const code = await child.exited;
    expect(code).toBe(1);
    // One line, no stack trace.
    expect((await new Response(child.stderr).text()).trim()).toBe(
      'PORT must be a whole number from 0 to 65535; got "eighty".',
    );
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
