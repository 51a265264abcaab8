/**
 * The published JSON Schemas and the engine agree. The schemas are written from the engine's
 * own tables (shared/schemas/bodies.ts), so what is left to hold is that each statement says
 * what the engine does (the OpenAPI components are the same statements, pinned by the documents'
 * snapshots). For generated near-valid bodies, each schema document rejects exactly the bodies
 * its engine answers with a schema error (400: invalid_json, invalid_action, missing_field,
 * invalid_field); a state error (409) is not a schema error, so the schema must accept that
 * body. Action bodies go to validate, simulate and verify bodies to their own engines, receipts
 * to verify as `{ receipt }`.
 *
 * Generators start from valid bodies and apply near-valid mutations from value pools (valid
 * alternatives first, so shrinking walks towards valid bodies). They stay inside what a schema
 * can state; each exclusion is marked where it is made with its UNEXPRESSED entry
 * (shared/schemas/bodies.ts), and the tests at the end show the documented direction of each:
 *   [0] trimming: no non-blank string has surrounding whitespace (blank strings are generated);
 *   [1] clock: expires_at is far in the future or no date-time at all; ttl_seconds is small;
 *   [2] day overflow: no 02-30, and no offset that moves a stamp outside years 0000-9999;
 *   [3] URL host: callback_url is a well-formed https URL with a host, or fails the pattern;
 *   [4] header equality: no Idempotency-Key header is sent;
 *   [5] dispute refund bound: disputes whose refund would pass 2^53-1 are filtered out;
 *   [6] two aliases: a body holds one name per field and per job member;
 *   [7] state rules: nothing left out; 409 bodies are generated and the schema must accept them;
 *   [8], [9] seals (D27): the generated bodies carry none, and the engine runs without a signer
 *   (a seal holds only for the job exactly as written, which no schema can see).
 */
import { describe, expect, test } from "bun:test";
import Ajv2020 from "ajv/dist/2020";
import fc from "fast-check";
import type { EngineContext } from "../../shared/engine/context.ts";
import { isObject, type JsonObject } from "../../shared/lib/json.ts";
import { ACTIONS, type Action, type EngineRoute, LIMITS, STATUSES } from "../../shared/protocol/constants.ts";
import { ERROR_CATALOG, type ErrorCode } from "../../shared/protocol/errors.ts";
import type { FieldName } from "../../shared/protocol/fields.ts";
import { namesOf } from "../../shared/protocol/fields.ts";
import type { JobMember } from "../../shared/protocol/job-members.ts";
import { memberNamesOf } from "../../shared/protocol/job-members.ts";
import type { ReceiptMember } from "../../shared/protocol/receipt-members.ts";
import { ACTION_FIELDS, SIMULATE_FIELDS } from "../../shared/protocol/request-shape.ts";
import { TTL_SECONDS_MAX } from "../../shared/protocol/rules.ts";
import { UNEXPRESSED } from "../../shared/schemas/bodies.ts";
import {
  receiptSchemaDocument,
  simulateSchemaDocument,
  transitionSchemaDocument,
  verifySchemaDocument,
} from "../../shared/schemas/json-schema-documents.ts";
import type { SealMode } from "../../shared/seal/signer.ts";
import { JOBS, RECEIPTS } from "../support/fixtures.ts";
import { CREATE, call, fixedContext, NOW, PROOF_URL } from "../support/helpers.ts";
import { testSigner } from "../support/test-signer.ts";

/** The first of `names` that `object` holds with a non-null value (the engine's reading of aliases). */
function pick(object: JsonObject, names: readonly string[]): unknown {
  for (const name of names) if (Object.hasOwn(object, name) && object[name] !== null) return object[name];
  return undefined;
}

/** Fixed seed and run counts: deterministic, and a few seconds for the whole file. */
const SEED = 20_260_101;
const RUNS = { action: 3000, simulate: 1500, verify: 2000, receipt: 1000, direction: 500 } as const;

const SITE = "http://localhost:3000";
const DOCUMENTS = {
  transition: transitionSchemaDocument(SITE),
  simulate: simulateSchemaDocument(SITE),
  receipt: receiptSchemaDocument(SITE),
  verify: verifySchemaDocument(SITE),
};
// Strict mode compiles them as they are; no `format` keyword is used, so no ajv-formats.
const ajv = new Ajv2020({ strict: true });
const SCHEMAS = {
  transition: ajv.compile(DOCUMENTS.transition),
  simulate: ajv.compile(DOCUMENTS.simulate),
  receipt: ajv.compile(DOCUMENTS.receipt),
  verify: ajv.compile(DOCUMENTS.verify),
};
type SchemaName = keyof typeof SCHEMAS;

const jobs = JOBS;
const PROOF = PROOF_URL;
const MAX = LIMITS.integerMax;

// ---------------------------------------------------------------------------------------------
// Value pools. Valid values come first. No string has surrounding whitespace unless it is blank
// (UNEXPRESSED[0], trimming: then engine and schema agree, both refuse or both ignore it).
// ---------------------------------------------------------------------------------------------

/** Marks "leave the field out". */
const OMIT = Symbol("omitted");
type Pool = readonly unknown[];

const repeat = (count: number, unit = "a") => unit.repeat(count);
/** An https URL of exactly `length` characters. */
const urlOf = (length: number) => `https://example.com/${repeat(length - "https://example.com/".length)}`;
const BLANK = ["", "   ", "\u00a0\t"];
const NOT_STRING = [10, 1.5, true, [], {}, null, OMIT];
const NOT_INTEGER = ["10", "", 1.5, true, [], {}, null, OMIT];

const POOL = {
  title: [
    "Summarise a paper",
    "x",
    "a  b",
    repeat(80),
    repeat(80, "😀"),
    repeat(81),
    repeat(81, "😀"),
    ...BLANK,
    ...NOT_STRING,
  ],
  text: ["Five bullet points", "x", PROOF, repeat(2000), ...BLANK, ...NOT_STRING],
  clientRef: ["ref-1", repeat(128), repeat(128, "😀"), repeat(129), repeat(129, "😀"), ...BLANK, ...NOT_STRING],
  idempotencyKey: ["key-1", repeat(255), repeat(255, "😀"), repeat(256), repeat(256, "😀"), ...BLANK, ...NOT_STRING],
  // UNEXPRESSED[3] (URL host): each value is a well-formed https URL with a host, or fails the
  // schema's patterns (the last four: what no URL parser takes, which the schemas refuse too).
  callbackUrl: [
    "https://example.com/hook",
    "HTTPS://EXAMPLE.COM/Hook",
    "https://example.com:8443/a?b=c#d",
    urlOf(512),
    urlOf(513),
    "http://example.com/hook",
    "ftp://example.com/hook",
    "example.com/hook",
    "https://",
    "https:///path",
    "https://exa mple.com",
    "mailto:a@example.com",
    "https://[::1",
    "https://a:99999",
    "https://%zz",
    "https://a:b:c",
    ...BLANK,
    ...NOT_STRING,
  ],
  note: ["Looks good", "", "   ", repeat(400), repeat(400, "😀"), repeat(401), repeat(401, "😀"), ...NOT_STRING],
  amount: [100, 1, MAX, 0, -1, MAX + 1, ...NOT_INTEGER],
  credits: [1000, 0, 100, MAX, -1, MAX + 1, ...NOT_INTEGER],
  // UNEXPRESSED[1] (clock): ttl_seconds stays far below the 9999-12-31 bound.
  ttl: [3600, 1, 60, 31_536_000, 0, -1, MAX + 1, ...NOT_INTEGER],
  claim: [5, 0, 95, 100, MAX, -1, MAX + 1, ...NOT_INTEGER],
  // UNEXPRESSED[1] (clock) and [2] (day overflow): expires_at is far in the future or not a
  // date-time at all, and no day lies past the end of its month.
  expiresAt: [
    "2099-01-01T00:00:00Z",
    "2099-06-30t12:00:00.123456z",
    "2099-12-31T23:59:59+00:00",
    LIMITS.expiresAtMax,
    "2099-01-01",
    "2099-01-01T00:00:00",
    "2099-01-01T00:00:00+01:00",
    "2099-01-01T00:00:00-00:00",
    "2099-13-01T00:00:00Z",
    "2099-01-32T00:00:00Z",
    "2099-01-01T24:00:00Z",
    "2099-01-01T00:60:00Z",
    "2099-01-01 00:00:00Z",
    "next week",
    ...BLANK,
    ...NOT_STRING,
  ],
  // Job and receipt stamps: any RFC 3339 date-time (D13a), impossible dates included (the schemas
  // refuse them too). UNEXPRESSED[2]: no offset that moves an instant outside years 0000-9999.
  stamp: [
    "2026-01-01T00:00:00.000Z",
    "2025-12-31T19:00:00-05:00",
    "2026-01-01t00:00:00z",
    "2025-06-01T12:00:00.5+05:30",
    "0000-01-01T00:00:00Z",
    "0000-01-01T00:00:00-01:00",
    "9999-12-31T23:59:59+01:00",
    LIMITS.expiresAtMax,
    "yesterday",
    "2026-01-01",
    "2026-01-01T00:00:00",
    "2026-01-01T00:00:00+24:00",
    "2026-00-10T00:00:00Z",
    "2026-01-32T00:00:00Z",
    "2026-02-30T00:00:00Z",
    "2026-02-29T00:00:00Z",
    "2024-02-29T00:00:00Z",
    "2025-04-31T00:00:00Z",
    ...BLANK,
    ...NOT_STRING,
  ],
  jobId: [
    "as_0000000001",
    "as_0123456789",
    "as_abcdef0123",
    "as_ABCDEF0123",
    "as_012345678",
    "as_01234567890",
    "AS_0123456789",
    "as_012345678g",
    "0123456789",
    ...BLANK,
    ...NOT_STRING,
  ],
  status: [...STATUSES, "closed", "OPEN", "expired", ...BLANK, ...NOT_STRING],
  receiptStatus: ["released", "disputed", "submitted", "open", "Released", ...BLANK, ...NOT_STRING],
  keyId: ["k_0123456789ab", "k_0123456789AB", "k_0123456789a", "key", ...BLANK, ...NOT_STRING],
  // D30: a CAIP-10 account on an EVM network, and a payment's identity (32 bytes, lowercase hex).
  x402Payer: [
    `eip155:402402:0x${repeat(20, "aB")}`,
    `eip155:1:0x${repeat(40, "0")}`,
    `eip155:402402:0x${repeat(39, "0")}`,
    `solana:5eykt4:0x${repeat(40, "0")}`,
    `0x${repeat(40, "0")}`,
    ...BLANK,
    ...NOT_STRING,
  ],
  x402Payment: [
    `0x${repeat(64, "a")}`,
    `0x${repeat(64, "A")}`,
    `0x${repeat(63, "a")}`,
    repeat(64, "a"),
    ...BLANK,
    ...NOT_STRING,
  ],
  x402Settlement: ["capture", "void", "refund", "Capture", ...BLANK, ...NOT_STRING],
  anyText: [PROOF, "", "   ", "x", ...NOT_STRING],
  terminal: ["release", "dispute", "Release", "refund", ...BLANK, ...NOT_STRING],
  action: [...ACTIONS, "Create", "launch", "verify", ...BLANK, ...NOT_STRING],
  verifyAction: ["release", "dispute", "create", "fund", "submit", "Release", ...BLANK, ...NOT_STRING],
  job: [jobs.submitted, jobs.open, jobs.funded, jobs.released, jobs.disputed, {}, "job", 5, true, [], null, OMIT],
  receipt: [RECEIPTS.released, RECEIPTS.disputed, {}, "receipt", 5, true, [], null, OMIT],
  unknown: [1, "x", null, true, [], {}],
} as const satisfies Record<string, Pool>;

/** The pool of each top-level field (namesOf gives its names). */
const FIELD_POOLS: Record<FieldName, Pool> = {
  title: POOL.title,
  amount: POOL.amount,
  criteria: POOL.text,
  payer_credits: POOL.credits,
  proof_url: POOL.text,
  proof_note: POOL.note,
  release_note: POOL.note,
  dispute_reason: POOL.note,
  client_ref: POOL.clientRef,
  callback_url: POOL.callbackUrl,
  expires_at: POOL.expiresAt,
  ttl_seconds: POOL.ttl,
  idempotency_key: POOL.idempotencyKey,
  terminal: POOL.terminal,
  fee: POOL.claim,
  agent_payout: POOL.claim,
  returned_to_payer: POOL.claim,
};

/** The pool of each job member (memberNamesOf gives its names). */
const JOB_POOLS: Record<JobMember, Pool> = {
  id: POOL.jobId,
  title: POOL.title,
  amount: POOL.amount,
  criteria: POOL.text,
  proofUrl: POOL.anyText,
  proofNote: POOL.note,
  status: POOL.status,
  createdAt: POOL.stamp,
  fundedAt: POOL.stamp,
  submittedAt: POOL.stamp,
  resolvedAt: POOL.stamp,
  fee: POOL.claim,
  agentPayout: POOL.claim,
  releaseNote: POOL.note,
  disputeReason: POOL.note,
  clientRef: POOL.clientRef,
  callbackUrl: POOL.callbackUrl,
  // A past expiresAt on the job is a state matter (hold_expired on release), not a field error.
  expiresAt: [...POOL.expiresAt, "2025-06-01T00:00:00Z", new Date(NOW).toISOString()],
  x402Payer: POOL.x402Payer,
  x402Payment: POOL.x402Payment,
};

/** The pool of each receipt member. */
const RECEIPT_POOLS: Record<ReceiptMember, Pool> = {
  job_id: POOL.jobId,
  title: POOL.title,
  status: POOL.receiptStatus,
  amount: POOL.amount,
  release_fee: POOL.claim,
  agent_payout: POOL.claim,
  returned_to_payer: POOL.claim,
  success_criteria: POOL.text,
  proof: POOL.anyText,
  created: POOL.stamp,
  funded: POOL.stamp,
  submitted: POOL.stamp,
  resolved: POOL.stamp,
  client_ref: POOL.clientRef,
  callback_url: POOL.callbackUrl,
  proof_note: POOL.note,
  release_note: POOL.note,
  dispute_reason: POOL.note,
  key_id: POOL.keyId,
  x402_payer: POOL.x402Payer,
  x402_payment: POOL.x402Payment,
  x402_settlement: POOL.x402Settlement,
};

/** Names no engine knows, which both sides ignore (D5, D6). */
const UNKNOWN_NAMES = ["extra", "Title", "ACTION", "payer-credits", "jobId", "Status", "createdat", "notes"] as const;

// ---------------------------------------------------------------------------------------------
// Mutations
// ---------------------------------------------------------------------------------------------

/** One mutation: which slot, which of its names, which pool value (indices, so they shrink to 0). */
interface Mutation {
  slot: string;
  alias: number;
  value: number;
}

/** Half the values come from the front of a pool, where the valid ones are, so both sides of the line are reached. */
const valueIndex = fc.oneof(fc.nat(2), fc.nat(63));

/** Up to `maxLength` mutations; three in four pick one of `focus` (the fields the base's route reads). */
function mutations(slots: readonly string[], focus: readonly string[], maxLength: number): fc.Arbitrary<Mutation[]> {
  if (slots.length === 0) return fc.constant([]);
  const slot =
    focus.length === 0
      ? fc.constantFrom(...slots)
      : fc.oneof(
          { arbitrary: fc.constantFrom(...focus), weight: 3 },
          { arbitrary: fc.constantFrom(...slots), weight: 1 },
        );
  return fc.array(fc.record({ slot, alias: fc.nat(3), value: valueIndex }), { maxLength });
}

/** A slot: the names it may be sent under and its pool. */
type Slots = Record<string, { names: readonly string[]; pool: Pool }>;

/**
 * Writes the mutation into `target`. UNEXPRESSED[6] (two aliases): every name of the slot is
 * removed first, so a body never holds two aliases of one field.
 */
function apply(target: JsonObject, slots: Slots, { slot, alias, value }: Mutation): void {
  const { names, pool } = slots[slot]!;
  for (const name of names) delete target[name];
  const chosen = pool[value % pool.length];
  if (chosen !== OMIT) target[names[alias % names.length]!] = structuredClone(chosen);
}

const fieldSlots = (fields: readonly FieldName[]): Slots =>
  Object.fromEntries(fields.map((field) => [field, { names: namesOf(field), pool: FIELD_POOLS[field] }]));
const FIELD_NAMES = Object.keys(FIELD_POOLS) as FieldName[];
const JOB_SLOTS: Slots = Object.fromEntries(
  (Object.keys(JOB_POOLS) as JobMember[]).map((member) => [
    member,
    { names: memberNamesOf(member), pool: JOB_POOLS[member] },
  ]),
);
const RECEIPT_SLOTS: Slots = Object.fromEntries(
  (Object.keys(RECEIPT_POOLS) as ReceiptMember[]).map((member) => [
    member,
    { names: [member], pool: RECEIPT_POOLS[member] },
  ]),
);
const UNKNOWN_SLOTS: Slots = Object.fromEntries(
  UNKNOWN_NAMES.map((name) => [name, { names: [name], pool: POOL.unknown }]),
);

/** Top-level slots: every field (those of other actions too, D5), action, job and receipt. */
const slotsWith = (action: Pool): Slots => ({
  ...fieldSlots(FIELD_NAMES),
  action: { names: ["action"], pool: action },
  job: { names: ["job"], pool: POOL.job },
  receipt: { names: ["receipt"], pool: POOL.receipt },
});
const ACTION_SLOTS = slotsWith(POOL.action);
const VERIFY_SLOTS = slotsWith(POOL.verifyAction);

/** A valid (or state-error) starting body, and the slots its route reads. */
interface Base {
  body: JsonObject;
  focus: readonly string[];
}

/** The job fields and members most mutations aim at: status drives the state errors. */
const MEMBER_FOCUS = ["status", "amount", "id", "createdAt", "expiresAt", "proofUrl", "title"];

/** One generated body: a base, then mutations at the top (unless `top` is false), in the job and in the receipt. */
function bodies(slots: Slots, bases: readonly Base[], top = true): fc.Arbitrary<JsonObject> {
  return fc.nat(bases.length - 1).chain((index) =>
    fc
      .record({
        // 1 in 8 bodies send both expiry fields before the other mutations (D7's expiry conflict).
        bothExpiry: fc.nat(7).map((n) => top && n === 7),
        fields: mutations(Object.keys(slots), bases[index]!.focus, 3),
        members: mutations(Object.keys(JOB_SLOTS), MEMBER_FOCUS, 2),
        receiptMembers: mutations(Object.keys(RECEIPT_SLOTS), ["status", "amount", "release_fee", "job_id"], 3),
        unknown: mutations(top ? UNKNOWN_NAMES : [], [], 1),
        memberUnknown: mutations(UNKNOWN_NAMES, [], 1),
      })
      .map((p) => {
        const body = structuredClone(bases[index]!.body);
        if (p.bothExpiry) Object.assign(body, { expires_at: "2099-01-01T00:00:00Z", ttl_seconds: 3600 });
        for (const m of p.fields) apply(body, slots, m);
        for (const m of p.unknown) apply(body, UNKNOWN_SLOTS, m);
        if (isObject(body.job)) {
          for (const m of p.members) apply(body.job, JOB_SLOTS, m);
          for (const m of p.memberUnknown) apply(body.job, UNKNOWN_SLOTS, m);
        }
        if (isObject(body.receipt)) {
          for (const m of p.receiptMembers) apply(body.receipt, RECEIPT_SLOTS, m);
          for (const m of p.memberUnknown) apply(body.receipt, UNKNOWN_SLOTS, m);
        }
        return body;
      }),
  );
}

/** UNEXPRESSED[5] (dispute refund bound, D3): a dispute whose refund would pass 2^53-1. */
function crossesRefundBound(body: JsonObject): boolean {
  if (body.action !== "dispute" || !isObject(body.job)) return false;
  const credits = pick(body, namesOf("payer_credits"));
  const amount = pick(body.job, memberNamesOf("amount"));
  return (
    Number.isSafeInteger(credits) &&
    Number.isSafeInteger(amount) &&
    (credits as number) >= 0 &&
    (amount as number) >= 1 &&
    (credits as number) + (amount as number) > MAX
  );
}

const expired = { ...jobs.submitted, expiresAt: "2025-06-01T00:00:00.000Z" };
const actionFocus = (action: Action): string[] => [
  "action",
  ...ACTION_FIELDS[action].required,
  ...ACTION_FIELDS[action].optional,
];
const ACTION_BASES: Base[] = [
  { body: { action: "create", ...CREATE }, focus: actionFocus("create") },
  { body: { action: "fund", job: jobs.open, payer_credits: 1000 }, focus: actionFocus("fund") },
  { body: { action: "submit", job: jobs.funded, proof_url: PROOF }, focus: actionFocus("submit") },
  { body: { action: "release", job: jobs.submitted }, focus: actionFocus("release") },
  { body: { action: "dispute", job: jobs.submitted }, focus: actionFocus("dispute") },
  // State errors (409): the schema accepts these bodies.
  { body: { action: "fund", job: jobs.open, payer_credits: 10 }, focus: actionFocus("fund") },
  { body: { action: "release", job: jobs.open }, focus: actionFocus("release") },
  { body: { action: "release", job: expired }, focus: actionFocus("release") },
  { body: { action: "submit", job: jobs.released, proof_url: PROOF }, focus: actionFocus("submit") },
];
const SIMULATE_FOCUS = [...SIMULATE_FIELDS.required, ...SIMULATE_FIELDS.optional];
const SIMULATE_BASES: Base[] = [
  { body: { ...CREATE, payer_credits: 1000, proof_url: PROOF }, focus: SIMULATE_FOCUS },
  {
    body: { ...CREATE, payer_credits: 1000, proof_url: PROOF, terminal: "dispute", dispute_reason: "Off topic" },
    focus: SIMULATE_FOCUS,
  },
  { body: { ...CREATE, payer_credits: 10, proof_url: PROOF }, focus: SIMULATE_FOCUS }, // insufficient_credits (409)
];
const VERIFY_FOCUS = ["action", "job", "receipt", "fee", "agent_payout", "returned_to_payer", "idempotency_key"];
const VERIFY_BASES: Base[] = [
  { body: { receipt: RECEIPTS.released }, focus: VERIFY_FOCUS },
  { body: { receipt: RECEIPTS.disputed }, focus: VERIFY_FOCUS },
  { body: { job: jobs.released }, focus: VERIFY_FOCUS },
  { body: { job: jobs.disputed }, focus: VERIFY_FOCUS },
  {
    body: { job: jobs.submitted, action: "release", fee: 5, agent_payout: 95, returned_to_payer: 0 },
    focus: VERIFY_FOCUS,
  },
  {
    body: { job: jobs.submitted, action: "dispute", fee: 0, agent_payout: 0, returned_to_payer: 100 },
    focus: VERIFY_FOCUS,
  },
  // illegal_transition (409): the schema accepts these bodies.
  { body: { receipt: RECEIPTS.released, action: "dispute" }, focus: VERIFY_FOCUS },
  { body: { job: jobs.open, action: "release" }, focus: VERIFY_FOCUS },
];
// Only the receipt's members change; the body stays `{ receipt }`.
const RECEIPT_BASES: Base[] = [
  { body: { receipt: RECEIPTS.released }, focus: [] },
  { body: { receipt: RECEIPTS.disputed }, focus: [] },
];

// No Idempotency-Key header is ever sent: UNEXPRESSED[4] (header equality).
const REGIONS = {
  action: {
    route: "validate",
    schema: "transition",
    arbitrary: bodies(ACTION_SLOTS, ACTION_BASES).filter((body) => !crossesRefundBound(body)),
  },
  simulate: { route: "simulate", schema: "simulate", arbitrary: bodies(ACTION_SLOTS, SIMULATE_BASES) },
  verify: { route: "verify", schema: "verify", arbitrary: bodies(VERIFY_SLOTS, VERIFY_BASES) },
  receipt: { route: "verify", schema: "receipt", arbitrary: bodies({}, RECEIPT_BASES, false) },
} as const satisfies Record<string, { route: EngineRoute; schema: SchemaName; arbitrary: fc.Arbitrary<JsonObject> }>;
type Region = keyof typeof REGIONS;

// ---------------------------------------------------------------------------------------------
// The comparison
// ---------------------------------------------------------------------------------------------

type Outcome = "accepted" | "state" | "schema";

/** What the engine says: accepted (200), a state error (409) or a schema error (400, kind schema). */
function engineOutcome(
  route: EngineRoute,
  body: unknown,
  headers: Record<string, string> = {},
  ctx?: EngineContext,
): { outcome: Outcome; answer: Record<string, unknown> } {
  const { status, body: answer } = call(route, body, headers, ctx);
  if (status === 200) return { outcome: "accepted", answer };
  const entry = ERROR_CATALOG[answer.error as ErrorCode];
  expect(entry, JSON.stringify(answer)).toBeDefined();
  expect(status).toBe(entry.status);
  if (status === 409 && entry.kind === "state") return { outcome: "state", answer };
  expect(`${status} ${entry.kind}`, JSON.stringify(answer)).toBe("400 schema");
  return { outcome: "schema", answer };
}

/** What the schema says about the body as the engine sees it (after a JSON round trip). */
function schemaAccepts(schema: SchemaName, body: unknown): { accepted: boolean; errors: unknown } {
  const validate = SCHEMAS[schema];
  const json = JSON.parse(JSON.stringify(body));
  const accepted = validate(json) as boolean;
  return { accepted, errors: validate.errors };
}

const subjectOf = (region: Region, body: JsonObject): unknown => (region === "receipt" ? body.receipt : body);

function compare(region: Region, body: JsonObject) {
  const { route, schema } = REGIONS[region];
  const engine = engineOutcome(route, body);
  const verdict = schemaAccepts(schema, subjectOf(region, body));
  return { engine, verdict, agree: verdict.accepted === (engine.outcome !== "schema") };
}

/** Runs a property with the fixed seed; on a failure, prints the shrunk counterexample with both answers. */
function checkProperty<T>(
  name: string,
  arbitrary: fc.Arbitrary<T>,
  numRuns: number,
  holds: (value: T) => boolean,
  explain: (value: T) => string[],
): void {
  const details = fc.check(fc.property(arbitrary, holds), { seed: SEED, numRuns });
  if (!details.failed) return;
  const report = [
    `${name}: counterexample (seed ${SEED}, path ${details.counterexamplePath}, ${details.numShrinks} shrinks)`,
    ...(details.counterexample ? explain(details.counterexample[0]) : [String(details.errorInstance)]),
  ].join("\n");
  console.error(report);
  expect(details.failed as boolean, report).toBe(false);
}

/** The lines that show a body and both answers. */
function explain(region: Region, body: JsonObject): string[] {
  const { engine, verdict } = compare(region, body);
  return [
    `body: ${JSON.stringify(body)}`,
    `engine (${REGIONS[region].route}): ${engine.outcome} ${JSON.stringify(engine.answer)}`,
    `schema (${REGIONS[region].schema}.json): ${verdict.accepted ? "accepts" : `rejects ${JSON.stringify(verdict.errors)}`}`,
  ];
}

describe("published JSON Schemas and the engine agree on generated bodies", () => {
  test("the four schema documents use no `format` keyword (ajv-formats not needed)", () => {
    expect(JSON.stringify(DOCUMENTS)).not.toContain('"format"');
  });

  test.each([
    ["action", "validate with transition.json"],
    ["simulate", "simulate with simulate.json"],
    ["verify", "verify with verify.json"],
    ["receipt", "verify { receipt } with receipt.json"],
  ] as const)(
    "%s bodies: %s reject exactly the same ones",
    (region) => {
      const counts: Record<Outcome, number> = { accepted: 0, state: 0, schema: 0 };
      checkProperty(
        region,
        REGIONS[region].arbitrary,
        RUNS[region],
        (body) => {
          const result = compare(region, body);
          counts[result.engine.outcome]++;
          return result.agree;
        },
        (body) => explain(region, body),
      );
      // Not vacuous: the generator reaches both sides of the line, and state errors.
      const total = counts.accepted + counts.state + counts.schema;
      expect(counts.accepted + counts.state, JSON.stringify(counts)).toBeGreaterThan(total * 0.2);
      expect(counts.schema, JSON.stringify(counts)).toBeGreaterThan(total * 0.2);
      if (region !== "receipt") expect(counts.state, JSON.stringify(counts)).toBeGreaterThan(total * 0.05);
      // One body is five action schemas to try since TransitionBody is a oneOf: generous on a loaded machine.
    },
    60_000,
  );
});

// ---------------------------------------------------------------------------------------------
// What the generator leaves out (UNEXPRESSED), and the direction each exclusion goes
// ---------------------------------------------------------------------------------------------

/** A generated action, simulate or verify body with its region. */
const anyBody = fc.oneof(
  ...(["action", "simulate", "verify"] as const).map((region) =>
    REGIONS[region].arbitrary.map((body) => ({ region, body })),
  ),
);

/** Every string at the top and one level down, with surrounding whitespace. */
const padded = (body: JsonObject): JsonObject => {
  const padValue = (value: unknown): unknown => (typeof value === "string" ? ` \t${value}\u00a0` : value);
  return Object.fromEntries(
    Object.entries(body).map(([key, value]) => [
      key,
      isObject(value) ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, padValue(v)])) : padValue(value),
    ]),
  );
};

/** Fields and job members that have more than one name. */
const MULTI_NAMED: Slots = Object.fromEntries(
  [
    ...Object.entries(fieldSlots(FIELD_NAMES)),
    ...Object.entries(JOB_SLOTS).map(([member, slot]) => [`job.${member}`, slot] as const),
  ].filter(([, slot]) => slot.names.length > 1),
);

/** Writes two different names of one field (or job member) with two pool values. */
function withTwoNames(body: JsonObject, slot: string, first: number, second: number, a: number, b: number): JsonObject {
  const copy = structuredClone(body);
  const target = slot.startsWith("job.") ? copy.job : copy;
  if (!isObject(target)) return copy;
  const { names, pool } = MULTI_NAMED[slot]!;
  for (const name of names) delete target[name];
  const i = first % names.length;
  const j = (i + 1 + (second % (names.length - 1))) % names.length;
  for (const [name, value] of [
    [names[i]!, pool[a % pool.length]],
    [names[j]!, pool[b % pool.length]],
  ] as const) {
    if (value !== OMIT) target[name] = structuredClone(value);
  }
  return copy;
}

describe("UNEXPRESSED[0] and [6] never make a schema looser than the engine", () => {
  test("surrounding whitespace (D2): the engine answers as without it, and the schema accepts no more", () => {
    checkProperty(
      "padding",
      anyBody,
      RUNS.direction,
      ({ region, body }) => {
        const before = compare(region, body);
        const after = compare(region, padded(body));
        return after.engine.outcome === before.engine.outcome && (!after.verdict.accepted || before.verdict.accepted);
      },
      ({ region, body }) => [...explain(region, body), "padded:", ...explain(region, padded(body))],
    );
  });

  test("two names of one field: when the schema accepts, so does the engine", () => {
    const arbitrary = fc
      .tuple(anyBody, fc.constantFrom(...Object.keys(MULTI_NAMED)), fc.nat(3), fc.nat(3), valueIndex, valueIndex)
      .map(([{ region, body }, slot, first, second, a, b]) => ({
        region,
        body: withTwoNames(body, slot, first, second, a, b),
      }))
      .filter(({ body }) => !crossesRefundBound(body));
    checkProperty(
      "two names",
      arbitrary,
      RUNS.direction,
      ({ region, body }) => {
        const { engine, verdict } = compare(region, body);
        return !verdict.accepted || engine.outcome !== "schema";
      },
      ({ region, body }) => explain(region, body),
    );
  });
});

/** How an example relates the schema to the engine. */
type Direction =
  | "stricter" // the schema rejects, the engine accepts
  | "looser" // the schema accepts, the engine answers a schema error (400)
  | "state"; // the schema accepts, the engine answers a state error (409)

interface Example {
  name: string;
  route: EngineRoute;
  schema: SchemaName;
  body: JsonObject;
  headers?: Record<string, string>;
  /** The SEALS setting the engine runs under (D27); none: no signer, as SEALS=off. */
  seals?: Exclude<SealMode, "off">;
}

const SIGNER = testSigner();
/** The engine's context under `seals`, with the test signer. */
const sealsContext = (seals: Exclude<SealMode, "off"> | undefined): EngineContext | undefined =>
  seals && { ...fixedContext(), sealing: { mode: seals, signer: SIGNER } };
/** A seal of the right shape (a detached compact JWS) that is no seal of SIGNER's. */
const FOREIGN_SEAL = `${Buffer.from('{"alg":"EdDSA","kid":"other"}').toString("base64url")}..${"A".repeat(86)}`;
/** A submitted job SIGNER sealed, as the engine wrote it (D27). */
const SEALED_SUBMITTED = (() => {
  const ctx = sealsContext("on");
  let job = call("transition", { action: "create", ...CREATE }, {}, ctx).body.job as JsonObject;
  job = call("transition", { action: "fund", job, payer_credits: 1000 }, {}, ctx).body.job as JsonObject;
  return call("transition", { action: "submit", job, proof_url: PROOF_URL }, {}, ctx).body.job as JsonObject;
})();
/** SEALED_SUBMITTED with its members rewritten by `change`, its seal kept last. */
const resealed = (change: (job: JsonObject) => JsonObject): JsonObject => {
  const { seal, ...members } = SEALED_SUBMITTED;
  return { ...change(members), seal };
};

const fund = (extra: JsonObject): JsonObject => ({ action: "fund", job: jobs.open, payer_credits: 1000, ...extra });
const create = (extra: JsonObject): JsonObject => ({ action: "create", ...CREATE, ...extra });
const simulateBody = (extra: JsonObject): JsonObject => ({
  ...CREATE,
  payer_credits: 1000,
  proof_url: PROOF,
  ...extra,
});
const action = (body: JsonObject): Omit<Example, "name"> => ({ route: "validate", schema: "transition", body });
const sim = (body: JsonObject): Omit<Example, "name"> => ({
  route: "simulate",
  schema: "simulate",
  body: simulateBody(body),
});
const ver = (body: JsonObject): Omit<Example, "name"> => ({ route: "verify", schema: "verify", body });

/** Per UNEXPRESSED entry: a word its text holds, the direction, and examples. */
const EXCLUSIONS: { entry: number; mentions: string; direction: Direction; examples: Example[] }[] = [
  {
    entry: 0,
    mentions: "trimmed",
    direction: "stricter",
    examples: [
      {
        name: "a padded job id",
        ...action({ action: "release", job: { ...jobs.submitted, id: ` ${jobs.submitted.id}` } }),
      },
      { name: "80 characters and surrounding spaces", ...action(create({ title: ` ${repeat(80)} ` })) },
      { name: "an action with surrounding spaces", ...action({ ...create({}), action: " create " }) },
      { name: "a padded expires_at", ...action(fund({ expires_at: " 2099-01-01T00:00:00Z" })) },
      {
        name: "a padded job status",
        ...action({ action: "release", job: { ...jobs.submitted, status: "submitted\n" } }),
      },
      {
        name: "a 400-character note and a newline",
        ...action({ action: "release", job: jobs.submitted, release_note: `${repeat(400)}\n` }),
      },
      { name: "a padded simulate terminal", ...sim({ terminal: " dispute " }) },
      { name: "a padded verify action", ...ver({ job: jobs.submitted, action: "release " }) },
      {
        name: "a padded receipt status",
        route: "verify",
        schema: "receipt",
        body: { receipt: { ...RECEIPTS.released, status: " released" } },
      },
    ],
  },
  {
    entry: 1,
    mentions: "clock",
    direction: "looser",
    examples: [
      { name: "expires_at in the past", ...action(fund({ expires_at: "2025-12-31T23:59:59Z" })) },
      { name: "expires_at equal to now", ...action(fund({ expires_at: new Date(NOW).toISOString() })) },
      {
        name: "a ttl_seconds that ends the hold past 9999-12-31 from now",
        ...action(fund({ ttl_seconds: TTL_SECONDS_MAX })),
      },
      { name: "a simulate expires_at in the past", ...sim({ expires_at: "2020-01-01T00:00:00Z" }) },
    ],
  },
  {
    entry: 2,
    mentions: "outside years 0000-9999",
    direction: "looser",
    examples: [
      {
        name: "job.createdAt before year 0000 in UTC",
        ...action({ action: "release", job: { ...jobs.submitted, createdAt: "0000-01-01T00:00:00+01:00" } }),
      },
      {
        name: "job.resolvedAt after year 9999 in UTC",
        ...ver({ job: { ...jobs.released, resolvedAt: "9999-12-31T23:59:59-01:00" } }),
      },
    ],
  },
  {
    entry: 3,
    mentions: "host",
    direction: "looser",
    examples: [
      {
        name: "callback_url with a host character no URL takes",
        ...action(create({ callback_url: "https://exa<mple.com" })),
      },
      {
        name: "job.callbackUrl with a caret in its host",
        ...action({ action: "release", job: { ...jobs.submitted, callbackUrl: "https://a^b.example" } }),
      },
    ],
  },
  {
    entry: 4,
    mentions: "Idempotency-Key",
    direction: "looser",
    examples: [
      {
        name: "a header that differs from idempotency_key",
        ...action(create({ idempotency_key: "a" })),
        headers: { "Idempotency-Key": "b" },
      },
      { name: "a 256-character header", ...sim({}), headers: { "Idempotency-Key": repeat(256) } },
    ],
  },
  {
    entry: 5,
    mentions: "refund",
    direction: "looser",
    examples: [
      { name: "payer_credits at the bound", ...action({ action: "dispute", job: jobs.submitted, payer_credits: MAX }) },
      {
        name: "an amount at the bound",
        ...action({ action: "dispute", job: { ...jobs.submitted, amount: MAX }, payer_credits: 1 }),
      },
    ],
  },
  {
    entry: 6,
    mentions: "two of its names",
    direction: "stricter",
    examples: [
      { name: "payer_credits and payerCredits, equal", ...action(fund({ payerCredits: 1000 })) },
      {
        name: "callback_url and notify_url, equal after trimming",
        ...action(create({ callback_url: "https://example.com/hook", notify_url: " https://example.com/hook" })),
      },
      { name: "proof_url and proofUrl, equal", ...sim({ proofUrl: PROOF }) },
      {
        name: "job.createdAt and created_at, equal",
        ...action({ action: "release", job: { ...jobs.submitted, created_at: jobs.submitted.createdAt } }),
      },
      {
        name: "agent_payout and agentPayout, equal",
        ...ver({ job: jobs.released, agent_payout: 95, agentPayout: 95 }),
      },
    ],
  },
  {
    entry: 7,
    mentions: "State rules",
    direction: "state",
    examples: [
      { name: "a release of an open job", ...action({ action: "release", job: jobs.open }) },
      { name: "a fund below the amount", ...action(fund({ payer_credits: 10 })) },
      { name: "a release after expiresAt", ...action({ action: "release", job: expired }) },
      { name: "a simulate below the amount", ...sim({ payer_credits: 10 }) },
      { name: "a released receipt verified as a dispute", ...ver({ receipt: RECEIPTS.released, action: "dispute" }) },
      { name: "an open job verified", ...ver({ job: jobs.open, action: "release" }) },
    ],
  },
  {
    entry: 8,
    mentions: "SEALS=required",
    direction: "looser",
    examples: [
      { name: "a job without a seal", ...action({ action: "release", job: jobs.submitted }), seals: "required" },
      {
        name: "a seal of another key",
        ...action({ action: "release", job: { ...jobs.submitted, seal: FOREIGN_SEAL } }),
        seals: "required",
      },
      {
        name: "a sealed job with a member renamed to its alias",
        ...action({ action: "release", job: resealed(({ proofUrl, ...rest }) => ({ ...rest, proof_url: proofUrl })) }),
        seals: "required",
      },
      {
        name: "a sealed job with a member added",
        ...action({ action: "release", job: resealed((members) => ({ ...members, paid: true })) }),
        seals: "required",
      },
      {
        name: "a sealed job with its members moved",
        ...action({ action: "release", job: resealed(({ id, ...rest }) => ({ ...rest, id })) }),
        seals: "required",
      },
    ],
  },
  {
    entry: 9,
    mentions: "SEALS=on or off",
    direction: "stricter",
    examples: [
      { name: "a seal that is a number", ...action({ action: "release", job: { ...jobs.submitted, seal: 5 } }) },
      {
        name: "a seal that is no JWS",
        ...action({ action: "release", job: { ...jobs.submitted, seal: "not a seal" } }),
        seals: "on",
      },
      {
        name: "a receipt signature of two parts",
        route: "verify",
        schema: "receipt",
        body: { receipt: { ...RECEIPTS.released, signature: "a.b" } },
        seals: "on",
      },
    ],
  },
];

describe("what no schema can state (UNEXPRESSED): the schemas err only in the documented direction", () => {
  test("every UNEXPRESSED entry has examples here", () => {
    expect(EXCLUSIONS.map((e) => e.entry)).toEqual(UNEXPRESSED.map((_, i) => i));
    for (const { entry, mentions } of EXCLUSIONS) expect(UNEXPRESSED[entry]).toContain(mentions);
  });

  const cases = EXCLUSIONS.flatMap(({ entry, direction, examples }) =>
    examples.map((example) => [entry, direction, example.name, example] as const),
  );
  test.each(cases)("UNEXPRESSED[%d] %s: %s", (_entry, direction, _name, { route, schema, body, headers, seals }) => {
    const { outcome, answer } = engineOutcome(route, body, headers, sealsContext(seals));
    const { accepted } = schemaAccepts(schema, schema === "receipt" ? body.receipt : body);
    const expected = { stricter: [false, "accepted"], looser: [true, "schema"], state: [true, "state"] }[direction];
    expect([accepted, outcome], JSON.stringify(answer)).toEqual(expected as [boolean, Outcome]);
  });
});

describe("never looser (D2), as outside fuzzers found it: the schema refuses what the engine refuses", () => {
  const refusedByBoth = [
    { name: "ttl_seconds near 2^53", ...action(fund({ ttl_seconds: 2 ** 53 - 1000 })) },
    { name: "ttl_seconds one past the longest hold", ...action(fund({ ttl_seconds: TTL_SECONDS_MAX + 1 })) },
    { name: "a simulate ttl_seconds near 2^53", ...sim({ ttl_seconds: 9_007_199_254_739_841 }) },
    { name: "a C0 control in callback_url's host", ...action(create({ callback_url: "https://\u0006x/" })) },
    { name: "DEL in callback_url's host", ...action(create({ callback_url: "https://a\u007fb.example/" })) },
    { name: "a control before the port", ...action(create({ callback_url: "https://a.example\u001f:443/" })) },
  ];
  test.each(refusedByBoth.map((example) => [example.name, example] as const))(
    "%s",
    (_name, { route, schema, body }) => {
      const { outcome, answer } = engineOutcome(route, body);
      expect(outcome, JSON.stringify(answer)).toBe("schema");
      expect(schemaAccepts(schema, body).accepted).toBe(false);
    },
  );

  test("a control character after the host is the URL parser's to escape: both accept it", () => {
    const { route, schema, body } = action(create({ callback_url: "https://a.example/p\u0006q" }));
    expect(engineOutcome(route, body).outcome).toBe("accepted");
    expect(schemaAccepts(schema, body).accepted).toBe(true);
  });
});
