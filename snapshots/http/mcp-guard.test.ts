/**
 * Who may reach /mcp (shared/mcp/http/guard.ts), as the MCP Streamable HTTP transport requires:
 * on loopback a request must be addressed to this machine and come from no foreign page; on a
 * public address a page must be the deployment's own or an allowed one; an agent (no Origin)
 * passes. The refusal's status, body and headers; the SDK's own checks agree where both apply;
 * and the service applies the guard to /mcp only. The live servers meet the conformance suite's
 * dns-rebinding-protection scenario in snapshots/mcp/conformance.e2e.test.ts.
 */
import { describe, expect, test } from "bun:test";
import {
  localhostAllowedHostnames,
  localhostAllowedOrigins,
  validateHostHeader,
  validateOriginHeader,
} from "@modelcontextprotocol/server";
import { EXPOSE_HEADERS } from "../../shared/http/cors.ts";
import { createService } from "../../shared/http/service.ts";
import { MCP_CORS } from "../../shared/mcp/http/cors-and-errors.ts";
import { isLoopbackAddress, isLoopbackHostname, type McpGuardPolicy, mcpGuard } from "../../shared/mcp/http/guard.ts";
import { fixedContext, NOW } from "../support/helpers.ts";

const LOOPBACK: McpGuardPolicy = { loopback: true, allowedOrigins: [], siteUrl: "http://localhost:3000" };
const PUBLIC: McpGuardPolicy = { loopback: false, allowedOrigins: [], siteUrl: "https://escrow.example" };

/** A POST to `url` with `headers` (Host among them when given), as a runtime hands it over. */
const request = (url: string, headers: Record<string, string> = {}, method = "POST"): Request =>
  new Request(url, { method, headers, ...(method === "POST" && { body: "{}" }) });

/** True when the guard of `policy` lets the request through. */
const passes = (policy: McpGuardPolicy, headers: Record<string, string>, url = "http://127.0.0.1:3000/mcp") =>
  mcpGuard(policy)(request(url, headers)) === undefined;

describe("on loopback: Host must name this machine", () => {
  test.each([
    "localhost",
    "localhost:3000",
    "LOCALHOST:3000",
    "127.0.0.1",
    "127.0.0.1:8080",
    "127.1.2.3:80",
    "[::1]",
    "[::1]:3000",
    "[0:0:0:0:0:0:0:1]:3000",
    "[::ffff:127.0.0.1]:3000",
  ])("Host %p is accepted", (host) => {
    expect(passes(LOOPBACK, { Host: host })).toBe(true);
  });

  test.each([
    "evil.example.com",
    "evil.example.com:3000",
    "127.0.0.1.evil.example",
    "localhost.evil.example",
    "10.0.0.1:3000",
    "0.0.0.0:3000",
    "[::2]:3000",
    "[::ffff:10.0.0.1]",
    "localhost@evil.example",
    "evil.example/localhost",
    "[::1",
    "",
  ])("Host %p is refused", (host) => {
    expect(passes(LOOPBACK, { Host: host })).toBe(false);
  });

  test("SITE_URL's host is accepted too (a proxy in front that keeps the public Host)", () => {
    const behindProxy = { ...LOOPBACK, siteUrl: "https://escrow.example" };
    expect(passes(behindProxy, { Host: "escrow.example" })).toBe(true);
    expect(passes(behindProxy, { Host: "escrow.example", Origin: "https://escrow.example" })).toBe(true);
    expect(passes(behindProxy, { Host: "other.example" })).toBe(false);
  });

  test("without a Host header, the request URL's host is judged", () => {
    expect(mcpGuard(LOOPBACK)(request("http://localhost:3000/mcp"))).toBeUndefined();
    expect(mcpGuard(LOOPBACK)(request("http://evil.example:3000/mcp"))?.status).toBe(403);
  });

  test("every method is judged, the preflight too", () => {
    for (const method of ["POST", "GET", "DELETE", "OPTIONS"]) {
      expect(mcpGuard(LOOPBACK)(request("http://evil.example/mcp", {}, method))?.status, method).toBe(403);
      expect(mcpGuard(LOOPBACK)(request("http://localhost/mcp", {}, method)), method).toBeUndefined();
    }
  });
});

describe("on loopback: an Origin must be a loopback page (or SITE_URL's, or allowed)", () => {
  test.each([
    "http://localhost:6274",
    "https://localhost",
    "http://127.0.0.1:3000",
    "http://127.0.0.5",
    "http://[::1]:3000",
    "http://localhost:3000",
  ])("Origin %p is accepted", (origin) => {
    expect(passes(LOOPBACK, { Host: "127.0.0.1:3000", Origin: origin })).toBe(true);
  });

  test.each([
    "http://evil.example.com",
    "http://localhost.evil.example",
    "http://127.0.0.1.evil.example",
    "null",
    "file://",
    "chrome-extension://abcdef",
    "not an origin",
  ])("Origin %p is refused", (origin) => {
    expect(passes(LOOPBACK, { Host: "127.0.0.1:3000", Origin: origin })).toBe(false);
  });

  test("an allowed origin is accepted; * accepts any, yet Host is still checked", () => {
    const allowed = { ...LOOPBACK, allowedOrigins: ["https://app.example"] };
    expect(passes(allowed, { Host: "localhost", Origin: "https://app.example" })).toBe(true);
    expect(passes(allowed, { Host: "localhost", Origin: "https://other.example" })).toBe(false);
    const any = { ...LOOPBACK, allowedOrigins: "*" as const };
    expect(passes(any, { Host: "localhost", Origin: "https://other.example" })).toBe(true);
    expect(passes(any, { Host: "localhost", Origin: "null" })).toBe(true);
    expect(passes(any, { Host: "evil.example", Origin: "http://evil.example" })).toBe(false);
  });

  test("no Origin, or an empty one (an agent, not a page), passes", () => {
    expect(passes(LOOPBACK, { Host: "localhost" })).toBe(true);
    expect(passes(LOOPBACK, { Host: "localhost", Origin: "" })).toBe(true);
  });
});

describe("on a public address: Host is free, an Origin must be the deployment's own or allowed", () => {
  const at = "https://escrow.example/mcp";

  test("any Host passes without an Origin (an agent)", () => {
    for (const host of ["escrow.example", "203.0.113.5:3000", "evil.example", "localhost"])
      expect(passes(PUBLIC, { Host: host }, at), host).toBe(true);
  });

  test.each([
    ["SITE_URL's origin", "https://escrow.example", {}],
    ["SITE_URL's origin, written otherwise", "HTTPS://Escrow.Example:443", {}],
    ["the request's own origin", "http://203.0.113.5:3000", { Host: "203.0.113.5:3000" }],
    ["the request's own host over https (a proxy that ends TLS)", "https://api.example", { Host: "api.example" }],
  ])("%s is accepted", (_name, origin, headers) => {
    expect(passes(PUBLIC, { ...headers, Origin: origin }, at)).toBe(true);
  });

  test.each([
    ["a foreign page", "https://evil.example", {}],
    ["a name that ends like SITE_URL's", "https://evil-escrow.example", {}],
    ["SITE_URL's host as a subdomain", "https://escrow.example.evil.example", {}],
    ["SITE_URL's host on another port", "https://escrow.example:8443", {}],
    ["the request's host on another port", "http://203.0.113.5:4000", { Host: "203.0.113.5:3000" }],
    ["a loopback page (only loopback's rule lets them)", "http://localhost:3000", {}],
    ["the opaque origin", "null", {}],
    ["a value that is no origin", "escrow.example", {}],
  ])("%s is refused", (_name, origin, headers) => {
    expect(passes(PUBLIC, { ...headers, Origin: origin }, at)).toBe(false);
  });

  test("MCP_ALLOWED_ORIGINS: an exact origin, scheme and port included; * accepts any", () => {
    const allowed = { ...PUBLIC, allowedOrigins: ["https://app.example", "http://localhost:5173"] };
    expect(passes(allowed, { Origin: "https://app.example" }, at)).toBe(true);
    expect(passes(allowed, { Origin: "http://localhost:5173" }, at)).toBe(true);
    expect(passes(allowed, { Origin: "http://app.example" }, at)).toBe(false);
    expect(passes(allowed, { Origin: "https://app.example:444" }, at)).toBe(false);
    expect(passes(allowed, { Origin: "http://localhost:5174" }, at)).toBe(false);
    const any = { ...PUBLIC, allowedOrigins: "*" as const };
    for (const origin of ["https://evil.example", "null", "http://localhost"])
      expect(passes(any, { Origin: origin }, at), origin).toBe(true);
  });

  test("the default policy is the public rule with no allowed origin and no SITE_URL", () => {
    expect(mcpGuard()(request(at, { Origin: "https://escrow.example" }))).toBeUndefined();
    expect(mcpGuard()(request(at, { Origin: "https://evil.example" }))?.status).toBe(403);
    expect(mcpGuard()(request("http://evil.example/mcp", { Host: "evil.example" }))).toBeUndefined();
  });
});

describe("on any other address a host listens on (HOST 0.0.0.0, ::, a LAN address): Host must not be a rebound name", () => {
  const EVERY: McpGuardPolicy = { ...PUBLIC, allowedHosts: ["box.local"] };
  const at = "http://0.0.0.0:3000/mcp";

  test.each([
    "203.0.113.5:3000",
    "10.0.0.1",
    "[2001:db8::1]:3000",
    "localhost:3000",
    "127.0.0.1",
    "escrow.example",
    "BOX.local:3000",
  ])("Host %p is accepted: an address, this machine, SITE_URL's host or an allowed name", (host) => {
    expect(passes(EVERY, { Host: host }, at)).toBe(true);
  });

  test.each(["evil.example", "evil.example:3000", "box.local.evil.example", "escrow.example.evil.example", ""])(
    "Host %p is refused, with an Origin or without",
    (host) => {
      expect(passes(EVERY, { Host: host }, at)).toBe(false);
      expect(passes(EVERY, { Host: host, Origin: `http://${host}` }, at)).toBe(false);
    },
  );

  test("MCP_ALLOWED_HOSTS=* checks no Host; the Origin rule still holds", () => {
    const any = { ...PUBLIC, allowedHosts: "*" as const };
    expect(passes(any, { Host: "evil.example" }, at)).toBe(true);
    expect(passes(any, { Host: "evil.example", Origin: "https://other.example" }, at)).toBe(false);
  });

  test("the refusal says what is answered and what to set", async () => {
    const answer = mcpGuard(EVERY)(request(at, { Host: "evil.example:3000", Origin: "http://evil.example:3000" }))!;
    expect(answer.status).toBe(403);
    expect((await answer.json()).error.message).toBe(
      'Host "evil.example:3000" is refused: /mcp answers only requests addressed to an IP address, to localhost, to SITE_URL\'s host (https://escrow.example) or to a name in MCP_ALLOWED_HOSTS, which keeps web pages from reaching it through DNS rebinding. To serve this name, set SITE_URL to its origin or add it to MCP_ALLOWED_HOSTS (comma-separated names; * allows any).',
    );
  });
});

describe("the refusal", () => {
  test("403 with a JSON-RPC error, no id, and the CORS headers of every /mcp answer", async () => {
    const answer = mcpGuard(LOOPBACK)(request("http://127.0.0.1/mcp", { Host: "evil.example:3000" }))!;
    expect(answer.status).toBe(403);
    expect(Object.fromEntries(answer.headers)).toEqual({
      "content-type": "application/json",
      "access-control-allow-origin": "*",
      "access-control-expose-headers": `${EXPOSE_HEADERS}, Mcp-Session-Id, Mcp-Protocol-Version`,
      "cache-control": "no-store",
    });
    expect(MCP_CORS["Access-Control-Allow-Origin"]).toBe("*");
    const body = await answer.json();
    expect(body).toEqual({ jsonrpc: "2.0", error: { code: -32000, message: expect.any(String) }, id: null });
  });

  test("the messages say what was refused and what to set", async () => {
    const message = async (policy: McpGuardPolicy, url: string, headers: Record<string, string>) =>
      (await mcpGuard(policy)(request(url, headers))!.json()).error.message;
    expect({
      host: await message(LOOPBACK, "http://127.0.0.1/mcp", { Host: "evil.example:3000" }),
      originOnLoopback: await message(LOOPBACK, "http://127.0.0.1/mcp", { Origin: "http://evil.example" }),
      originOnPublic: await message(PUBLIC, "https://escrow.example/mcp", { Origin: "https://evil.example" }),
      long: await message(PUBLIC, "https://escrow.example/mcp", { Origin: `https://${"x".repeat(300)}.example` }),
    }).toMatchSnapshot();
  });
});

describe("the SDK's own checks agree", () => {
  const HOSTS = [
    "localhost",
    "localhost:3000",
    "127.0.0.1:3000",
    "[::1]:3000",
    "127.0.0.2",
    "[::ffff:127.0.0.1]",
    "evil.example",
    "localhost.evil.example:3000",
    "10.0.0.1",
    "[::2]",
  ];
  const ORIGINS = [
    "http://localhost:6274",
    "https://127.0.0.1",
    "http://[::1]:3000",
    "http://127.0.0.9",
    "http://evil.example",
    "http://localhost.evil.example",
    "null",
    "not an origin",
  ];

  test("a Host validateHostHeader accepts, the guard accepts; beyond it only 127.0.0.0/8 and IPv4-mapped", () => {
    const guard = mcpGuard({ loopback: true });
    for (const host of HOSTS) {
      const sdk = validateHostHeader(host, localhostAllowedHostnames());
      const ours = guard(request("http://127.0.0.1/mcp", { Host: host })) === undefined;
      if (sdk.ok) expect(ours, host).toBe(true);
      else expect(ours, host).toBe(sdk.errorCode === "invalid_host" && /^(127\.|\[::ffff:7f)/.test(sdk.hostname!));
    }
  });

  test("an Origin validateOriginHeader accepts, the guard accepts; beyond it only 127.0.0.0/8", () => {
    const guard = mcpGuard({ loopback: true });
    for (const origin of ORIGINS) {
      const sdk = validateOriginHeader(origin, localhostAllowedOrigins());
      const ours = guard(request("http://127.0.0.1/mcp", { Origin: origin })) === undefined;
      if (sdk.ok) expect(ours, origin).toBe(true);
      else expect(ours, origin).toBe(sdk.errorCode === "invalid_origin" && /^127\./.test(sdk.hostname!));
    }
  });
});

describe("loopback names", () => {
  test.each(["localhost", "127.0.0.1", "127.255.0.9", "[::1]", "[::ffff:7f00:1]"])("%p is loopback", (name) => {
    expect(isLoopbackHostname(name)).toBe(true);
  });
  test.each(["localhost.", "127.0.0.1.example", "128.0.0.1", "[::2]", "[::ffff:a00:1]", "example.com"])(
    "%p is not",
    (name) => {
      expect(isLoopbackHostname(name)).toBe(false);
    },
  );
  test("HOST: loopback addresses as listenHost gives them", () => {
    for (const host of ["127.0.0.1", "127.0.0.53", "::1", "0:0:0:0:0:0:0:1", "::ffff:127.0.0.1", "localhost"])
      expect(isLoopbackAddress(host), host).toBe(true);
    for (const host of [undefined, "0.0.0.0", "::", "192.168.1.2", "fe80::1", "example.com"])
      expect(isLoopbackAddress(host), String(host)).toBe(false);
  });
});

describe("the service guards /mcp and nothing else", () => {
  const service = (mcpAccess?: { loopback: boolean; allowedOrigins: readonly string[] | "*" }) =>
    createService({ now: () => NOW, randomHex: fixedContext().randomHex, siteUrl: "http://localhost:3000", mcpAccess });

  test("on loopback, /mcp refuses a rebound Host with the request's id; the engines and documents still answer", async () => {
    const served = service({ loopback: true, allowedOrigins: [] });
    const headers = { Host: "evil.example:3000", "X-Request-Id": "guard-1" };
    const refused = await served.fetch(request("http://evil.example:3000/mcp", headers));
    expect(refused.status).toBe(403);
    expect(refused.headers.get("x-request-id")).toBe("guard-1");
    expect((await refused.json()).error.code).toBe(-32000);
    const health = await served.fetch(new Request("http://evil.example:3000/api/health.json", { headers }));
    expect(health.status).toBe(200);
  });

  test("without mcpAccess, the public rule: a foreign page is refused on /mcp, not on the engines (D17)", async () => {
    const served = service();
    const origin = { Origin: "https://evil.example" };
    expect((await served.fetch(request("http://localhost:3000/mcp", origin))).status).toBe(403);
    const quote = await served.fetch(request("http://localhost:3000/api/v0/quote", origin, "POST"));
    expect(quote.status).not.toBe(403);
    expect(quote.headers.get("access-control-allow-origin")).toBe("*");
  });
});
