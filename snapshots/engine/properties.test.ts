/**
 * Properties of the engine, with fast-check under fixed seeds, so every run is the same:
 *   - conservation: random interleaved walks of several jobs, with top-ups and illegal steps,
 *     keep payer credits + held escrow + agent wallet + fees equal to what the payer started
 *     with plus its top-ups; the engine's payer_credits always equals the client-held model;
 *     quote agrees with transition on every step;
 *   - any body (arbitrary JSON, random members from the field names and aliases, random key
 *     headers) on any of the five routes gets a success or a catalog error with that route's
 *     status through the HTTP handler, always in the envelope, never a 5xx or a throw;
 *   - idempotency (D15): same key and create fields give the same id in transition and
 *     simulate, the create quote has no id, different keys give different ids;
 *   - verify (D12) accepts every receipt the engine produced and spots every tampering.
 * bad-input, schema-agreement and the other engine suites hold the hand-written cases; this file
 * only holds generated ones.
 */
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import type { EngineContext, EngineResult } from "../../shared/engine/context.ts";
import { createHandler } from "../../shared/http/service.ts";
import {
  ACTIONS,
  type Action,
  ENGINE_ROUTES,
  type EngineRoute,
  enginePath,
  LIMITS,
  STATUSES,
  TRANSITIONS,
} from "../../shared/protocol/constants.ts";
import { ERROR_CATALOG, type ErrorCode } from "../../shared/protocol/errors.ts";
import { FIELD_NAMES as FIELDS_IN_TABLE, namesOf } from "../../shared/protocol/fields.ts";
import { JOB_MEMBER_NAMES, memberNamesOf } from "../../shared/protocol/job-members.ts";
import { jobIdOf } from "../support/derived-ids.ts";
import { ACTION_BODIES, JOBS, MAX_SAFE, RECEIPTS, SIMULATE_BODY } from "../support/fixtures.ts";
import { CREATE, call, expectEnvelope, fixedContext, NOW, ok, PROOF_URL, testHandler } from "../support/helpers.ts";

/** One seed for the file; run counts keep the whole file to a few seconds. */
const SEED = 6_2026;
const RUNS = { walks: 300, bodies: 2500, idempotency: 400, verify: 400 } as const;

type Body = Record<string, any>;

/** SETTLEMENT.md "Fees", written out here rather than imported, so the test does not share the engine's code. */
const settle = (status: "released" | "disputed", amount: number) =>
  status === "released"
    ? { fee: Math.round(amount * 0.05), agent_payout: amount - Math.round(amount * 0.05), returned_to_payer: 0 }
    : { fee: 0, agent_payout: 0, returned_to_payer: amount };

/** D15, written out: `as_` + 10 hex of SHA-256 of key, title, amount and criteria (trimmed), newline-joined. */
const derivedId = (key: string, title: string, amount: number, criteria: string) =>
  jobIdOf(key.trim(), title.trim(), amount, criteria.trim());

/** Counts outcomes so each property can show that its interesting cases really happened. */
class Tally {
  readonly counts = new Map<string, number>();
  add(key: string): void {
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }
  get(key: string): number {
    return this.counts.get(key) ?? 0;
  }
}

// ---------------------------------------------------------------------------------------------
// Conservation
// ---------------------------------------------------------------------------------------------

type Step =
  | { kind: "create"; amount: number; sendCredits: boolean }
  | { kind: "top_up"; credits: number }
  | { kind: "fund" | "submit" | "release" | "dispute"; pick: number; sendCredits: boolean }
  | { kind: "advance"; pick: number; terminal: "release" | "dispute"; sendCredits: boolean };

/** The action that moves a job on from `status` (terminal jobs get one that is refused). */
const NEXT_ACTION = {
  open: "fund",
  funded: "submit",
  submitted: null,
  released: "release",
  disputed: "dispute",
} as const;

const amountArb = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 1, max: 700 }) },
  fc.integer({ min: 1, max: 20 }),
  fc.integer({ min: 900, max: 5000 }),
);
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant("create" as const), amount: amountArb, sendCredits: fc.boolean() }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant("top_up" as const), credits: fc.integer({ min: 0, max: 800 }) }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constantFrom("fund" as const, "submit" as const, "release" as const, "dispute" as const),
      pick: fc.nat(),
      sendCredits: fc.boolean(),
    }),
  },
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant("advance" as const),
      pick: fc.nat(),
      terminal: fc.constantFrom("release" as const, "dispute" as const),
      sendCredits: fc.boolean(),
    }),
  },
);

/** The client-held state: what the reference UI keeps (D20), and what conservation is about. */
interface Model {
  start: number;
  topUps: number;
  payer: number;
  agent: number;
  fees: number;
  jobs: Body[];
}
const held = (model: Model) =>
  model.jobs.reduce((sum, job) => sum + (job.status === "funded" || job.status === "submitted" ? job.amount : 0), 0);

/** The rejection the model predicts for a step, or null when it must succeed. */
function predictedRejection(model: Model, action: Action, job: Body): Body | null {
  const from = TRANSITIONS[action].from;
  if (from !== null && job.status !== from)
    return { error: "illegal_transition", action, from: job.status, expected: from };
  if (action === "fund" && model.payer < job.amount)
    return { error: "insufficient_credits", action, needed: job.amount, payer_credits: model.payer };
  return null;
}

/** Runs one step on transition and on quote, checks both against the model, then applies it. */
function runStep(model: Model, step: Step, ctx: EngineContext, tally: Tally): void {
  if (step.kind === "top_up") {
    model.payer += step.credits; // no fee on top-up (SETTLEMENT.md "Fees"); client-side only
    model.topUps += step.credits;
    return;
  }
  if (step.kind !== "create" && model.jobs.length === 0) return;
  const index = step.kind === "create" ? -1 : step.pick % model.jobs.length;
  const job = index === -1 ? null : model.jobs[index]!;
  const action: Action =
    step.kind === "advance" ? (NEXT_ACTION[job!.status as keyof typeof NEXT_ACTION] ?? step.terminal) : step.kind;
  const body: Body =
    action === "create"
      ? { action, ...CREATE, amount: (step as { amount: number }).amount }
      : { action, job, ...(action === "submit" && { proof_url: PROOF_URL }) };
  // fund always sends the balance; the other actions only sometimes (D5: echoed as the resulting balance).
  if (action === "fund" || step.sendCredits) body.payer_credits = model.payer;

  const result = call("transition", body, {}, ctx);
  const quoted = call("quote", body, {}, ctx);
  const expectedRejection = job ? predictedRejection(model, action, job) : null;

  if (expectedRejection) {
    tally.add(`refused ${expectedRejection.error} ${action}`);
    expect(result.status).toBe(ERROR_CATALOG[expectedRejection.error as ErrorCode].status);
    expect(result.body).toMatchObject({ ok: false, mode: "demo", money: false, ...expectedRejection });
    expect(ERROR_CATALOG[expectedRejection.error as ErrorCode].routes as readonly string[]).toContain("transition");
    // A refusal carries no new state for the client to apply.
    for (const member of ["job", "receipt", "fee", "agent_payout", "agent_credits_delta", "returned_to_payer"]) {
      expect(result.body).not.toHaveProperty(member);
    }
    expect(quoted).toEqual(result); // the dry run refuses identically
    return; // the model is untouched
  }

  const answer = ok(result);
  const quote = ok(quoted);
  tally.add(`ok ${action}`);
  expect(answer.action).toBe(action);
  expect(answer.job.status).toBe(TRANSITIONS[action].to);
  expect(quote.next_status).toBe(TRANSITIONS[action].to);
  expect(answer.job.amount).toBe(job ? job.amount : body.amount);

  switch (action) {
    case "create":
      expect(answer.job).toMatchObject({ fee: 0, agentPayout: 0, proofUrl: "" });
      model.jobs.push(answer.job);
      break;
    case "fund":
      model.payer -= answer.job.amount;
      break;
    case "submit":
      expect(answer.job.proofUrl).toBe(PROOF_URL);
      break;
    case "release": {
      const { fee, agent_payout: payout } = answer;
      tally.add(fee > 0 ? "release with fee" : "release without fee");
      expect(fee + payout).toBe(answer.job.amount);
      expect(fee).toBe(settle("released", answer.job.amount).fee);
      expect(answer).toMatchObject({ agent_credits_delta: payout, returned_to_payer: 0 });
      expect(answer.job).toMatchObject({ fee, agentPayout: payout });
      expect(answer.receipt).toMatchObject({
        status: "released",
        amount: answer.job.amount,
        release_fee: fee,
        agent_payout: payout,
        returned_to_payer: 0,
      });
      model.agent += answer.agent_credits_delta; // SETTLEMENT.md "What the client keeps": the agent wallet
      model.fees += fee;
      break;
    }
    case "dispute":
      expect(answer).toMatchObject({
        fee: 0,
        agent_payout: 0,
        agent_credits_delta: 0,
        returned_to_payer: answer.job.amount,
      });
      expect(answer.receipt).toMatchObject({
        status: "disputed",
        release_fee: 0,
        agent_payout: 0,
        returned_to_payer: answer.job.amount,
      });
      model.payer += answer.returned_to_payer;
      break;
  }
  if (index !== -1) model.jobs[index] = answer.job;

  // The engine's balance is the model's, whenever it reports one.
  if ("payer_credits" in body) {
    expect(answer.payer_credits).toBe(model.payer);
    expect(quote.payer_credits_after).toBe(model.payer);
  } else {
    expect(answer).not.toHaveProperty("payer_credits");
  }
  // The quote's would-be job is the committed job, except the id a create quote never has.
  const { id, ...rest } = answer.job;
  expect(quote.job).toEqual(action === "create" ? rest : answer.job);
  expect(id).toMatch(/^as_[0-9a-f]{10}$/);
}

describe("conservation of credits over random walks of several jobs", () => {
  test("payer + escrow + agent wallet + fees = start + top-ups after every step, nothing negative", () => {
    const tally = new Tally();
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3000 }),
        fc.array(stepArb, { minLength: 1, maxLength: 60, size: "max" }),
        (start, steps) => {
          const model: Model = { start, topUps: 0, payer: start, agent: 0, fees: 0, jobs: [] };
          const ctx = fixedContext(NOW); // one random source per walk: every create gets its own id
          for (const step of steps) {
            runStep(model, step, ctx, tally);
            expect(model.payer + held(model) + model.agent + model.fees).toBe(model.start + model.topUps);
            for (const balance of [model.payer, held(model), model.agent, model.fees])
              expect(balance).toBeGreaterThanOrEqual(0);
          }
          expect(new Set(model.jobs.map((job) => job.id)).size).toBe(model.jobs.length);
        },
      ),
      { seed: SEED, numRuns: RUNS.walks },
    );
    console.log("walk outcomes", JSON.stringify(Object.fromEntries(tally.counts)));
    // The walks really went through every success and every kind of refusal.
    for (const action of ACTIONS) expect(tally.get(`ok ${action}`), `ok ${action}`).toBeGreaterThan(50);
    for (const action of ["fund", "submit", "release", "dispute"]) {
      expect(tally.get(`refused illegal_transition ${action}`), action).toBeGreaterThan(50);
    }
    expect(tally.get("refused insufficient_credits fund")).toBeGreaterThan(50);
    expect(tally.get("release with fee")).toBeGreaterThan(20);
    expect(tally.get("release without fee")).toBeGreaterThan(5);
  });
});

// ---------------------------------------------------------------------------------------------
// Any body through the handler
// ---------------------------------------------------------------------------------------------

const RECEIPT = RECEIPTS.released;
/** Every action on a job in every status (most are illegal_transition), with the fields each needs. */
const ANY_STATUS_BODIES: Body[] = [
  { action: "create", ...CREATE },
  ...ACTIONS.filter((action) => action !== "create").flatMap((action) =>
    STATUSES.map((status) => ({
      action,
      job: JOBS[status],
      payer_credits: 1000,
      ...(action === "submit" && { proof_url: PROOF_URL }),
    })),
  ),
];
const LEGAL_ACTION_BODIES: Body[] = [
  ACTION_BODIES.create,
  ACTION_BODIES.fund,
  ACTION_BODIES.submit,
  ACTION_BODIES.release,
  { ...ACTION_BODIES.dispute, payer_credits: 0 },
];
/** Starting points per route: bodies that succeed, then bodies near the state errors; random members then disturb them. */
const BASES: Record<EngineRoute, [Body[], Body[]]> = {
  transition: [LEGAL_ACTION_BODIES, ANY_STATUS_BODIES],
  quote: [LEGAL_ACTION_BODIES, ANY_STATUS_BODIES],
  validate: [LEGAL_ACTION_BODIES, ANY_STATUS_BODIES],
  simulate: [
    [SIMULATE_BODY, { ...SIMULATE_BODY, terminal: "dispute" }],
    [{ ...CREATE, payer_credits: 10, proof_url: PROOF_URL }],
  ],
  verify: [
    [{ receipt: RECEIPT }, { job: JOBS.released }, { job: JOBS.disputed }, { job: JOBS.submitted, action: "dispute" }],
    [
      { job: JOBS.open, action: "release" },
      { job: JOBS.released, action: "dispute" },
    ],
  ],
};

/** Every top-level name the engines read, with every alias. */
const FIELD_NAMES = [...new Set([...FIELDS_IN_TABLE.flatMap(namesOf), "action", "job", "receipt"])];
const MEMBER_NAMES = [...new Set(JOB_MEMBER_NAMES.flatMap(memberNamesOf))];

/** Values near the rules' edges, valid and not, beside arbitrary JSON. */
const plausibleValue = fc.constantFrom<unknown>(
  ...ACTIONS,
  ...STATUSES,
  "release",
  "dispute",
  " create ",
  "Create",
  "",
  "  ",
  "x",
  PROOF_URL,
  "https://example.com/hook",
  "http://example.com/hook",
  "2099-01-01T00:00:00Z",
  "2020-01-01T00:00:00Z",
  "as_0000000001",
  "as_zz",
  0,
  1,
  -1,
  100,
  1000,
  1.5,
  MAX_SAFE,
  MAX_SAFE + 1,
  1e300,
  "10",
  "a".repeat(81),
  "😀".repeat(80),
  "k".repeat(256),
  true,
  false,
  null,
  [],
  {},
  JOBS.open,
  JOBS.funded,
  JOBS.submitted,
  JOBS.released,
  JOBS.disputed,
  RECEIPT,
);
const valueArb: fc.Arbitrary<unknown> = fc.oneof(plausibleValue, fc.jsonValue({ maxDepth: 2 }));
/** A valid job or receipt with some members replaced, dropped or renamed to an alias. */
const mutatedObjectArb = fc
  .tuple(
    fc.constantFrom<Body>(JOBS.open, JOBS.funded, JOBS.submitted, JOBS.released, JOBS.disputed, RECEIPT),
    fc.dictionary(
      fc.constantFrom(...MEMBER_NAMES, ...Object.keys(RECEIPT)),
      fc.oneof(valueArb, fc.constant(undefined)),
      { maxKeys: 3 },
    ),
  )
  .map(([base, changes]) => ({ ...base, ...changes }));
const memberValueArb = fc.oneof({ weight: 3, arbitrary: valueArb }, mutatedObjectArb);
const membersArb = fc.oneof(
  fc.dictionary(fc.constantFrom(...FIELD_NAMES), memberValueArb, { maxKeys: 1 }),
  fc.dictionary(fc.constantFrom(...FIELD_NAMES), memberValueArb, { maxKeys: 6 }),
);

/** Header values Headers accepts: tab, printable ASCII, Latin-1 (UTF-8 bytes arrive so, as the server hands them over). */
const headerTextArb = fc.string({
  unit: fc
    .oneof(fc.integer({ min: 0x20, max: 0x7e }), fc.integer({ min: 0x80, max: 0xff }), fc.constant(0x09))
    .map((code) => String.fromCharCode(code)),
  maxLength: 40,
});
const headersArb = fc.record(
  {
    Authorization: fc.oneof(
      headerTextArb,
      headerTextArb.map((text) => `Bearer ${text}`),
      headerTextArb.map((text) => `bEaReR\t${text}`),
      fc.constant("Basic dXNlcjpwYXNz"),
    ),
    "X-Service-Key": headerTextArb,
    "Idempotency-Key": fc.oneof(headerTextArb, fc.constantFrom("order-1", " order-1 ", "k".repeat(256))),
  },
  { requiredKeys: [] },
);

/** A raw body: a valid body with random members merged in, arbitrary JSON, or arbitrary text. */
const bodyArb = (route: EngineRoute): fc.Arbitrary<string> =>
  fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .tuple(fc.oneof(fc.constantFrom(...BASES[route][0]), fc.constantFrom<Body>(...BASES[route][1], {})), membersArb)
        .map(([base, members]) => JSON.stringify({ ...base, ...members })),
    },
    { weight: 2, arbitrary: fc.jsonValue().map((value) => JSON.stringify(value) ?? "") },
    { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 60 }) },
  );

describe("any body on any route through the HTTP handler", () => {
  test("is a success or a catalog error of that route with its status, in the envelope, never a 5xx or a throw", async () => {
    const handle = testHandler();
    const tally = new Tally();
    const caseArb = fc
      .constantFrom(...ENGINE_ROUTES)
      .chain((route) => fc.tuple(fc.constant(route), bodyArb(route), headersArb));
    await fc.assert(
      fc.asyncProperty(caseArb, async ([route, body, headers]) => {
        const response = await handle(
          new Request(`http://localhost${enginePath(route)}`, { method: "POST", body, headers }),
        );
        expect(response.status).toBeLessThan(500);
        expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
        const answer = (await response.json()) as Body;
        expectEnvelope(route, response.status, answer);
        if (answer.ok) {
          tally.add(`ok ${route}`);
          expect("key_id" in answer !== "key_optional" in answer).toBe(true);
        } else {
          tally.add(answer.error);
          expect(typeof answer.message).toBe("string");
          if (answer.error === "missing_field" || answer.error === "invalid_field")
            expect(typeof answer.field).toBe("string");
        }
      }),
      { seed: SEED, numRuns: RUNS.bodies },
    );
    console.log("body outcomes", JSON.stringify(Object.fromEntries(tally.counts)));
    for (const route of ENGINE_ROUTES) expect(tally.get(`ok ${route}`), `successes on ${route}`).toBeGreaterThan(20);
    for (const code of ["invalid_json", "invalid_action", "missing_field", "invalid_field", "illegal_transition"]) {
      expect(tally.get(code), code).toBeGreaterThan(20);
    }
  }, 30_000);
});

// ---------------------------------------------------------------------------------------------
// Idempotency (D15)
// ---------------------------------------------------------------------------------------------

const codePoints = (text: string) => [...text].length;
/** Text of graphemes (emoji, combining marks, CJK...) that is valid for a field: 1..max code points after trim. */
const textArb = (max: number, maxLength: number) =>
  fc
    .oneof(
      fc.string({ unit: "grapheme", minLength: 1, maxLength }),
      fc.string({ unit: "grapheme-ascii", minLength: 1, maxLength }),
    )
    .filter((text) => text.trim().length > 0 && codePoints(text.trim()) <= max);
const keyArb = textArb(LIMITS.idempotencyKeyMax, 60);
const createArb = fc.record({
  title: textArb(LIMITS.titleMax, 30),
  amount: fc.oneof(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 1, max: MAX_SAFE })),
  criteria: textArb(10_000, 60),
});
/** An engine result from a handler response: its status and parsed body. */
async function answerOf(response: Promise<Response>): Promise<EngineResult> {
  const settled = await response;
  return { status: settled.status, body: (await settled.json()) as Body };
}

/** The key as a header value: its UTF-8 bytes as Latin-1 characters, which is how a server hands them over. */
const asHeader = (key: string) => Buffer.from(key, "utf8").toString("latin1");

describe("idempotency keys (D15)", () => {
  test("the same key and fields give the same derived id in transition create and simulate; the create quote has none", async () => {
    const first = testHandler();
    const other = createHandler({ now: () => NOW + 1, randomHex: (n) => "f".repeat(n) });
    await fc.assert(
      fc.asyncProperty(keyArb, createArb, fc.boolean(), async (key, fields, viaHeader) => {
        const id = derivedId(key, fields.title, fields.amount, fields.criteria);
        const keyed: { body: Body; headers: Record<string, string> } = viaHeader
          ? { body: {}, headers: { "Idempotency-Key": asHeader(key) } }
          : { body: { idempotency_key: key }, headers: {} };
        const send = async (handle: typeof first, route: EngineRoute, body: Body) =>
          ok({
            ...(await answerOf(
              handle(
                new Request(`http://localhost${enginePath(route)}`, {
                  method: "POST",
                  body: JSON.stringify({ ...body, ...keyed.body }),
                  headers: keyed.headers,
                }),
              ),
            )),
          });

        const created = await send(first, "transition", { action: "create", ...fields });
        expect(created.job.id).toBe(id);
        expect(created.idempotent).toBe(true);
        expect(created.idempotency_key).toBe(key.trim());
        // Another clock and random source change nothing.
        expect((await send(other, "transition", { action: "create", ...fields })).job.id).toBe(id);

        const walk = await send(first, "simulate", { ...fields, payer_credits: fields.amount, proof_url: PROOF_URL });
        expect(walk.job.id).toBe(id);
        expect(walk.steps.map((step: Body) => step.job.id)).toEqual([id, id, id, id]);
        expect(walk.idempotent).toBe(true);

        const quoted = await send(first, "quote", { action: "create", ...fields });
        expect(quoted.job).not.toHaveProperty("id");
        expect(quoted.idempotency_key).toBe(key.trim());
        expect(quoted.job.title).toBe(fields.title.trim());
      }),
      { seed: SEED, numRuns: RUNS.idempotency },
    );
  }, 30_000);

  test("different keys with the same fields give different ids", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(keyArb, { minLength: 2, maxLength: 2, selector: (key) => key.trim() }),
        createArb,
        ([first, second], fields) => {
          const idOf = (key: string) =>
            ok(call("transition", { action: "create", ...fields, idempotency_key: key })).job.id;
          expect(idOf(first!)).not.toBe(idOf(second!));
        },
      ),
      { seed: SEED, numRuns: RUNS.idempotency },
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Verify (D12)
// ---------------------------------------------------------------------------------------------

const CLAIM_OF = { release_fee: "fee", agent_payout: "agent_payout", returned_to_payer: "returned_to_payer" } as const;
type ReceiptClaim = keyof typeof CLAIM_OF;

const receiptCaseArb = fc.record({
  amount: fc.oneof(fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 1, max: MAX_SAFE })),
  terminal: fc.constantFrom("release" as const, "dispute" as const),
  via: fc.constantFrom("transition" as const, "simulate" as const),
  note: fc.option(fc.string({ maxLength: 20 }), { nil: undefined }),
  clientRef: fc.option(textArb(LIMITS.clientRefMax, 10), { nil: undefined }),
  key: fc.option(fc.stringMatching(/^[A-Za-z0-9_-]{1,20}$/), { nil: undefined }),
});

type ReceiptCase = typeof receiptCaseArb extends fc.Arbitrary<infer T> ? T : never;

/** A receipt the engine produced: by a transition walk or by simulate. */
function engineReceipt(c: ReceiptCase): Body {
  const headers: Record<string, string> = c.key === undefined ? {} : { "X-Service-Key": c.key };
  const noteField = c.terminal === "release" ? "release_note" : "dispute_reason";
  const extra = { ...(c.clientRef !== undefined && { client_ref: c.clientRef }) };
  const note = c.note === undefined ? {} : { [noteField]: c.note };
  if (c.via === "simulate") {
    return ok(
      call(
        "simulate",
        {
          ...CREATE,
          amount: c.amount,
          payer_credits: c.amount,
          proof_url: PROOF_URL,
          terminal: c.terminal,
          ...extra,
          ...note,
        },
        headers,
      ),
    ).receipt;
  }
  const created = ok(call("transition", { action: "create", ...CREATE, amount: c.amount, ...extra }, headers)).job;
  const funded = ok(call("transition", { action: "fund", job: created, payer_credits: c.amount }, headers)).job;
  const submitted = ok(call("transition", { action: "submit", job: funded, proof_url: PROOF_URL }, headers)).job;
  return ok(call("transition", { action: c.terminal, job: submitted, ...note }, headers)).receipt;
}

/** The mismatches verify must report for `receipt` judged as `status` with `amount`. */
function expectedMismatches(receipt: Body, status: "released" | "disputed", amount: number) {
  const expected = settle(status, amount);
  return (Object.keys(CLAIM_OF) as ReceiptClaim[])
    .filter((member) => receipt[member] !== expected[CLAIM_OF[member]])
    .map((member) => ({ field: CLAIM_OF[member], expected: expected[CLAIM_OF[member]], received: receipt[member] }));
}

describe("verify recomputes every engine receipt (D12)", () => {
  test("accepts every receipt the engine produced, and the terminal job it came from", () => {
    fc.assert(
      fc.property(receiptCaseArb, (c) => {
        const receipt = engineReceipt(c);
        const status = c.terminal === "release" ? "released" : "disputed";
        expect(receipt.status).toBe(status);
        if (c.key !== undefined) expect(receipt.key_id).toMatch(/^k_[0-9a-f]{12}$/);
        const answer = ok(call("verify", { receipt }));
        expect(answer).toMatchObject({
          valid: true,
          verified: true,
          mismatches: [],
          job_id: receipt.job_id,
          action: c.terminal,
        });
        expect(answer.expected).toEqual(settle(status, c.amount));
      }),
      { seed: SEED, numRuns: RUNS.verify },
    );
  });

  test("flags a tampered release_fee, agent_payout or returned_to_payer as exactly that mismatch", () => {
    fc.assert(
      fc.property(
        receiptCaseArb,
        fc.constantFrom<ReceiptClaim>("release_fee", "agent_payout", "returned_to_payer"),
        fc.oneof(fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 0, max: MAX_SAFE })),
        (c, member, value) => {
          const receipt = engineReceipt(c);
          fc.pre(receipt[member] !== value);
          const answer = ok(call("verify", { receipt: { ...receipt, [member]: value } }));
          expect(answer.valid).toBe(false);
          expect(answer.verified).toBe(true);
          expect(answer.mismatches).toEqual([{ field: CLAIM_OF[member], expected: receipt[member], received: value }]);
        },
      ),
      { seed: SEED, numRuns: RUNS.verify },
    );
  });

  test("judges a receipt with the other status by that status's fees", () => {
    fc.assert(
      fc.property(receiptCaseArb, (c) => {
        const receipt = engineReceipt(c);
        const other = receipt.status === "released" ? "disputed" : "released";
        const answer = ok(call("verify", { receipt: { ...receipt, status: other } }));
        expect(answer.action).toBe(other === "released" ? "release" : "dispute");
        expect(answer.expected).toEqual(settle(other, c.amount));
        expect(answer.mismatches).toEqual(expectedMismatches(receipt, other, c.amount));
        expect(answer.valid).toBe(false);
      }),
      { seed: SEED, numRuns: RUNS.verify },
    );
  });

  test("judges a receipt with another amount by that amount's fees, always with a mismatch", () => {
    fc.assert(
      fc.property(
        receiptCaseArb,
        fc.oneof(fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 1, max: MAX_SAFE })),
        (c, amount) => {
          fc.pre(amount !== c.amount);
          const receipt = engineReceipt(c);
          const answer = ok(call("verify", { receipt: { ...receipt, amount } }));
          expect(answer.expected).toEqual(settle(receipt.status, amount));
          const mismatches = expectedMismatches(receipt, receipt.status, amount);
          expect(mismatches.length).toBeGreaterThan(0);
          expect(answer.mismatches).toEqual(mismatches);
          expect(answer.valid).toBe(false);
        },
      ),
      { seed: SEED, numRuns: RUNS.verify },
    );
  });
});
