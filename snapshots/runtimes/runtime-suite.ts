/**
 * The shared suite every runtime's live server must pass (Bun, Node, Deno, workerd): every
 * engine's success, every error code the wire can give (invalid_json to payload_too_large),
 * every GET document byte-identical to the handler's own (with its ETag and content type), the
 * key set of the signing key it is given (the same bytes on every runtime for the same key), CORS,
 * and the MCP endpoint. Answers are compared with the in-process handler's, with what the clock
 * and random ids make (job ids, times, request ids) masked.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { compactVerify, createLocalJWKSet } from "jose";
import { cryptoRandomHex } from "../../client/in-process.ts";
import { signerFromKeys } from "../../keys/ed25519-keys.ts";
import { readSigningKey } from "../../keys/signing-key.ts";
import { TEST_JWKS, TEST_SIGNING_JWK } from "../../scripts/harness/test-key.ts";
import { DOCUMENT_CATALOG, KEY_SET } from "../../shared/documents/document-list.ts";
import { createHandler } from "../../shared/http/service.ts";
import { ENGINE_ROUTES, type EngineRoute, enginePath } from "../../shared/protocol/constants.ts";
import { ERROR_CATALOG } from "../../shared/protocol/errors.ts";
import { RECEIPT_TYP } from "../../shared/protocol/integrity-members.ts";
import { HELD, JOBS, ROUTE_BODIES } from "../support/fixtures.ts";
import { CREATE, masked, mcpRequest, rpcAnswer } from "../support/helpers.ts";

/** The Signer of the test key (scripts/harness/test-key.ts), built in this process. */
const TEST_SIGNER = signerFromKeys(readSigningKey(JSON.stringify(TEST_SIGNING_JWK)));

/** A running server of some runtime. */
export interface RuntimeServer {
  /** `http://127.0.0.1:<port>` */
  base: string;
  stop(): Promise<void>;
}

/** One request of the suite and the error code it must give (null: a success). */
interface Case {
  name: string;
  path: string;
  init: RequestInit;
  code: string | null;
}

const post = (body: unknown): RequestInit => ({
  method: "POST",
  headers: { "Content-Type": "application/json" },
  body: typeof body === "string" ? body : JSON.stringify(body),
});

/** Every engine's success, then every error code an HTTP client can meet (not internal_error: a bug). */
const CASES: Case[] = [
  ...ENGINE_ROUTES.map((route) => ({
    name: `${route} succeeds`,
    path: enginePath(route),
    init: post(ROUTE_BODIES[route]),
    code: null,
  })),
  { name: "invalid_json", path: "/api/v0/transition", init: post("{"), code: "invalid_json" },
  { name: "invalid_action", path: "/api/v0/quote", init: post({ action: "pay" }), code: "invalid_action" },
  {
    name: "missing_field",
    path: "/api/v0/validate",
    init: post({ action: "create", amount: 5, criteria: "c" }),
    code: "missing_field",
  },
  {
    name: "invalid_field",
    path: "/api/v0/transition",
    init: post({ ...CREATE, action: "create", amount: 0 }),
    code: "invalid_field",
  },
  {
    name: "illegal_transition",
    path: "/api/v0/transition",
    init: post({ action: "release", job: JOBS.open }),
    code: "illegal_transition",
  },
  {
    name: "insufficient_credits",
    path: "/api/v0/quote",
    init: post({ action: "fund", job: JOBS.open, payer_credits: 1 }),
    code: "insufficient_credits",
  },
  {
    name: "hold_expired",
    path: "/api/v0/transition",
    init: post({ action: "release", job: HELD.submitted }),
    code: "hold_expired",
  },
  { name: "method_not_allowed", path: "/api/v0/transition", init: { method: "GET" }, code: "method_not_allowed" },
  { name: "not_found", path: "/no/such/path", init: { method: "GET" }, code: "not_found" },
  {
    name: "payload_too_large",
    path: "/api/v0/validate",
    init: post({ ...CREATE, action: "create", criteria: "x".repeat(70_000) }),
    code: "payload_too_large",
  },
];

export { masked };

/**
 * The suite, against the server `start` gives. Its SITE_URL is unset, so its documents name
 * http://localhost:<its port> (`siteUrl` says otherwise for a runtime that cannot know its port).
 */
export function runtimeSuite(name: string, start: () => Promise<RuntimeServer>, siteUrl?: string): void {
  describe(`${name}: the shared suite`, () => {
    let server: RuntimeServer;
    let local: (request: Request) => Promise<Response>;
    /** The handler with the test key, which every server here signs with (SIGNING_KEY_FILE, live-server.ts). */
    let keyed: (request: Request) => Promise<Response>;
    beforeAll(async () => {
      server = await start();
      local = createHandler({
        now: Date.now,
        randomHex: cryptoRandomHex,
        siteUrl: siteUrl ?? `http://localhost:${new URL(server.base).port}`,
      });
      keyed = createHandler({
        now: Date.now,
        randomHex: cryptoRandomHex,
        sealing: { mode: "on", signer: TEST_SIGNER },
      });
    }, 120_000);
    afterAll(async () => {
      await server?.stop();
    });

    test("every engine succeeds and every error code is answered as the handler with its key answers it", async () => {
      const codes = new Set<string>();
      for (const { name: what, path, init, code } of CASES) {
        const response = await fetch(`${server.base}${path}`, init);
        const expected = await keyed(new Request(`http://localhost${path}`, init));
        expect(response.status, what).toBe(expected.status);
        expect(response.headers.get("content-type"), what).toBe(expected.headers.get("content-type"));
        expect(response.headers.get("access-control-allow-origin"), what).toBe("*");
        const text = await response.text();
        expect(masked(text), what).toBe(masked(await expected.text()));
        if (code !== null) {
          expect(JSON.parse(text).error, what).toBe(code);
          codes.add(code);
        }
      }
      // Every catalog code but a bug's (internal_error), the opt-in limiter's (off by default) and
      // that of SEALS=required without a key (these servers have one; worker-ops.test.ts has it).
      const unmet = ["internal_error", "rate_limited", "seals_unavailable"];
      const meetable = Object.keys(ERROR_CATALOG).filter((code) => !unmet.includes(code));
      expect([...codes].sort()).toEqual(meetable.sort());
    });

    test("every GET document is byte-identical to the handler's, with its content type and ETag", async () => {
      for (const doc of DOCUMENT_CATALOG) {
        for (const path of doc.paths) {
          const response = await fetch(`${server.base}${path}`);
          const expected = await local(new Request(`http://localhost${path}`));
          expect(response.status, path).toBe(200);
          expect(response.headers.get("content-type"), path).toBe(expected.headers.get("content-type"));
          expect(response.headers.get("etag")?.replace(/-(br|gzip)"$/, '"'), path).toBe(
            expected.headers.get("etag") ?? undefined,
          );
          expect(await response.text(), path).toBe(await expected.text());
        }
      }
    });

    test("its seals hold wherever the same key runs, and its receipts verify with jose alone against the served key set", async () => {
      const jwks = await (await fetch(`${server.base}/.well-known/jwks.json`)).json();
      const post = async (route: EngineRoute, body: unknown) =>
        (await fetch(`${server.base}${enginePath(route)}`, { method: "POST", body: JSON.stringify(body) })).json();
      const here = async (route: EngineRoute, body: unknown) =>
        (
          await keyed(
            new Request(`http://localhost${enginePath(route)}`, { method: "POST", body: JSON.stringify(body) }),
          )
        ).json();
      const created = await post("transition", { action: "create", ...CREATE });
      const funded = await post("transition", { action: "fund", job: created.job, payer_credits: 1000 });
      const submitted = await post("transition", {
        action: "submit",
        job: funded.job,
        proof_url: "https://example.com/p",
      });
      // Each job checks at this server and at the handler in this process (the same key, D27).
      const checks = [
        { action: "fund", job: created.job, payer_credits: 1000 },
        { action: "submit", job: funded.job, proof_url: "https://example.com/p" },
        { action: "dispute", job: submitted.job },
      ];
      for (const sent of checks) {
        expect((await post("validate", sent)).seal_valid, sent.action).toBe(true);
        expect((await here("validate", sent)).seal_valid, sent.action).toBe(true);
        expect((await post("validate", { ...sent, job: { ...sent.job, amount: 1 } })).seal_valid, sent.action).toBe(
          false,
        );
      }
      const released = await post("transition", { action: "release", job: submitted.job });
      const { signature, ...rest } = released.receipt;
      const verified = await compactVerify(signature, createLocalJWKSet(jwks), { algorithms: ["EdDSA"] });
      expect(verified.protectedHeader).toEqual({ alg: "EdDSA", kid: TEST_JWKS.keys[0].kid, typ: RECEIPT_TYP });
      expect(JSON.parse(new TextDecoder().decode(verified.payload))).toEqual(rest);
      expect((await here("verify", { receipt: released.receipt })).signature_valid).toBe(true);
      // A job that lost its seal is settled without a signature.
      const { seal: _, ...unsealed } = submitted.job;
      expect((await post("transition", { action: "release", job: unsealed })).receipt).not.toHaveProperty("signature");
    });

    test("GET /.well-known/jwks.json: the key set of its signing key (the test key's file), as the handler serves it", async () => {
      const response = await fetch(`${server.base}${KEY_SET.path}`);
      const expected = await keyed(new Request(`http://localhost${KEY_SET.path}`));
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/jwk-set+json");
      expect(response.headers.get("etag")).toBe(expected.headers.get("etag"));
      expect(response.headers.get("cache-control")).toBe(expected.headers.get("cache-control"));
      const text = await response.text();
      expect(text).toBe(await expected.text());
      expect(JSON.parse(text)).toEqual(TEST_JWKS);
    });

    test("CORS: a preflight on an engine and on a document, and the origin on answers (D17)", async () => {
      for (const [path, methods] of [
        ["/api/v0/transition", "POST, OPTIONS"],
        ["/api/health.json", "GET, HEAD, OPTIONS"],
      ] as const) {
        const response = await fetch(`${server.base}${path}`, { method: "OPTIONS" });
        expect(response.status, path).toBe(204);
        expect(response.headers.get("access-control-allow-origin"), path).toBe("*");
        expect(response.headers.get("access-control-allow-methods"), path).toBe(methods);
      }
    });

    test("HEAD of a document has the GET's headers and no body", async () => {
      const response = await fetch(`${server.base}/api/health.json`, { method: "HEAD" });
      expect(response.status).toBe(200);
      expect(await response.text()).toBe("");
      expect(response.headers.get("etag")).toBeTruthy();
    });

    test.each(["modern", "legacy"] as const)("POST /mcp lists the five engine tools to a %s client", async (era) => {
      const response = await fetch(`${server.base}/mcp`, { method: "POST", ...mcpRequest(era, "tools/list") });
      expect(response.status).toBe(200);
      const names = (await rpcAnswer(response)).result.tools.map((t: { name: string }) => t.name);
      expect(names.sort()).toEqual(ENGINE_ROUTES.map((route) => `escrow_${route}`).sort());
    });
  });
}
