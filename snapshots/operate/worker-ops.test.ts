/**
 * The Worker's operating options (api/workers/bindings.ts): LOG and the rate limit through a Workers
 * rate limiting binding (D23), in process with a stand-in binding: RATE_LIMIT states the policy,
 * the binding decides, CF-Connecting-IP is the client, and a RATE_LIMIT that cannot be used is
 * reported and limits nothing. Seals: the SIGNING_KEY secret, and without it seals
 * off, said once. The binding's local emulation runs in the operating suite
 * (runtimes/workerd.e2e.test.ts).
 */
import { describe, expect, spyOn, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type RateLimitBinding, workerSettings } from "../../api/workers/bindings.ts";
import worker, { type WorkerEnv } from "../../api/workers/worker.ts";
import { kidOf, publicJwk } from "../../keys/ed25519-keys.ts";
import { ROOT } from "../../scripts/harness/live-server.ts";
import { TEST_JWKS, TEST_KID, TEST_SIGNING_JWK } from "../../scripts/harness/test-key.ts";
import { ENGINE_ROUTES } from "../../shared/protocol/constants.ts";

/** A public key of RFC 8032 §7.1 TEST 2, as an earlier key of a rotation. */
const PREVIOUS_X = "PUAXw-hDiVqStwqnTRt-vJyYLM8uxJaMwM1V8Sr0Zgw";

/** A binding that allows `quota` requests per key and records the keys it was asked about. */
function standIn(quota: number): RateLimitBinding & { keys: string[] } {
  const counts = new Map<string, number>();
  const keys: string[] = [];
  return {
    keys,
    limit: async ({ key }) => {
      keys.push(key);
      const count = (counts.get(key) ?? 0) + 1;
      counts.set(key, count);
      return { success: count <= quota };
    },
  };
}

/** A quote (an engine request, which the limit counts, D23) from `ip`, as Cloudflare's edge names it. */
const from = (ip: string) =>
  new Request("http://worker/api/v0/quote", {
    method: "POST",
    body: JSON.stringify({ action: "create", title: "T", amount: 1, criteria: "C" }),
    headers: { "CF-Connecting-IP": ip },
  });

describe("the rate limit through the binding (D23)", () => {
  test("RATE_LIMIT states the policy, the binding refuses, CF-Connecting-IP is the client", async () => {
    const binding = standIn(2);
    const reports = spyOn(console, "error").mockImplementation(() => {});
    const env: WorkerEnv = { LOG: "off", RATE_LIMIT: "2/60", RATE_LIMITER: binding, SEALS: "off" };
    const handler = (request: Request) => worker.fetch(request, env, { waitUntil: () => {} });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await handler(from("203.0.113.7"))).status);
    expect(statuses).toEqual([200, 200, 429]);
    const refusal = await handler(from("203.0.113.7"));
    expect(refusal.headers.get("ratelimit-policy")).toBe('"default";q=2;w=60');
    // The binding says nothing of what is left or when its window ends: a whole window to wait.
    expect(refusal.headers.get("ratelimit")).toBeNull();
    expect(refusal.headers.get("retry-after")).toBe("60");
    expect((await refusal.json()).error).toBe("rate_limited");
    expect((await handler(from("198.51.100.1"))).status).toBe(200);
    expect(new Set(binding.keys)).toEqual(new Set(["203.0.113.7", "198.51.100.1"]));
    expect(reports).not.toHaveBeenCalled();
    reports.mockRestore();
  });

  test("past the limit the documents and the key set still answer, and the binding is not asked about them", async () => {
    const binding = standIn(1);
    const env: WorkerEnv = { LOG: "off", RATE_LIMIT: "1/60", RATE_LIMITER: binding, SEALS: "off" };
    const handler = (request: Request) => worker.fetch(request, env, { waitUntil: () => {} });
    expect((await handler(from("203.0.113.9"))).status).toBe(200);
    expect((await handler(from("203.0.113.9"))).status).toBe(429);
    for (const path of ["/api/settlement.json", "/SETTLEMENT.md", "/llms.txt", "/.well-known/jwks.json"]) {
      const answer = await handler(
        new Request(`http://worker${path}`, { headers: { "CF-Connecting-IP": "203.0.113.9" } }),
      );
      expect(answer.status, path).toBe(200);
      expect(answer.headers.get("ratelimit-policy"), path).toBeNull();
    }
    expect(binding.keys).toEqual(["203.0.113.9", "203.0.113.9"]);
  });

  test.each([
    [
      { RATE_LIMIT: "lots", RATE_LIMITER: standIn(1) },
      'RATE_LIMIT must be <requests>/<seconds> (e.g. 100/60); got "lots": no limit.',
    ],
    [{ RATE_LIMIT: "5/60" }, "RATE_LIMIT needs the RATE_LIMITER binding (wrangler.jsonc): no limit."],
  ])("%o is reported and limits nothing", async (env, message) => {
    const reports: string[] = [];
    const settings = workerSettings({ LOG: "off", SEALS: "off", ...env }, (m) => reports.push(m));
    expect(reports).toEqual([message]);
    expect(settings.rateLimit).toBeNull();
  });

  test("unset, blank or off: no limiter, nothing reported, even with the binding", () => {
    for (const RATE_LIMIT of [undefined, "", " off "]) {
      const reports: string[] = [];
      const env = { RATE_LIMIT, RATE_LIMITER: standIn(1), SEALS: "off" };
      expect(workerSettings(env, (m) => reports.push(m)).rateLimit).toBeNull();
      expect(reports).toEqual([]);
    }
  });
});

describe("LOG on the Worker", () => {
  test("off unless on", () => {
    expect(workerSettings({ LOG: "on" }, () => {}).log).toBe(true);
    expect(workerSettings({ LOG: " ON " }, () => {}).log).toBe(true);
    expect(workerSettings({}, () => {}).log).toBe(false);
    expect(workerSettings({ LOG: "off" }, () => {}).log).toBe(false);
  });

  test("on: one access-log line per request through console.log; off: none", async () => {
    const lines = spyOn(console, "log").mockImplementation(() => {});
    try {
      await worker.fetch(new Request("http://worker/api/health.json"), { LOG: "on" }, { waitUntil: () => {} });
      expect(lines).toHaveBeenCalledTimes(1);
      expect(JSON.parse(lines.mock.calls[0]![0] as string)).toMatchObject({ path: "/api/health.json", status: 200 });
      await worker.fetch(new Request("http://worker/api/health.json"), { LOG: "off" }, { waitUntil: () => {} });
      expect(lines).toHaveBeenCalledTimes(1);
    } finally {
      lines.mockRestore();
    }
  });

  test("wrangler.jsonc deploys it off", () => {
    expect(readFileSync(join(ROOT, "wrangler.jsonc"), "utf8")).toContain('"LOG": "off"');
  });
});

test("wrangler.jsonc's commented rate limit: the binding's limit and period are RATE_LIMIT's", () => {
  const config = readFileSync(join(ROOT, "wrangler.jsonc"), "utf8");
  const rate = /\/\/ "RATE_LIMIT": "(\d+)\/(\d+)"/.exec(config);
  const binding = /"name": "RATE_LIMITER".*"limit": (\d+), "period": (\d+)/.exec(config);
  expect(rate?.slice(1)).toEqual(binding!.slice(1));
});

describe("/mcp on the Worker: who may reach it", () => {
  const ask = (env: WorkerEnv, headers: Record<string, string>) =>
    worker.fetch(new Request("https://escrow.example/mcp", { method: "OPTIONS", headers }), env, {
      waitUntil: () => {},
    });

  test("a deployed Worker is never on loopback; the local runner's loopback HOST says it is", () => {
    expect(workerSettings({}, () => {}).mcpAccess).toEqual({ loopback: false, allowedOrigins: [], allowedHosts: "*" });
    expect(workerSettings({ HOST: "0.0.0.0" }, () => {}).mcpAccess.loopback).toBe(false);
    expect(workerSettings({ HOST: "127.0.0.1" }, () => {}).mcpAccess.loopback).toBe(true);
    expect(workerSettings({ HOST: "::1" }, () => {}).mcpAccess.loopback).toBe(true);
  });

  test("MCP_ALLOWED_HOSTS: none checked on Cloudflare unless set; the local runner checks as Bun does", () => {
    const reports: string[] = [];
    const hosts = (env: Record<string, string>) => workerSettings(env, (m) => reports.push(m)).mcpAccess.allowedHosts;
    expect(hosts({ HOST: "0.0.0.0" })).toEqual([]);
    expect(hosts({ MCP_ALLOWED_HOSTS: " MCP.example.com, box.local., https://bad.example " })).toEqual([
      "mcp.example.com",
      "box.local",
    ]);
    expect(reports.filter((m) => m.startsWith("MCP_ALLOWED_HOSTS"))).toEqual([
      'MCP_ALLOWED_HOSTS: "https://bad.example" is not a host name: left out.',
    ]);
    expect(hosts({ MCP_ALLOWED_HOSTS: "a.example,*" })).toBe("*");
  });

  test("MCP_ALLOWED_ORIGINS as on Bun; an entry that is not an origin is reported and left out", () => {
    const reports: string[] = [];
    const settings = workerSettings(
      { MCP_ALLOWED_ORIGINS: " https://app.example.com, app.example.org ,http://localhost:5173/", SEALS: "off" },
      (m) => reports.push(m),
    );
    expect(settings.mcpAccess.allowedOrigins).toEqual(["https://app.example.com", "http://localhost:5173"]);
    expect(reports).toEqual([
      'MCP_ALLOWED_ORIGINS: "app.example.org" is not an origin (https://app.example.com): left out.',
    ]);
    expect(workerSettings({ MCP_ALLOWED_ORIGINS: "https://a.example, *" }, () => {}).mcpAccess.allowedOrigins).toBe(
      "*",
    );
  });

  test("the Worker refuses a foreign page and lets its own, an allowed one and an agent in", async () => {
    const env: WorkerEnv = {
      LOG: "off",
      SITE_URL: "https://escrow.example",
      MCP_ALLOWED_ORIGINS: "https://app.example",
    };
    expect((await ask(env, { Origin: "https://evil.example" })).status).toBe(403);
    expect((await ask(env, { Origin: "https://escrow.example" })).status).toBe(204);
    expect((await ask(env, { Origin: "https://app.example" })).status).toBe(204);
    expect((await ask(env, {})).status).toBe(204);
    // Through the local runner on loopback: a request addressed to another name is refused.
    const local: WorkerEnv = { LOG: "off", HOST: "127.0.0.1" };
    expect((await ask(local, {})).status).toBe(403);
    expect((await ask(local, { Host: "127.0.0.1:8787" })).status).toBe(204);
  });
});

describe("seals on the Worker: SIGNING_KEY as a secret, SIGNING_PREVIOUS_KEYS and SEALS as vars", () => {
  const KEY = JSON.stringify(TEST_SIGNING_JWK);
  const keySet = async (env: WorkerEnv) =>
    (
      await worker.fetch(new Request("https://escrow.example/.well-known/jwks.json"), env, { waitUntil: () => {} })
    ).json();

  test("with the secret: seals on, and the key set Bun serves for the same key", async () => {
    const reports: string[] = [];
    const settings = workerSettings({ SIGNING_KEY: KEY }, (m) => reports.push(m));
    expect(reports).toEqual([]);
    expect(settings.signing.seals).toBe("on");
    expect(kidOf(settings.signing.key!)).toBe(TEST_KID);
    expect(await keySet({ LOG: "off", SIGNING_KEY: KEY })).toEqual(TEST_JWKS);
    const previous = JSON.stringify([{ kty: "OKP", crv: "Ed25519", x: PREVIOUS_X }]);
    const rotated = workerSettings({ SIGNING_KEY: KEY, SEALS: "required", SIGNING_PREVIOUS_KEYS: previous }, () => {});
    expect(rotated.signing).toMatchObject({ seals: "required", previous: [publicJwk(PREVIOUS_X)] });
  });

  test("without it: seals off and an empty key set, said once per isolate in the log", async () => {
    const reports = spyOn(console, "error").mockImplementation(() => {});
    try {
      const env: WorkerEnv = { LOG: "off", SITE_URL: "https://no-key.example" };
      expect(await keySet(env)).toEqual({ keys: [] });
      expect(await keySet(env)).toEqual({ keys: [] });
      expect(reports).toHaveBeenCalledTimes(1);
      expect(reports.mock.calls[0]![0]).toStartWith("No SIGNING_KEY secret: seals and receipt signatures are off");
    } finally {
      reports.mockRestore();
    }
    const quiet: string[] = [];
    expect(workerSettings({ SEALS: "off" }, (m) => quiet.push(m)).signing.seals).toBe("off");
    expect(quiet).toEqual([]);
  });

  test("a secret that is not an Ed25519 private key is reported without quoting it; seals are off", () => {
    const reports: string[] = [];
    const bad = JSON.stringify({ kty: "OKP", crv: "Ed25519", d: `${TEST_SIGNING_JWK.d}AAAA` });
    const settings = workerSettings({ SIGNING_KEY: bad }, (m) => reports.push(m));
    expect(settings.signing).toMatchObject({ seals: "off", key: null });
    expect(reports).toEqual([
      `SIGNING_KEY's "d" is not 32 bytes of base64url, as an Ed25519 private key's is. Seals and receipt signatures are off.`,
    ]);
    expect(reports.join()).not.toContain(TEST_SIGNING_JWK.d);
  });

  test("a SEALS or SIGNING_PREVIOUS_KEYS it cannot read is reported: seals act as required, no previous key is published", () => {
    const reports: string[] = [];
    const settings = workerSettings({ SIGNING_KEY: KEY, SEALS: "strict", SIGNING_PREVIOUS_KEYS: "[{" }, (m) =>
      reports.push(m),
    );
    expect(settings.signing).toMatchObject({ seals: "required", previous: [] });
    expect(reports).toEqual([
      'SEALS must be on, required or off; got "strict". Seals act as required, as a setting meant to fail closed must (D27).',
      'SIGNING_PREVIOUS_KEYS is not valid JSON; it must be a JSON array of Ed25519 JWKs, or a JWKS ({"keys":[...]}). No previous key is published.',
    ]);
  });

  // Bun, Node, Deno and `bun run api:workers` refuse to start on it (runtimes/operate-suite.ts); a
  // deployed Worker cannot refuse, so it fails closed: a SEALS meant as required never leaves
  // forged jobs funded.
  const engine = (env: WorkerEnv, route: string, body: object) =>
    worker.fetch(new Request(`${env.SITE_URL}/api/v0/${route}`, { method: "POST", body: JSON.stringify(body) }), env, {
      waitUntil: () => {},
    });
  const FORGED = {
    id: "as_0123456789",
    title: "Forged",
    amount: 100,
    criteria: "None",
    proofUrl: "",
    status: "open",
    createdAt: "2026-01-01T00:00:00.000Z",
  };

  test("a misspelt SEALS without a key: every engine answers 503 seals_unavailable, and the log says why", async () => {
    const reports = spyOn(console, "error").mockImplementation(() => {});
    try {
      const env: WorkerEnv = { LOG: "off", SEALS: "requierd", SITE_URL: "https://misspelt-no-key.example" };
      for (const route of ENGINE_ROUTES) {
        const answer = await engine(env, route, { action: "fund", job: FORGED, payer_credits: 1000 });
        expect(answer.status, route).toBe(503);
        expect(await answer.json(), route).toMatchObject({ ok: false, error: "seals_unavailable" });
      }
      expect(reports.mock.calls.map((call) => String(call[0]))).toEqual([
        'SEALS must be on, required or off; got "requierd". Seals act as required, as a setting meant to fail closed must (D27).',
        "No SIGNING_KEY secret under SEALS=required: every engine request answers 503 seals_unavailable until `wrangler secret put SIGNING_KEY` sets one (docs/runtimes.md).",
      ]);
    } finally {
      reports.mockRestore();
    }
  });

  test("a misspelt SEALS with a key: required, so a forged job is refused and a sealed walk goes on", async () => {
    const reports = spyOn(console, "error").mockImplementation(() => {});
    try {
      const env: WorkerEnv = { LOG: "off", SEALS: " Require ", SIGNING_KEY: KEY, SITE_URL: "https://misspelt.example" };
      const forged = await engine(env, "transition", { action: "fund", job: FORGED, payer_credits: 1000 });
      expect(forged.status).toBe(400);
      expect(await forged.json()).toMatchObject({ error: "missing_field", field: "job.seal" });
      const created = await (
        await engine(env, "transition", { action: "create", title: "T", amount: 1, criteria: "C" })
      ).json();
      const funded = await engine(env, "transition", { action: "fund", job: created.job, payer_credits: 1 });
      expect(funded.status).toBe(200);
      expect(reports).toHaveBeenCalledTimes(1);
    } finally {
      reports.mockRestore();
    }
  });

  test("a previous key that says it is no EdDSA verification key is reported and left out of the key set", async () => {
    for (const members of [{ use: "enc" }, { alg: "ES256" }, { key_ops: ["sign"] }]) {
      const previous = JSON.stringify([{ kty: "OKP", crv: "Ed25519", x: PREVIOUS_X, ...members }]);
      const reports: string[] = [];
      const settings = workerSettings({ SIGNING_KEY: KEY, SIGNING_PREVIOUS_KEYS: previous }, (m) => reports.push(m));
      expect(settings.signing).toMatchObject({ seals: "on", previous: [] });
      expect(reports).toHaveLength(1);
      expect(reports[0]).toStartWith("SIGNING_PREVIOUS_KEYS[0]'s ");
      expect(reports[0]).toEndWith(" No previous key is published.");
      const quiet = spyOn(console, "error").mockImplementation(() => {});
      try {
        const env = { LOG: "off", SIGNING_KEY: KEY, SIGNING_PREVIOUS_KEYS: previous };
        expect(await keySet(env)).toEqual(TEST_JWKS);
      } finally {
        quiet.mockRestore();
      }
    }
  });

  test("SEALS=required without a usable key fails closed: every engine answers 503 seals_unavailable, documents stay up", async () => {
    const reports = spyOn(console, "error").mockImplementation(() => {});
    try {
      for (const env of [
        { LOG: "off", SEALS: "required", SITE_URL: "https://required-no-key.example" },
        { LOG: "off", SEALS: "required", SIGNING_KEY: "not a key", SITE_URL: "https://required-bad-key.example" },
      ] satisfies WorkerEnv[]) {
        expect(workerSettings(env, () => {}).signing).toMatchObject({ seals: "required", key: null });
        for (const route of ENGINE_ROUTES) {
          const request = new Request(`${env.SITE_URL}/api/v0/${route}`, {
            method: "POST",
            body: JSON.stringify({ action: "create", title: "T", amount: 1, criteria: "C" }),
          });
          const answer = await worker.fetch(request, env, { waitUntil: () => {} });
          expect(answer.status, route).toBe(503);
          expect(await answer.json(), route).toMatchObject({ ok: false, error: "seals_unavailable" });
        }
        expect(await keySet(env)).toEqual({ keys: [] });
        const health = await worker.fetch(new Request(`${env.SITE_URL}/api/health.json`), env, { waitUntil: () => {} });
        expect(health.status).toBe(200);
      }
      const said = reports.mock.calls.map((call) => String(call[0]));
      expect(said[0]).toBe(
        "No SIGNING_KEY secret under SEALS=required: every engine request answers 503 seals_unavailable until `wrangler secret put SIGNING_KEY` sets one (docs/runtimes.md).",
      );
      expect(said[1]).toBe(
        'SIGNING_KEY must be an Ed25519 private key as a JWK ({"kty":"OKP","crv":"Ed25519","d":"...","x":"..."}) or a PKCS#8 PEM; it is neither. SEALS=required: every engine request answers 503 seals_unavailable until a usable SIGNING_KEY is set.',
      );
    } finally {
      reports.mockRestore();
    }
  });

  test("wrangler.jsonc binds no key: SIGNING_KEY is a secret, and the key set's path goes to the Worker", () => {
    const config = readFileSync(join(ROOT, "wrangler.jsonc"), "utf8");
    expect(config).not.toMatch(/^\s*"SIGNING_KEY"/m);
    expect(config).toContain('"/.well-known/jwks.json"');
  });
});
