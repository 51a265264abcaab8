/**
 * Rules of SETTLEMENT.md and its decisions that no other suite asserted precisely (a snapshot alone, or an
 * expectation read from the code under test, such as ERROR_CATALOG or TYPES). Every expected
 * value here is written out by hand from SETTLEMENT.md or its decisions; each test name cites its rule.
 */
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import Ajv2020 from "ajv/dist/2020";
import { encodeHandoff, encodeReceipt, type JobRecord } from "../../shared/client-state/share-links.ts";
import type { EngineRoute } from "../../shared/protocol/constants.ts";
import type { Receipt } from "../../shared/protocol/receipt-members.ts";
import { TTL_SECONDS_MAX } from "../../shared/protocol/rules.ts";
import { jobIdOf } from "../support/derived-ids.ts";
import { ALL_JOB_FIELDS, ALL_RECEIPT_FIELDS, JOBS, MAX_SAFE, SIMULATE_BODY } from "../support/fixtures.ts";
import { CREATE, call, ok, PROOF_URL, rejected, testHandler } from "../support/helpers.ts";

type Body = Record<string, any>;

const handle = testHandler();
const BASE = "http://localhost";
const send = (method: string, path: string, body?: string): Promise<Response> =>
  handle(new Request(`${BASE}${path}`, { method, body }));
const json = async (path: string): Promise<Body> => (await (await send("GET", path)).json()) as Body;

/** SETTLEMENT.md "Errors": the catalog texts, written out. */
const INVALID_JSON = "Body must be a JSON object.";
const INVALID_ACTION = "action must be create, fund, submit, release, or dispute.";
const METHOD_NOT_ALLOWED = "POST JSON to this path. GET the protocol at /api/settlement.json.";
const FIVE_ACTIONS = ["create", "fund", "submit", "release", "dispute"];

describe("SETTLEMENT.md's Errors invalid_json: 400, no field, the catalog message", () => {
  test.each(["transition", "quote", "validate", "simulate", "verify"] as const)(
    "a body that is not JSON on %s",
    (route) => {
      const result = call(route, "{ not json");
      expect(result.status).toBe(400);
      const body = rejected(result, "invalid_json");
      expect(body.message).toBe(INVALID_JSON);
      expect(body).not.toHaveProperty("field");
    },
  );
});

describe("SETTLEMENT.md's Errors invalid_action: 400, extra fields action and actions, the catalog message (D8)", () => {
  test.each(["transition", "quote", "validate"] as const)("an unknown action on %s", (route) => {
    const result = call(route, { action: "refund", job: JOBS.submitted });
    expect(result.status).toBe(400);
    const body = rejected(result, "invalid_action");
    expect(body.message).toBe(INVALID_ACTION);
    expect(body.action).toBe("refund");
    expect(body.actions).toEqual(FIVE_ACTIONS);
  });

  test.each(["transition", "quote", "validate"] as const)("a missing action on %s lists the five actions", (route) => {
    const body = rejected(call(route, { ...CREATE }), "invalid_action");
    expect(body.message).toBe(INVALID_ACTION);
    expect(body.actions).toEqual(FIVE_ACTIONS);
  });
});

describe("SETTLEMENT.md's Engines, validate: error bodies add kind schema on 400 (D8)", () => {
  test.each([
    ["invalid_json", "{ not json", undefined, INVALID_JSON],
    ["invalid_action", { action: "refund" }, undefined, INVALID_ACTION],
    ["missing_field", { action: "create", amount: 10, criteria: "c" }, "title", "title is required."],
    ["invalid_field", { action: "create", ...CREATE, amount: 0 }, "amount", "amount must be an integer >= 1."],
  ] as const)("%s is 400 kind schema, listed first in errors", (code, request, field, message) => {
    const result = call("validate", request);
    expect(result.status).toBe(400);
    const body = rejected(result, code, field);
    expect(body.message).toBe(message);
    expect(body.kind).toBe("schema");
    expect(body.errors[0]).toMatchObject({ error: code, message });
  });
});

describe("SETTLEMENT.md's Errors method_not_allowed: 405 with the catalog message", () => {
  test.each([
    ["GET", "/api/v0/transition"],
    ["DELETE", "/api/v0/verify"],
    ["POST", "/api/health.json"],
    ["PUT", "/api/settlement.json"],
  ])("%s %s", async (method, path) => {
    const response = await send(method, path, method === "GET" ? undefined : "{}");
    expect(response.status).toBe(405);
    expect(await response.json()).toEqual({
      ok: false,
      mode: "demo",
      money: false,
      error: "method_not_allowed",
      message: METHOD_NOT_ALLOWED,
      // Every HTTP error body ends with the request's id (D22).
      request_id: response.headers.get("x-request-id"),
    });
  });
});

describe("SETTLEMENT.md's Errors, invalid_field cases: simulate terminal", () => {
  test.each(["refund", "Release", ""])("terminal %p is invalid_field terminal with the catalog message", (terminal) => {
    const result = call("simulate", { ...SIMULATE_BODY, terminal });
    expect(result.status).toBe(400);
    expect(rejected(result, "invalid_field", "terminal").message).toBe("terminal must be release or dispute.");
  });
});

describe("SETTLEMENT.md's Errors, invalid_field message: {field} must be a string / integer / https URL", () => {
  test.each([
    ["title", "transition", { action: "create", ...CREATE, title: 5 }, "title must be a string"],
    ["client_ref", "transition", { action: "create", ...CREATE, client_ref: 5 }, "client_ref must be a string"],
    [
      "idempotency_key",
      "transition",
      { action: "create", ...CREATE, idempotency_key: 5 },
      "idempotency_key must be a string",
    ],
    [
      "release_note",
      "transition",
      { action: "release", job: JOBS.submitted, release_note: 5 },
      "release_note must be a string",
    ],
    ["amount", "transition", { action: "create", ...CREATE, amount: "10" }, "amount must be an integer"],
    [
      "payer_credits",
      "transition",
      { action: "fund", job: JOBS.open, payer_credits: "1000" },
      "payer_credits must be an integer",
    ],
    [
      "callback_url",
      "transition",
      { action: "create", ...CREATE, callback_url: "http://example.com/cb" },
      "callback_url must be an https URL",
    ],
  ] as const)("%s", (field, route, request, prefix) => {
    expect(rejected(call(route as EngineRoute, request), "invalid_field", field).message).toStartWith(prefix);
  });
});

describe("GET /api/errors.json holds the catalog (SETTLEMENT.md's Errors, D9)", () => {
  const ENGINES = ["validate", "quote", "transition", "simulate", "verify"];
  /** [code, status, kind, message, extra, routes], from SETTLEMENT.md's Errors table. */
  const TABLE: [string, number, string, string, string[], string[]][] = [
    ["invalid_json", 400, "schema", INVALID_JSON, [], ENGINES],
    [
      "invalid_action",
      400,
      "schema",
      INVALID_ACTION,
      ["action", "actions"],
      ["validate", "quote", "transition", "verify"],
    ],
    ["missing_field", 400, "schema", "{field} is required.", [], ENGINES],
    [
      "invalid_field",
      400,
      "schema",
      "{field} must be a string / integer / https URL / ISO-8601 UTC datetime.",
      [],
      ENGINES,
    ],
    [
      "illegal_transition",
      409,
      "state",
      "Cannot {action} a job in status {from}. {action} requires status {expected}.",
      ["action", "from", "expected"],
      ["validate", "quote", "transition", "verify"],
    ],
    [
      "insufficient_credits",
      409,
      "state",
      "Need {needed} credits to fund. payer_credits is {payer_credits}.",
      ["action", "needed", "payer_credits"],
      ["validate", "quote", "transition", "simulate"],
    ],
    [
      "hold_expired",
      409,
      "state",
      "Cannot release after expiresAt. The hold ended at {expiresAt}. Dispute remains allowed.",
      ["expiresAt"],
      ["validate", "quote", "transition", "simulate"],
    ],
    // The catalog's routes: "all engines and protocol documents".
    ["method_not_allowed", 405, "http", METHOD_NOT_ALLOWED, [], [...ENGINES, "documents"]],
  ];

  test.each(TABLE)(
    "%s has status %d, kind %s, the catalog's message, extra fields and routes",
    async (code, status, kind, message, extra, routes) => {
      const entry = (await json("/api/errors.json")).codes.find((c: Body) => c.code === code);
      expect(entry).toMatchObject({ status, kind, message });
      expect([...entry.extra].sort()).toEqual([...extra].sort());
      expect([...entry.routes].sort()).toEqual([...routes].sort());
    },
  );

  test.each([
    ["not_found", 404],
    ["payload_too_large", 413],
  ])("D9: %s is listed with status %d and kind http, like method_not_allowed", async (code, status) => {
    expect((await json("/api/errors.json")).codes.find((c: Body) => c.code === code)).toMatchObject({
      status,
      kind: "http",
    });
  });

  test("D27: seals_unavailable is listed with status 503, kind http, no extra fields, on the five engines", async () => {
    const entry = (await json("/api/errors.json")).codes.find((c: Body) => c.code === "seals_unavailable");
    expect(entry).toMatchObject({ status: 503, kind: "http", extra: [] });
    expect([...entry.routes].sort()).toEqual([...ENGINES].sort());
  });
});

describe("SETTLEMENT.md's Job clientRef: independent of id and of Idempotency-Key", () => {
  /** D15: as_ + first 10 hex of SHA-256 of key \n title \n amount \n criteria. */
  const derived = (key: string) => jobIdOf(key, CREATE.title, CREATE.amount, CREATE.criteria);

  test("two creates with one key and different client_ref get the same derived id", () => {
    const a = ok(call("transition", { action: "create", ...CREATE, client_ref: "order-a", idempotency_key: "key-1" }));
    const b = ok(call("transition", { action: "create", ...CREATE, client_ref: "order-b", idempotency_key: "key-1" }));
    expect([a.job.id, b.job.id]).toEqual([derived("key-1"), derived("key-1")]);
    expect([a.job.clientRef, b.job.clientRef]).toEqual(["order-a", "order-b"]);
  });

  test("a client_ref without a key is not an idempotency key: random id, idempotent false, no idempotency_key", () => {
    const body = ok(call("transition", { action: "create", ...CREATE, client_ref: "key-1" }));
    expect(body.job.id).toBe("as_0000000001");
    expect(body.idempotent).toBe(false);
    expect(body).not.toHaveProperty("idempotency_key");
  });

  test("an idempotency key is not stamped as clientRef", () => {
    expect(ok(call("transition", { action: "create", ...CREATE, idempotency_key: "key-1" })).job).not.toHaveProperty(
      "clientRef",
    );
  });
});

describe("D7: the method is checked before the body size", () => {
  test.each(["PUT", "PATCH"])("%s with a 70,000-byte body to an engine is 405, not 413", async (method) => {
    const response = await send(method, "/api/v0/transition", " ".repeat(70_000));
    expect(response.status).toBe(405);
    expect(((await response.json()) as Body).error).toBe("method_not_allowed");
  });

  test("POST of 70,000 bytes of non-JSON is 413 payload_too_large, not invalid_json", async () => {
    const response = await send("POST", "/api/v0/quote", "x".repeat(70_000));
    expect(response.status).toBe(413);
    expect(((await response.json()) as Body).error).toBe("payload_too_large");
  });
});

describe("D18: documents are served with their proper types", () => {
  test.each([
    ["/SETTLEMENT.md", /^text\/markdown(;|$)/],
    ["/llms.txt", /^text\/plain(;|$)/],
    ["/robots.txt", /^text\/plain(;|$)/],
    ["/sitemap.xml", /^(application|text)\/xml(;|$)/],
    ["/api/settlement.json", /^application\/json(;|$)/],
    ["/openapi.json", /^application\/json(;|$)/],
    ["/.well-known/agent.json", /^application\/json(;|$)/],
  ])("%s", async (path, type) => {
    const response = await send("GET", path);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(type);
  });
});

describe("SETTLEMENT.md version 0: the v0 engine paths and OpenAPI 3.1", () => {
  test.each(["transition", "quote", "validate", "simulate", "verify"])(
    "the engine path /api/v0/%s serves POST",
    async (route) => {
      const bodies: Record<string, unknown> = {
        transition: { action: "create", ...CREATE },
        quote: { action: "create", ...CREATE },
        validate: { action: "create", ...CREATE },
        simulate: SIMULATE_BODY,
        verify: { job: JOBS.released },
      };
      const response = await send("POST", `/api/v0/${route}`, JSON.stringify(bodies[route]));
      expect(response.status).toBe(200);
    },
  );

  test.each(["/openapi.json", "/api/openapi.json", "/settlement.openapi.json"])(
    "%s declares OpenAPI 3.1",
    async (path) => {
      expect((await json(path)).openapi).toMatch(/^3\.1\.\d+$/);
    },
  );
});

describe("D3 and D2 in the published schemas", () => {
  const ajv = new Ajv2020({ strict: false });
  let transition: ReturnType<typeof ajv.compile>;
  let simulate: ReturnType<typeof ajv.compile>;
  const compile = async () => {
    transition ??= ajv.compile(await json("/api/schemas/transition.json"));
    simulate ??= ajv.compile(await json("/api/schemas/simulate.json"));
  };

  test("D3: the schemas' maximum is 9007199254740991 for amount and payer_credits, and the hold's for ttl_seconds", async () => {
    await compile();
    expect(transition({ action: "create", ...CREATE, amount: MAX_SAFE })).toBe(true);
    expect(transition({ action: "create", ...CREATE, amount: MAX_SAFE + 1 })).toBe(false);
    expect(transition({ action: "fund", job: JOBS.open, payer_credits: MAX_SAFE })).toBe(true);
    expect(transition({ action: "fund", job: JOBS.open, payer_credits: MAX_SAFE + 1 })).toBe(false);
    expect(transition({ action: "fund", job: JOBS.open, payer_credits: 100, ttl_seconds: TTL_SECONDS_MAX })).toBe(true);
    expect(transition({ action: "fund", job: JOBS.open, payer_credits: 100, ttl_seconds: TTL_SECONDS_MAX + 1 })).toBe(
      false,
    );
    expect(simulate({ ...SIMULATE_BODY, amount: MAX_SAFE, payer_credits: MAX_SAFE })).toBe(true);
    expect(simulate({ ...SIMULATE_BODY, amount: MAX_SAFE + 1 })).toBe(false);
    expect(simulate({ ...SIMULATE_BODY, payer_credits: MAX_SAFE + 1 })).toBe(false);
  });

  test("D2: the schemas allow null on optional fields", async () => {
    await compile();
    expect(
      transition({
        action: "create",
        ...CREATE,
        client_ref: null,
        callback_url: null,
        idempotency_key: null,
        payer_credits: null,
      }),
    ).toBe(true);
    expect(
      transition({ action: "fund", job: JOBS.open, payer_credits: 100, expires_at: null, ttl_seconds: null }),
    ).toBe(true);
    expect(transition({ action: "submit", job: JOBS.funded, proof_url: PROOF_URL, proof_note: null })).toBe(true);
    expect(
      simulate({ ...SIMULATE_BODY, terminal: null, client_ref: null, release_note: null, dispute_reason: null }),
    ).toBe(true);
  });
});

describe("SETTLEMENT.md documents: settlement.json and fees.json", () => {
  test("settlement.json lists the five states, SETTLEMENT.md's job fields and receipt fields in table order, and the 5 percent fee", async () => {
    const s = await json("/api/settlement.json");
    expect(s.statuses).toEqual(["open", "funded", "submitted", "released", "disputed"]);
    // SETTLEMENT.md's fields, in its order; fields beyond its tables are additive and may sit among them.
    const ofSpec = (fields: Body[], spec: readonly string[]) =>
      fields.map((f) => f.name).filter((name) => spec.includes(name));
    expect(ofSpec(s.job.fields, ALL_JOB_FIELDS)).toEqual(ALL_JOB_FIELDS);
    expect(ofSpec(s.receipt.fields, ALL_RECEIPT_FIELDS)).toEqual(ALL_RECEIPT_FIELDS);
    expect(s.fees.release.rate).toBe(0.05);
    expect(s.fees.dispute.fee).toBe(0);
    expect(s.fees.fund.fee).toBe(0);
    expect(s.fees.top_up.fee).toBe(0);
  });

  test("fees.json examples follow SETTLEMENT.md's Fees: fee = Math.round(amount * 0.05), payout = amount - fee; dispute returns the amount", async () => {
    const fees = await json("/api/fees.json");
    expect(fees.examples.length).toBeGreaterThan(0);
    for (const { amount, release, dispute } of fees.examples) {
      const fee = Math.round(amount * 0.05);
      expect(release, String(amount)).toMatchObject({
        fee,
        agent_payout: amount - fee,
        agent_credits_delta: amount - fee,
        returned_to_payer: 0,
      });
      expect(dispute, String(amount)).toMatchObject({
        fee: 0,
        agent_payout: 0,
        agent_credits_delta: 0,
        returned_to_payer: amount,
      });
    }
    expect(fees.real_money).toBe(false);
  });
});

describe("D19: the short-key maps of link tokens", () => {
  const JOB_KEYS = {
    id: "id",
    title: "t",
    amount: "a",
    criteria: "c",
    proofUrl: "p",
    status: "s",
    createdAt: "ca",
    fundedAt: "fa",
    submittedAt: "sa",
    resolvedAt: "ra",
    fee: "f",
    agentPayout: "ap",
    releaseNote: "rn",
    disputeReason: "dr",
  };
  const RECEIPT_KEYS = {
    job_id: "j",
    title: "t",
    status: "s",
    amount: "a",
    release_fee: "f",
    agent_payout: "ap",
    returned_to_payer: "rp",
    success_criteria: "c",
    proof: "p",
    created: "ca",
    funded: "fa",
    submitted: "sa",
    resolved: "ra",
    key_id: "k",
    client_ref: "cr",
    callback_url: "cb",
    proof_note: "pn",
    release_note: "rn",
    dispute_reason: "dr",
  };
  const payloadOf = (token: string): Body => JSON.parse(Buffer.from(token.slice(3), "base64url").toString("utf8"));

  test("settlement.json publishes both maps with D19's keys unchanged (a member beyond SETTLEMENT.md's tables may only add one)", async () => {
    const { tokens } = await json("/api/settlement.json");
    expect(tokens.handoff.job_keys).toEqual(JOB_KEYS);
    // The first deployment's handoff map is exact; members beyond it go to extra_job_keys.
    expect(tokens.receipt.receipt_keys).toMatchObject(RECEIPT_KEYS);
  });

  test("a handoff of a released job with a release note carries exactly D19's job keys", () => {
    const job = ok(call("transition", { action: "release", job: JOBS.submitted, release_note: "Good." }))
      .job as JobRecord;
    const payload = payloadOf(encodeHandoff(job));
    expect(payload.v).toBe(1);
    const expected = Object.fromEntries(
      Object.entries(JOB_KEYS)
        .filter(([long]) => long !== "disputeReason")
        .map(([long, short]) => [short, (job as Record<string, unknown>)[long]]),
    );
    expect(payload.job).toEqual(expected);
  });

  test.each([
    ["release", { release_note: "Good." }],
    ["dispute", { dispute_reason: "Late." }],
  ] as const)("a %s receipt with every optional field carries exactly D19's receipt keys", (action, note) => {
    const created = ok(
      call("transition", {
        action: "create",
        ...CREATE,
        client_ref: "order-1",
        callback_url: "https://example.com/cb",
      }),
    ).job;
    const funded = ok(call("transition", { action: "fund", job: created, payer_credits: 1000 })).job;
    const submitted = ok(
      call("transition", { action: "submit", job: funded, proof_url: PROOF_URL, proof_note: "Done." }),
    ).job;
    const receipt = ok(call("transition", { action, job: submitted, ...note }, { Authorization: "Bearer k" }))
      .receipt as Receipt & Body;
    const payload = payloadOf(encodeReceipt(receipt));
    const expected = Object.fromEntries(
      Object.entries(RECEIPT_KEYS)
        .filter(([long]) => receipt[long] !== undefined)
        .map(([long, short]) => [short, receipt[long]]),
    );
    expect(payload).toEqual({ v: 1, ...expected });
    expect(Object.keys(payload).length).toBe(1 + 18);
  });
});

describe("D16: the api script", () => {
  test("bun run api runs api/bun/server.ts", () => {
    const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8"));
    expect(pkg.scripts.api).toBe("bun api/bun/server.ts");
  });
});
