/**
 * The environment settings of `bun run api` as api/host/settings.ts reads them: PORT defaults to 3000
 * (D16), a blank PORT too; HOST defaults to every interface; WORKERS is a whole number >= 1; LOG
 * is on or off; RATE_LIMIT is off or <requests>/<seconds> (D23); a loopback HOST puts /mcp under
 * loopback's rule and MCP_ALLOWED_ORIGINS lists origins or `*`. A value that cannot be used is
 * refused with a message naming it. What the server does with them as it starts is in
 * settings.e2e.test.ts.
 */
import { describe, expect, test } from "bun:test";
import { homedir } from "node:os";
import { join } from "node:path";
import { listenHost } from "../../api/host/listen-host.ts";
import { mcpAccess, mcpAllowedHosts, mcpAllowedOrigins } from "../../api/host/mcp-access.ts";
import {
  accessLogOn,
  DEFAULT_PORT,
  listenPort,
  rateLimit,
  readSettings,
  SettingError,
  workerCount,
} from "../../api/host/settings.ts";
import { ROOT } from "../../scripts/harness/live-server.ts";
import { siteUrlSetting } from "../../shared/settings/site-url.ts";

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
});

describe("HOST", () => {
  test("unset or blank: 127.0.0.1, this machine only", () => {
    expect(listenHost(undefined)).toBe("127.0.0.1");
    expect(listenHost("")).toBe("127.0.0.1");
    expect(listenHost("  ")).toBe("127.0.0.1");
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
});

describe("readSettings", () => {
  test("reads every setting, with the defaults when the environment is empty", () => {
    expect(readSettings({})).toEqual({
      port: 3000,
      host: "127.0.0.1",
      workers: 1,
      log: true,
      rateLimit: null,
      mcpAccess: { loopback: true, allowedOrigins: [], allowedHosts: [] },
      siteUrl: "http://localhost:3000",
      siteDir: `${ROOT}site/dist`,
      signing: { seals: "on", key: null, previous: [] },
      keyFile: join(homedir(), ".agent-escrow-demo/signing-key.json"),
    });
    expect(
      readSettings({
        PORT: "8080",
        HOST: "::1",
        WORKERS: "2",
        LOG: "off",
        RATE_LIMIT: "10/1",
        MCP_ALLOWED_ORIGINS: "https://app.example.com",
        SITE_DIR: "/srv/site",
        SEALS: "off",
        SIGNING_KEY_FILE: "/srv/keys/signing-key.json",
      }),
    ).toEqual({
      port: 8080,
      host: "::1",
      workers: 2,
      log: false,
      rateLimit: { requests: 10, seconds: 1 },
      mcpAccess: { loopback: true, allowedOrigins: ["https://app.example.com"], allowedHosts: [] },
      siteUrl: "http://localhost:8080",
      siteDir: "/srv/site",
      signing: { seals: "off", key: null, previous: [] },
      keyFile: "/srv/keys/signing-key.json",
    });
    // PORT 0 (a port not known before listening) keeps the default origin; SITE_URL wins over both.
    expect(readSettings({ PORT: "0" }).siteUrl).toBe("http://localhost:3000");
    expect(readSettings({ PORT: "8080", SITE_URL: "https://escrow.example" }).siteUrl).toBe("https://escrow.example");
  });
});

describe("siteUrlSetting: the origin the server's documents and the static site build both name", () => {
  test.each([
    [{}, "http://localhost:3000"],
    [{ PORT: "" }, "http://localhost:3000"],
    [{ PORT: "4123" }, "http://localhost:4123"],
    [{ PORT: "4123", HOST: "127.0.0.1" }, "http://localhost:4123"],
    [{ PORT: "0" }, "http://localhost:3000"],
    [{ PORT: "4123", SITE_URL: "" }, "http://localhost:4123"],
    [{ PORT: "4123", SITE_URL: "https://escrow.example" }, "https://escrow.example"],
  ] as [Record<string, string>, string][])("%j names %s, as readSettings does", (env, origin) => {
    expect(siteUrlSetting(env)).toBe(origin);
    expect(readSettings(env).siteUrl).toBe(origin);
  });

  test("a PORT the server would refuse stops the build too", () => {
    expect(() => siteUrlSetting({ PORT: "eighty" })).toThrow(SettingError);
  });
});

describe("HOST and /mcp: a loopback address puts /mcp under loopback's rule", () => {
  test.each([
    "127.0.0.1",
    "127.0.0.2",
    "127.255.255.254",
    "::1",
    "[::1]",
    "0:0:0:0:0:0:0:1",
    "::ffff:127.0.0.1",
    "localhost",
    "LOCALHOST",
  ])("%p is loopback", (value) => {
    expect(mcpAccess(listenHost(value), undefined).loopback).toBe(true);
    expect(readSettings({ HOST: value }).mcpAccess.loopback).toBe(true);
  });

  test.each([undefined, ""])("%p (the default) is", (value) => {
    expect(readSettings({ HOST: value }).mcpAccess.loopback).toBe(true);
  });

  test.each([
    "0.0.0.0",
    "::",
    "10.0.0.1",
    "128.0.0.1",
    "fe80::1:2",
    "::ffff:10.0.0.1",
    "api.example.internal",
    "localhost.example",
  ])("%p is not", (value) => {
    expect(mcpAccess(listenHost(value), undefined).loopback).toBe(false);
  });
});

describe("MCP_ALLOWED_ORIGINS", () => {
  test.each([undefined, "", "  ", " , "])("%p: no origin but the deployment's own (the default)", (value) => {
    expect(mcpAllowedOrigins(value)).toEqual([]);
  });

  test.each([
    ["https://app.example.com", ["https://app.example.com"]],
    [" https://app.example.com , http://localhost:5173 ", ["https://app.example.com", "http://localhost:5173"]],
    ["HTTPS://App.Example.COM:443/", ["https://app.example.com"]],
    ["http://[::1]:8080,http://127.0.0.1:8080", ["http://[::1]:8080", "http://127.0.0.1:8080"]],
    ["https://a.example,https://a.example/", ["https://a.example"]],
  ])("%p: %p", (value, origins) => {
    expect(mcpAllowedOrigins(value)).toEqual(origins);
  });

  test.each(["*", " * ", "https://app.example.com,*"])("%p: any origin", (value) => {
    expect(mcpAllowedOrigins(value)).toBe("*");
  });

  test.each([
    ["app.example.com", "app.example.com"],
    ["https://app.example.com/path", "https://app.example.com/path"],
    ["https://app.example.com?x=1", "https://app.example.com?x=1"],
    ["https://app.example.com#top", "https://app.example.com#top"],
    ["https://user@app.example.com", "https://user@app.example.com"],
    ["ftp://files.example.com", "ftp://files.example.com"],
    ["chrome-extension://abcdef", "chrome-extension://abcdef"],
    ["null", "null"],
    ["https://", "https://"],
    ["https://ok.example, http://bad host", "http://bad host"],
  ])("%p is refused, naming the setting and the entry", (value, entry) => {
    expect(() => mcpAllowedOrigins(value)).toThrow(SettingError);
    expect(() => mcpAllowedOrigins(value)).toThrow(
      `MCP_ALLOWED_ORIGINS must be comma-separated origins (https://app.example.com, http://localhost:5173) or *; ${JSON.stringify(entry)} is not an origin`,
    );
    expect(() => readSettings({ MCP_ALLOWED_ORIGINS: value })).toThrow(SettingError);
  });
});

describe("MCP_ALLOWED_HOSTS", () => {
  test.each([undefined, "", "  ", " , "])("%p: none besides the rule's own (the default)", (value) => {
    expect(mcpAllowedHosts(value)).toEqual([]);
  });

  test.each([
    ["mcp.example.com", ["mcp.example.com"]],
    [" MCP.Example.com , box.local. ", ["mcp.example.com", "box.local"]],
  ])("%p: %p, lower case", (value, names) => {
    expect(mcpAllowedHosts(value)).toEqual(names);
  });

  test.each(["*", "box.local, *"])("%p: any host", (value) => {
    expect(mcpAllowedHosts(value)).toBe("*");
  });

  test.each(["https://mcp.example.com", "mcp.example.com:8080", "10.0.0.1", "bad host", "under_score.example"])(
    "%p is refused, naming the setting and the entry",
    (value) => {
      expect(() => mcpAllowedHosts(value)).toThrow(
        `MCP_ALLOWED_HOSTS must be comma-separated host names (mcp.example.com, box.local) or *; ${JSON.stringify(value)} is not a host name`,
      );
      expect(() => readSettings({ MCP_ALLOWED_HOSTS: value })).toThrow(SettingError);
    },
  );

  test("HOST's own name joins the names; an address does not", () => {
    expect(readSettings({ HOST: "box.local", MCP_ALLOWED_HOSTS: "mcp.example.com" }).mcpAccess.allowedHosts).toEqual([
      "box.local",
      "mcp.example.com",
    ]);
    expect(readSettings({ HOST: "0.0.0.0" }).mcpAccess.allowedHosts).toEqual([]);
    expect(readSettings({ HOST: "::", MCP_ALLOWED_HOSTS: "*" }).mcpAccess.allowedHosts).toBe("*");
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
