/**
 * Every engine response as a whole, with the fixed clock and random source (D13): each
 * action's success on each route where it applies, the key and idempotency envelope fields,
 * and each error code on each route where SETTLEMENT.md's catalog ("Errors") lists it. One snapshot per case, so
 * a change to any response shows up as a small, readable diff, and each answer is validated
 * against the OpenAPI schema published for it. Per-rule assertions live in the engine's
 * other suites (money, fields, keys); this file only pins whole bodies.
 */
import { describe, expect, test } from "bun:test";
import type { EngineContext } from "../../shared/engine/context.ts";
import { type EngineRoute, enginePath } from "../../shared/protocol/constants.ts";
import { ACTION_ROUTES, AFTER_HOLD, CALLBACK_URL, HELD, JOBS, RECEIPTS, SIMULATE_BODY } from "../support/fixtures.ts";
import { CREATE, call, fixedContext, PROOF_URL, testHandler } from "../support/helpers.ts";
import { expectPublishedShape } from "./openapi-answers.ts";

/** The clock after HELD's hold ended: HELD.submitted was funded with a 60 s ttl at NOW; this is NOW + 61 s. */
const afterHold = (): EngineContext => fixedContext(AFTER_HOLD);

/** A receipt as transition gives it, for verify. */
const receipt = RECEIPTS.released;

/**
 * What each snapshot holds: the status line and the body as it goes on the wire. A string,
 * not an object, because the snapshot printer sorts object keys and field order is part of
 * the contract (envelope first, job fields in SETTLEMENT.md's table order: D10).
 */
const wire = (status: number, body: unknown): string => `HTTP ${status}\n${JSON.stringify(body, null, 2)}`;

/**
 * Runs one engine call and returns its body (for assertions) and its wire form (for the
 * snapshot); every answer must also be valid by the published OpenAPI schema for its status.
 */
function snap(route: EngineRoute, body: unknown, headers: Record<string, string> = {}, ctx?: () => EngineContext) {
  const result = call(route, body, headers, ctx?.() ?? fixedContext());
  expectPublishedShape(route, result.status, result.body);
  return { body: result.body, text: wire(result.status, result.body) };
}

/** One success body per action, with its optional fields, so echoes show in the snapshots. */
const ACTION_BODIES = [
  ["create", { action: "create", ...CREATE, client_ref: "order-42", callback_url: CALLBACK_URL }],
  ["fund", { action: "fund", job: JOBS.open, payer_credits: 1000, ttl_seconds: 3600 }],
  ["submit", { action: "submit", job: JOBS.funded, proof_url: PROOF_URL, proof_note: "Five bullets, sources linked." }],
  ["release", { action: "release", job: JOBS.submitted, payer_credits: 900, release_note: "Matches the criteria." }],
  ["dispute", { action: "dispute", job: JOBS.submitted, payer_credits: 900, dispute_reason: "Only three bullets." }],
] as const;

describe.each(ACTION_ROUTES)("POST /api/v0/%s success", (route) => {
  test.each(ACTION_BODIES)("answers %s", (_action, body) => {
    expect(snap(route, body).text).toMatchSnapshot();
  });
});

describe("POST /api/v0/simulate success", () => {
  test.each([
    ["walks to release by default", { ...SIMULATE_BODY, proof_note: "Done.", release_note: "Good." }],
    [
      "walks to dispute with terminal dispute",
      { ...SIMULATE_BODY, terminal: "dispute", dispute_reason: "Off topic.", release_note: "ignored" },
    ],
  ])("%s", (_name, body) => {
    expect(snap("simulate", body).text).toMatchSnapshot();
  });
});

describe("POST /api/v0/verify success", () => {
  test.each([
    ["checks a receipt", { receipt }],
    ["checks a released job by its own fee and payout", { job: JOBS.released }],
    ["checks a disputed job by its own fee and payout", { job: JOBS.disputed }],
    [
      "checks a submitted job with an action and claims",
      { job: JOBS.submitted, action: "release", fee: 5, agent_payout: 95 },
    ],
    [
      "answers valid false for a mismatching claim",
      { job: JOBS.submitted, action: "release", fee: 4, agent_payout: 96, returned_to_payer: 0 },
    ],
  ])("%s", (_name, body) => {
    expect(snap("verify", body).text).toMatchSnapshot();
  });
});

describe("demo key and idempotency key", () => {
  const headers = { Authorization: "Bearer demo-key-123", "Idempotency-Key": "order-42-create" };

  test("transition create carries key_id, idempotency_key and idempotent", () => {
    expect(snap("transition", { action: "create", ...CREATE }, headers).text).toMatchSnapshot();
  });

  test("transition release carries key_id on the response and the receipt", () => {
    expect(
      snap("transition", { action: "release", job: JOBS.submitted }, { Authorization: "Bearer demo-key-123" }).text,
    ).toMatchSnapshot();
  });
});

/**
 * Each error code on each route where SETTLEMENT.md's catalog lists it: [code, route, why, body, clock].
 * simulate never answers hold_expired (D13a): one clock reading per request and an expiry that
 * must be in the future at the fund step, so its release step can never be after expiresAt.
 */
const ERRORS: [string, EngineRoute, string, unknown, (() => EngineContext)?][] = [
  ...ACTION_ROUTES.flatMap((route): [string, EngineRoute, string, unknown, (() => EngineContext)?][] => [
    ["invalid_json", route, "a body that is not JSON", "{ not json"],
    ["invalid_action", route, "an unknown action", { action: "refund", job: JOBS.submitted }],
    ["missing_field", route, "a create without its required fields", { action: "create" }],
    [
      "invalid_field",
      route,
      "a numeric string amount and an http callback_url",
      { action: "create", ...CREATE, amount: "100", callback_url: "http://example.com/hook" },
    ],
    ["illegal_transition", route, "a release of an open job", { action: "release", job: JOBS.open }],
    ["insufficient_credits", route, "a fund below the amount", { action: "fund", job: JOBS.open, payer_credits: 99 }],
    ["hold_expired", route, "a release after expiresAt", { action: "release", job: HELD.submitted }, afterHold],
  ]),
  ["invalid_json", "simulate", "a JSON array", "[]"],
  ["missing_field", "simulate", "no proof_url", { ...CREATE, payer_credits: 1000 }],
  ["invalid_field", "simulate", "terminal not release or dispute", { ...SIMULATE_BODY, terminal: "refund" }],
  ["insufficient_credits", "simulate", "payer_credits below the amount", { ...SIMULATE_BODY, payer_credits: 99 }],
  ["invalid_json", "verify", "an empty body", ""],
  ["invalid_action", "verify", "an action other than release or dispute", { job: JOBS.submitted, action: "fund" }],
  ["missing_field", "verify", "a submitted job without action", { job: JOBS.submitted }],
  ["missing_field", "verify", "a receipt without release_fee", { receipt: { ...receipt, release_fee: undefined } }],
  ["missing_field", "verify", "neither receipt nor job", {}],
  ["invalid_field", "verify", "a receipt whose status is not terminal", { receipt: { ...receipt, status: "open" } }],
  ["invalid_field", "verify", "both receipt and job", { receipt, job: JOBS.released }],
  ["illegal_transition", "verify", "an open job", { job: JOBS.open, action: "release" }],
  ["illegal_transition", "verify", "a released job with action dispute", { job: JOBS.released, action: "dispute" }],
];

describe("engine errors", () => {
  test.each(ERRORS)("%s on %s: %s", (code, route, _why, body, ctx) => {
    const result = snap(route, body, {}, ctx);
    expect(result.body.error).toBe(code);
    expect(result.text).toMatchSnapshot();
  });
});

/** Errors only the HTTP layer gives: [code, why, method, path, body]. */
const HTTP_ERRORS: [string, string, string, string, string?][] = [
  ...(["transition", "quote", "validate", "simulate", "verify"] as const).flatMap(
    (route): [string, string, string, string, string?][] => [
      ["method_not_allowed", `GET ${enginePath(route)}`, "GET", enginePath(route)],
      ["payload_too_large", `65,537 bytes to ${enginePath(route)}`, "POST", enginePath(route), " ".repeat(65_537)],
    ],
  ),
  ["method_not_allowed", "POST /api/health.json", "POST", "/api/health.json", "{}"],
  ["not_found", "GET /api/v1/transition", "GET", "/api/v1/transition"],
  ["not_found", "POST /api/v0/transition/", "POST", "/api/v0/transition/", "{}"],
];

describe("HTTP errors", () => {
  const handle = testHandler();
  // A fixed X-Request-Id, so each snapshot shows the request_id every HTTP error body ends with (D22).
  const headers = { "X-Request-Id": "snapshot-1" };
  test.each(HTTP_ERRORS)("%s: %s", async (code, _why, method, path, body) => {
    const response = await handle(new Request(`http://localhost${path}`, { method, body, headers }));
    const json = (await response.json()) as Record<string, unknown>;
    expect(json.error).toBe(code);
    expect(wire(response.status, json)).toMatchSnapshot();
  });
});
