/**
 * The field rules of engine bodies, one rule at a time, on every route that reads them:
 * lengths in code points (D1), trimming and null (D2), integers (D3), date-times and expiry
 * (D4, D13a), callback_url (D13a), request aliases (SETTLEMENT.md "Request fields"), fields on the wrong action (D5), the
 * client-held job (D6), the order of checks (D7) and validate's error list (D8). Expectations
 * come from SETTLEMENT.md and its decisions; where they give no message text, the message must name its field.
 * Wrong JSON types per field live in bad-input.test.ts.
 */
import { describe, expect, test } from "bun:test";
import type { EngineContext, EngineResult } from "../../shared/engine/context.ts";
import type { EngineRoute } from "../../shared/protocol/constants.ts";
import * as FIELD_RULES from "../../shared/protocol/rules.ts";
import {
  ACTION_BODIES,
  ACTION_ROUTES,
  AFTER_HOLD,
  HELD,
  JOBS,
  jobFieldsWith,
  SIMULATE_BODY,
} from "../support/fixtures.ts";
import { CREATE, call, fixedContext, NOW, ok, PROOF_URL, rejected } from "../support/helpers.ts";

type Body = Record<string, any>;
type Action = "create" | "fund" | "submit" | "release" | "dispute";
type Route = "transition" | "quote" | "validate" | "simulate";

const ROUTES = ["transition", "quote", "validate", "simulate"] as const;
const ACTIONS = ["create", "fund", "submit", "release", "dispute"] as const;

const MAX = Number.MAX_SAFE_INTEGER;
/** Stands for the raw JSON number 1e400, which JSON.stringify cannot write (D3). */
const INF = "@1e400@";
const x = (n: number, unit = "x") => unit.repeat(n);
const iso = (ms: number) => new Date(ms).toISOString();
const LATER = "2026-02-01T00:00:00.000Z";

/** A valid simulate body that carries every balance an amount could need. */
const SIMULATE = { ...SIMULATE_BODY, payer_credits: MAX };

/** A valid body for `action` on `route` with `fields` on top; simulate takes them all at the top level. */
function bodyFor(route: Route, action: Action, fields: Body = {}): Body {
  if (route !== "simulate") return { ...ACTION_BODIES[action], ...fields };
  return { ...SIMULATE, ...(action === "dispute" && { terminal: "dispute" }), ...fields };
}

/** Runs one engine; members set to undefined are left out, INF becomes the raw number 1e400. */
const send = (route: EngineRoute, body: Body, ctx: EngineContext = fixedContext()): EngineResult =>
  call(route, JSON.stringify(body).replace(`"${INF}"`, "1e400"), {}, ctx);

/** "ok", or the error code and field of a rejection. */
const outcome = ({ body }: EngineResult): string =>
  body.ok ? "ok" : body.field ? `${body.error} ${body.field}` : String(body.error);

/** [path in the success body, value there]; undefined means the member is absent (D10). */
type Stored = [string, unknown];
function expectStored(body: Body, [path, value]: Stored): void {
  const parts = path.split(".");
  const last = parts.pop() as string;
  const parent = parts.reduce((object, key) => object[key], body);
  if (value === undefined) expect(Object.keys(parent)).not.toContain(last);
  else expect(parent[last]).toEqual(value);
}

/**
 * [case, expected outcome, action, fields, detail, outcome on simulate when it differs]. detail is
 * what a success stores, or an error's exact message (else the message must name the field).
 */
type Row = [string, string, Action, Body, (Stored | string)?, string?];

/** Runs rows on one route; rows that send a job do not apply to simulate. */
function runRows(route: Route, rows: Row[]): void {
  const applicable = rows.filter(([, , , fields]) => route !== "simulate" || !("job" in fields));
  // Rest parameters: bun reads a callback with more parameters than a row has as taking `done`.
  test.each(applicable)("%s is %s", (...[_case, expected, action, fields, detail, onSimulate]: Row) => {
    const result = send(route, bodyFor(route, action, fields));
    if (route === "simulate" && onSimulate) return void expect(outcome(result)).toBe(onSimulate);
    expect(outcome(result)).toBe(expected);
    const body = result.body as Body;
    if (body.ok) {
      if (Array.isArray(detail) && !(route === "validate" && detail[0].startsWith("job."))) expectStored(body, detail);
    } else if (typeof detail === "string") expect(body.message).toBe(detail);
    else if (body.field) expect(body.message).toStartWith(`${body.field} `);
  });
}

const emoji = (n: number) => x(n, "😀");
const URL_512 = `https://example.com/${x(492)}`;
const AMOUNTS: [string, unknown, boolean][] = [
  ["1", 1, true],
  ["0", 0, false],
  ["-1", -1, false],
  ["1.5", 1.5, false],
  ['"10"', "10", false],
  ["true", true, false],
  ["1e400", INF, false],
  ["2^53 - 1", MAX, true],
  ["2^53", MAX + 1, false],
];
const TTL_MIN_MESSAGE = "ttl_seconds must be an integer >= 1.";
/** The seconds from the epoch to 9999-12-31T23:59:59: the schemas' bound on ttl_seconds. */
const TTL_SECONDS_MAX = 253_402_300_799;
/** What a ttl_seconds past that bound, or ending the hold past year 9999 by the clock, is told (D4, D13a). */
const TTL_MESSAGE = "ttl_seconds must be an integer >= 1 that ends the hold by 9999-12-31T23:59:59.999Z.";
/** The longest hold that ends by 9999-12-31T23:59:59.999Z from NOW, in whole seconds. */
const TTL_LONGEST = Math.floor((Date.parse("9999-12-31T23:59:59.999Z") - NOW) / 1000);

const FIELD_ROWS: Row[] = [
  // D1: a character is a code point.
  ["a title of 80 ASCII characters", "ok", "create", { title: x(80) }, ["job.title", x(80)]],
  ["a title of 81 ASCII characters", "invalid_field title", "create", { title: x(81) }],
  ["a title of 80 emoji (160 UTF-16 units)", "ok", "create", { title: emoji(80) }, ["job.title", emoji(80)]],
  ["a title of 81 emoji", "invalid_field title", "create", { title: emoji(81) }],
  ["a job.title of 80 emoji", "ok", "fund", { job: { ...JOBS.open, title: emoji(80) } }, ["job.title", emoji(80)]],
  ["a job.title of 81 ASCII characters", "invalid_field job.title", "fund", { job: { ...JOBS.open, title: x(81) } }],
  ["a job.title of 81 emoji", "invalid_field job.title", "fund", { job: { ...JOBS.open, title: emoji(81) } }],
  ["a client_ref of 128 characters", "ok", "create", { client_ref: x(128) }, ["job.clientRef", x(128)]],
  ["a client_ref of 128 emoji", "ok", "create", { client_ref: emoji(128) }, ["job.clientRef", emoji(128)]],
  ["a client_ref of 129 characters", "invalid_field client_ref", "create", { client_ref: x(129) }],
  ["a callback_url of 512 characters", "ok", "create", { callback_url: URL_512 }, ["job.callbackUrl", URL_512]],
  [
    "a callback_url of 512 code points with an emoji path",
    "ok",
    "create",
    { callback_url: `https://example.com/${emoji(492)}` },
  ],
  ["a callback_url of 513 characters", "invalid_field callback_url", "create", { callback_url: `${URL_512}x` }],
  ["a proof_note of 400 inside spaces", "ok", "submit", { proof_note: `  ${x(400)}  ` }, ["job.proofNote", x(400)]],
  ["a proof_note of 401 characters", "invalid_field proof_note", "submit", { proof_note: x(401) }],
  ["a proof_note of 401 emoji", "invalid_field proof_note", "submit", { proof_note: emoji(401) }],
  [
    "a release_note of 400 inside spaces",
    "ok",
    "release",
    { release_note: `  ${x(400)}  ` },
    ["job.releaseNote", x(400)],
  ],
  ["a release_note of 401 characters", "invalid_field release_note", "release", { release_note: ` ${x(401)} ` }],
  [
    "a dispute_reason of 400 inside spaces",
    "ok",
    "dispute",
    { dispute_reason: `  ${x(400)}  ` },
    ["job.disputeReason", x(400)],
  ],
  ["a dispute_reason of 401 characters", "invalid_field dispute_reason", "dispute", { dispute_reason: x(401) }],
  [
    "an idempotency_key of 255 characters (D15)",
    "ok",
    "fund",
    { idempotency_key: x(255) },
    ["idempotency_key", x(255)],
  ],
  ["an idempotency_key of 256 characters (D15)", "invalid_field idempotency_key", "fund", { idempotency_key: x(256) }],
  // D2: whitespace-only notes are ignored, and absent from the job (D10).
  ["a whitespace-only proof_note", "ok", "submit", { proof_note: " \t\n " }, ["job.proofNote", undefined]],
  ["an empty proof_note", "ok", "submit", { proof_note: "" }, ["job.proofNote", undefined]],
  ["a whitespace-only release_note", "ok", "release", { release_note: "   " }, ["job.releaseNote", undefined]],
  ["a whitespace-only dispute_reason", "ok", "dispute", { dispute_reason: "   " }, ["job.disputeReason", undefined]],
  // D3: safe integers only.
  ...AMOUNTS.map(
    ([name, value, good]): Row =>
      good
        ? [`amount ${name}`, "ok", "create", { amount: value }, ["job.amount", value]]
        : [`amount ${name}`, "invalid_field amount", "create", { amount: value }],
  ),
  ["payer_credits 0 on submit", "ok", "submit", { payer_credits: 0 }, undefined, "insufficient_credits"],
  ...AMOUNTS.filter(([name, , good]) => !good && name !== "0").map(
    ([name, value]): Row => [
      `payer_credits ${name}`,
      "invalid_field payer_credits",
      "submit",
      { payer_credits: value },
    ],
  ),
  ["ttl_seconds 1", "ok", "fund", { ttl_seconds: 1 }, ["job.expiresAt", iso(NOW + 1000)]],
  ...AMOUNTS.filter(([name, , good]) => !good && name !== "2^53").map(
    ([name, value]): Row => [
      `ttl_seconds ${name}`,
      "invalid_field ttl_seconds",
      "fund",
      { ttl_seconds: value },
      TTL_MIN_MESSAGE,
    ],
  ),
  // D2: blank required strings and omitted required fields are missing_field; null is omitted.
  ...(["title", "criteria"] as const).flatMap((field): Row[] =>
    (["", "   ", " \t\n", null, undefined] as const).map((value) => [
      `${field} ${JSON.stringify(value) ?? "omitted"}`,
      `missing_field ${field}`,
      "create",
      { [field]: value },
      `${field} is required.`,
    ]),
  ),
  ...(["", "  ", null] as const).map(
    (value): Row => [
      `proof_url ${JSON.stringify(value)}`,
      "missing_field proof_url",
      "submit",
      { proof_url: value },
      "proof_url is required.",
    ],
  ),
  ["amount omitted", "missing_field amount", "create", { amount: undefined }, "amount is required."],
  ["amount null", "missing_field amount", "create", { amount: null }, "amount is required."],
  [
    "payer_credits omitted on fund",
    "missing_field payer_credits",
    "fund",
    { payer_credits: undefined },
    "payer_credits is required.",
  ],
  ["client_ref null", "ok", "create", { client_ref: null }, ["job.clientRef", undefined]],
  ["callback_url null", "ok", "create", { callback_url: null }, ["job.callbackUrl", undefined]],
  ["proof_note null", "ok", "submit", { proof_note: null }, ["job.proofNote", undefined]],
  ["expires_at null", "ok", "fund", { expires_at: null }, ["job.expiresAt", undefined]],
  ["ttl_seconds null", "ok", "fund", { ttl_seconds: null }, ["job.expiresAt", undefined]],
  ["idempotency_key null", "ok", "fund", { idempotency_key: null }, ["idempotency_key", undefined]],
  ["an empty client_ref", "invalid_field client_ref", "create", { client_ref: "" }],
  ["a whitespace-only client_ref", "invalid_field client_ref", "create", { client_ref: "   " }],
  ["an empty callback_url", "invalid_field callback_url", "create", { callback_url: "" }],
  ["a whitespace-only callback_url", "invalid_field callback_url", "create", { callback_url: " \t " }],
  ["a padded title", "ok", "create", { title: "  Summarise  " }, ["job.title", "Summarise"]],
  ["a padded criteria", "ok", "create", { criteria: "\tFive bullets\n" }, ["job.criteria", "Five bullets"]],
  ["a padded proof_url", "ok", "submit", { proof_url: ` ${PROOF_URL} ` }, ["job.proofUrl", PROOF_URL]],
  ["a padded client_ref", "ok", "create", { client_ref: " order-7 " }, ["job.clientRef", "order-7"]],
  [
    "a padded callback_url",
    "ok",
    "create",
    { callback_url: " https://example.com/cb " },
    ["job.callbackUrl", "https://example.com/cb"],
  ],
  ["a padded idempotency_key", "ok", "fund", { idempotency_key: " key-1 " }, ["idempotency_key", "key-1"]],
  // D13a: callback_url is an absolute https URL with a host (SETTLEMENT.md "Request fields": "must begin with https://").
  ...[
    "http://example.com/cb",
    "ftp://example.com/cb",
    "https://",
    "not a url",
    "https:// x",
    "//example.com/cb",
    "https:example.com/cb",
  ].map(
    (url): Row => [
      `callback_url ${JSON.stringify(url)}`,
      "invalid_field callback_url",
      "create",
      { callback_url: url },
    ],
  ),
  // URL schemes are case-insensitive (RFC 3986 3.1), so this parses with scheme https; stored as sent (D2 only trims).
  [
    'callback_url "HTTPS://Example.com/x"',
    "ok",
    "create",
    { callback_url: "HTTPS://Example.com/x" },
    ["job.callbackUrl", "HTTPS://Example.com/x"],
  ],
];

describe.each(ROUTES)("POST /api/v0/%s field rules (D1, D2, D3, D13a, D15)", (route) => runRows(route, FIELD_ROWS));

/** D4, D13a: expiry on fund (and at simulate's fund step). */
const EXPIRY_ROWS: Row[] = [
  [
    "both expires_at and ttl_seconds",
    "invalid_field expires_at",
    "fund",
    { expires_at: LATER, ttl_seconds: 60 },
    "Send expires_at or ttl_seconds, not both.",
  ],
  ...[
    123,
    "tomorrow",
    "2026-02-01",
    "2026-02-01T00:00:00",
    "2026-02-01T00:00Z",
    "2026-02-30T00:00:00Z",
    "2026-02-01T00:00:00+01:00",
    "2026-02-01T00:00:00-05:00",
    "2026-02-01T00:00:00-00:00",
  ].map(
    (value): Row => [
      `expires_at ${JSON.stringify(value)}`,
      "invalid_field expires_at",
      "fund",
      { expires_at: value },
      "expires_at must be an ISO-8601 UTC datetime.",
    ],
  ),
  ...[iso(NOW), "2026-01-01T00:00:00Z", iso(NOW - 1), "2020-01-01T00:00:00Z"].map(
    (value): Row => [
      `expires_at ${value} (not after now)`,
      "invalid_field expires_at",
      "fund",
      { expires_at: value },
      "expires_at must be in the future.",
    ],
  ),
  ...(
    [
      [iso(NOW + 1), iso(NOW + 1)],
      ["2026-02-01T00:00:00Z", LATER],
      ["2026-02-01T00:00:00+00:00", LATER],
      ["2026-02-01t00:00:00z", LATER],
      [" 2026-02-01T00:00:00Z ", LATER],
      ["2026-02-01T00:00:00.5Z", "2026-02-01T00:00:00.500Z"],
      ["2026-02-01T00:00:00.123400000Z", "2026-02-01T00:00:00.123Z"],
    ] as const
  ).map(
    ([value, stored]): Row => [
      `expires_at ${JSON.stringify(value)}`,
      "ok",
      "fund",
      { expires_at: value },
      ["job.expiresAt", stored],
    ],
  ),
  ["ttl_seconds 3600", "ok", "fund", { ttl_seconds: 3600 }, ["job.expiresAt", "2026-01-01T01:00:00.000Z"]],
  // The clock check: the longest hold from NOW ends by 9999-12-31T23:59:59.999Z, one second more does not.
  [
    "ttl_seconds of the longest hold from now",
    "ok",
    "fund",
    { ttl_seconds: TTL_LONGEST },
    ["job.expiresAt", "9999-12-31T23:59:59.000Z"],
  ],
  [
    "ttl_seconds one past the longest hold from now",
    "invalid_field ttl_seconds",
    "fund",
    { ttl_seconds: TTL_LONGEST + 1 },
    TTL_MESSAGE,
  ],
  // The rule's bound passes TTL_SECONDS_MAX, which only the clock check refuses after the epoch...
  ["ttl_seconds TTL_SECONDS_MAX", "invalid_field ttl_seconds", "fund", { ttl_seconds: TTL_SECONDS_MAX }, TTL_MESSAGE],
  // ...and refuses one more, whatever the clock.
  [
    "ttl_seconds TTL_SECONDS_MAX + 1",
    "invalid_field ttl_seconds",
    "fund",
    { ttl_seconds: TTL_SECONDS_MAX + 1 },
    TTL_MESSAGE,
  ],
];

describe.each(ROUTES)("POST /api/v0/%s expiry (D4, D13a)", (route) => runRows(route, EXPIRY_ROWS));

test("rules.ts states the bound and the message of ttl_seconds written out here", () => {
  expect(FIELD_RULES.TTL_SECONDS_MAX).toBe(TTL_SECONDS_MAX);
  expect(FIELD_RULES.TTL_MESSAGE).toBe(TTL_MESSAGE);
});

describe.each(ROUTES)("POST /api/v0/%s ttl_seconds at the epoch (D3, D4)", (route) => {
  const EPOCH = fixedContext(0);

  test("TTL_SECONDS_MAX from the epoch ends the hold at 9999-12-31T23:59:59Z", () => {
    const result = send(route, bodyFor(route, "fund", { ttl_seconds: TTL_SECONDS_MAX }), EPOCH);
    expect(outcome(result)).toBe("ok");
    if (route !== "validate") expectStored(result.body as Body, ["job.expiresAt", "9999-12-31T23:59:59.000Z"]);
  });

  // One second before the epoch, TTL_SECONDS_MAX + 1 would end the hold at 9999-12-31T23:59:59Z, which the
  // clock check takes: only the rule's bound refuses it.
  test("TTL_SECONDS_MAX + 1 is refused by the rule with the hold's message, whatever the clock", () => {
    for (const ctx of [EPOCH, fixedContext(-1000)]) {
      const result = send(route, bodyFor(route, "fund", { ttl_seconds: TTL_SECONDS_MAX + 1 }), ctx);
      expect(outcome(result)).toBe("invalid_field ttl_seconds");
      expect((result.body as Body).message).toBe(TTL_MESSAGE);
    }
  });
});

describe.each(ACTION_ROUTES)("POST /api/v0/%s around expiresAt (D4)", (route) => {
  const held = HELD.submitted;
  const END = "2026-01-01T00:01:00.000Z";

  test("the submitted job still carries expiresAt", () => expect(held.expiresAt).toBe(END));

  test("release exactly at expiresAt is allowed", () => {
    expect(outcome(send(route, { action: "release", job: held }, fixedContext(NOW + 60_000)))).toBe("ok");
  });

  test("release 1 ms after expiresAt is 409 hold_expired naming expiresAt", () => {
    const result = send(route, { action: "release", job: held }, fixedContext(NOW + 60_001));
    expect(result.status).toBe(409);
    const body = rejected(result, "hold_expired");
    expect(body.expiresAt).toBe(END);
    expect(body.message).toBe(`Cannot release after expiresAt. The hold ended at ${END}. Dispute remains allowed.`);
  });

  test.each([60_001, 86_400_000])("dispute %d ms after fund is still allowed", (after) => {
    expect(outcome(send(route, { action: "dispute", job: held }, fixedContext(NOW + after)))).toBe("ok");
  });
});

describe("payer_credits is accepted on every action and echoed as the resulting balance (D5)", () => {
  test.each([
    ["create", 500],
    ["fund", 400],
    ["submit", 500],
    ["release", 500],
    ["dispute", 600],
  ] as const)("%s with payer_credits 500 leaves %d", (action, after) => {
    expect(ok(send("transition", bodyFor("transition", action, { payer_credits: 500 }))).payer_credits).toBe(after);
    expect(ok(send("quote", bodyFor("quote", action, { payer_credits: 500 }))).payer_credits_after).toBe(after);
    ok(send("validate", bodyFor("validate", action, { payer_credits: 500 })));
  });

  test.each(["create", "submit"] as const)("payer_credits 0 on %s is echoed as 0", (action) => {
    expect(ok(send("transition", bodyFor("transition", action, { payer_credits: 0 }))).payer_credits).toBe(0);
    expect(ok(send("quote", bodyFor("quote", action, { payer_credits: 0 }))).payer_credits_after).toBe(0);
  });
});

/** [alias, canonical name, action, a good value, a bad value]: SETTLEMENT.md "Request fields". */
const ALIASES: [string, string, Action, unknown, unknown][] = [
  ["payerCredits", "payer_credits", "fund", 500, -1],
  ["proofUrl", "proof_url", "submit", "https://example.com/other", 5],
  ["proofNote", "proof_note", "submit", "Sources linked.", x(401)],
  ["releaseNote", "release_note", "release", "Good.", x(401)],
  ["disputeReason", "dispute_reason", "dispute", "Off topic.", x(401)],
  ["clientRef", "client_ref", "create", "order-7", ""],
  ["callbackUrl", "callback_url", "create", "https://example.com/cb", "http://example.com/cb"],
  ["notify_url", "callback_url", "create", "https://example.com/cb", "http://example.com/cb"],
  ["notifyUrl", "callback_url", "create", "https://example.com/cb", "http://example.com/cb"],
  ["expiresAt", "expires_at", "fund", LATER, "soon"],
  ["ttlSeconds", "ttl_seconds", "fund", 60, 0],
  ["idempotencyKey", "idempotency_key", "create", "key-1", x(256)],
];

describe.each(ROUTES)("POST /api/v0/%s request aliases", (route) => {
  test.each(ALIASES)("%s works exactly as %s", (alias, canonical, action, good, bad) => {
    const withField = (name: string, value: unknown) => {
      const body = bodyFor(route, action);
      delete body[canonical];
      return { ...body, [name]: value };
    };
    const canonicalAnswer = send(route, withField(canonical, good));
    expect(outcome(canonicalAnswer)).toBe("ok");
    expect(send(route, withField(alias, good))).toEqual(canonicalAnswer);
    expect(outcome(send(route, withField(alias, bad)))).toBe(`invalid_field ${canonical}`);
    // The field took effect: leaving it out answers differently (validate answers only ok).
    if (route !== "validate") expect(send(route, withField(canonical, undefined))).not.toEqual(canonicalAnswer);
  });
});

describe.each(ROUTES)("POST /api/v0/%s: a field sent under two names (D25)", (route) => {
  const both = (alias: string, canonical: string, action: Action, first: unknown, second: unknown) => {
    const body = bodyFor(route, action);
    delete body[canonical];
    return { ...body, [canonical]: first, [alias]: second };
  };
  const single = (canonical: string, action: Action, value: unknown) => {
    const body = bodyFor(route, action);
    return { ...body, [canonical]: value };
  };

  test.each(ALIASES)(
    "%s beside %s: equal values answer as one, different ones are invalid_field",
    (alias, canonical, action, good) => {
      expect(send(route, both(alias, canonical, action, good, good))).toEqual(
        send(route, single(canonical, action, good)),
      );
      const other =
        typeof good === "number" ? good + 1 : canonical === "expires_at" ? "2026-03-01T00:00:00.000Z" : `${good}x`;
      const refused = rejected(send(route, both(alias, canonical, action, good, other)), "invalid_field", canonical);
      expect(refused.message).toBe(`${canonical} was sent under two names with different values.`);
    },
  );

  test.each(ALIASES)(
    "%s beside %s: every value is checked by the field's rule",
    (alias, canonical, action, good, bad) => {
      expect(outcome(send(route, both(alias, canonical, action, good, bad)))).toBe(`invalid_field ${canonical}`);
      expect(outcome(send(route, both(alias, canonical, action, bad, good)))).toBe(`invalid_field ${canonical}`);
    },
  );

  test("values equal after trimming agree (D2)", () => {
    ok(send(route, both("clientRef", "client_ref", "create", "order-7", "  order-7 ")));
  });
});

test("a job member sent under both its names must agree (D25)", () => {
  const job = { ...JOBS.submitted, proof_url: JOBS.submitted.proofUrl };
  expect(send("transition", { action: "release", job })).toEqual(
    send("transition", { action: "release", job: JOBS.submitted }),
  );
  const refused = rejected(
    send("transition", { action: "release", job: { ...job, proof_url: "https://example.com/other" } }),
    "invalid_field",
    "job.proofUrl",
  );
  expect(refused.message).toBe("job.proofUrl was sent under two names with different values.");
});

describe("snake_case aliases inside job (D6)", () => {
  const SNAKE: Record<string, string> = {
    proofUrl: "proof_url",
    proofNote: "proof_note",
    createdAt: "created_at",
    fundedAt: "funded_at",
    submittedAt: "submitted_at",
    resolvedAt: "resolved_at",
    agentPayout: "agent_payout",
    releaseNote: "release_note",
    disputeReason: "dispute_reason",
    clientRef: "client_ref",
    callbackUrl: "callback_url",
    expiresAt: "expires_at",
  };
  const snake = (job: Body) =>
    Object.fromEntries(Object.entries(job).map(([key, value]) => [SNAKE[key] ?? key, value]));
  const open = ok(
    send("transition", { action: "create", ...CREATE, client_ref: "order-7", callback_url: "https://example.com/cb" }),
  ).job;
  const funded = ok(send("transition", { action: "fund", job: open, payer_credits: 1000, ttl_seconds: 3600 })).job;
  const rich = ok(
    send("transition", { action: "submit", job: funded, proof_url: PROOF_URL, proof_note: "Sources linked." }),
  ).job;

  test.each(ACTION_ROUTES)("a release on %s of a snake_case job answers as for the camelCase job", (route) => {
    expect(Object.keys(snake(rich))).toContain("created_at");
    expect(send(route, { action: "release", job: snake(rich) })).toEqual(send(route, { action: "release", job: rich }));
  });

  test("the returned job is camelCase, in SETTLEMENT.md's table order, with every aliased value (D10)", () => {
    const job = ok(send("transition", { action: "release", job: snake(rich) })).job;
    expect(Object.keys(job)).toEqual(jobFieldsWith("proofNote", "clientRef", "callbackUrl", "expiresAt"));
    expect(job).toMatchObject({
      proofUrl: PROOF_URL,
      proofNote: "Sources linked.",
      createdAt: iso(NOW),
      fundedAt: iso(NOW),
      clientRef: "order-7",
    });
    expect(job).toMatchObject({
      callbackUrl: "https://example.com/cb",
      expiresAt: "2026-01-01T01:00:00.000Z",
      status: "released",
    });
  });

  /** A value each member refuses. */
  const BAD: Record<string, unknown> = {
    proofUrl: 5,
    agentPayout: -1,
    proofNote: x(401),
    releaseNote: x(401),
    disputeReason: x(401),
    clientRef: " ",
  };

  test.each(Object.entries(SNAKE))("job.%s is read from %s", (camel, snakeName) => {
    const { [camel]: _dropped, ...rest } = JOBS.open;
    const bad = BAD[camel] ?? "bad";
    expect(
      outcome(send("transition", { action: "fund", job: { ...rest, [snakeName]: bad }, payer_credits: 1000 })),
    ).toBe(`invalid_field job.${camel}`);
  });
});

describe.each(ACTION_ROUTES)("POST /api/v0/%s fields on the wrong action (D5)", (route) => {
  const OWNED: [string, Action, unknown][] = [
    ["expires_at", "fund", LATER],
    ["ttl_seconds", "fund", 60],
    ["proof_url", "submit", PROOF_URL],
    ["proof_note", "submit", "Note."],
    ["release_note", "release", "Note."],
    ["dispute_reason", "dispute", "Note."],
    ["client_ref", "create", "order-7"],
    ["callback_url", "create", "https://example.com/cb"],
  ];
  const WRONG = OWNED.flatMap(([field, owner, value]) =>
    ACTIONS.filter((a) => a !== owner).map((action) => [field, action, owner, value] as const),
  );

  test.each(WRONG)("%s on %s is invalid_field: only accepted on %s", (field, action, owner, value) => {
    const body = rejected(send(route, { ...ACTION_BODIES[action], [field]: value }), "invalid_field", field);
    expect(body.message).toBe(`${field} is only accepted on ${owner}.`);
  });

  test.each([
    ["proofUrl", "fund", "proof_url", "submit", PROOF_URL],
    ["expiresAt", "create", "expires_at", "fund", LATER],
    ["notifyUrl", "release", "callback_url", "create", "https://example.com/cb"],
  ] as const)("the alias %s on %s is refused as %s, only accepted on %s", (alias, action, field, owner, value) => {
    const body = rejected(send(route, { ...ACTION_BODIES[action], [alias]: value }), "invalid_field", field);
    expect(body.message).toBe(`${field} is only accepted on ${owner}.`);
  });

  test.each(ACTIONS)("null wrong-action fields count as omitted on %s (D2)", (action) => {
    const nulls = Object.fromEntries(OWNED.filter(([, owner]) => owner !== action).map(([field]) => [field, null]));
    expect(outcome(send(route, { ...ACTION_BODIES[action], ...nulls }))).toBe("ok");
  });

  test.each(ACTIONS)("unknown fields are ignored on %s", (action) => {
    const extra = { Title: 5, job_id: "as_ffffffffff", proof: "x", fee: undefined, mode: "live", foo: { bar: [1] } };
    expect(send(route, { ...ACTION_BODIES[action], ...extra })).toEqual(send(route, ACTION_BODIES[action]));
  });
});

describe.each(ACTION_ROUTES)("POST /api/v0/%s client-held job (D6)", (route) => {
  test.each([
    ["a string", "as_0000000001"],
    ["an array", [JOBS.open]],
    ["a number", 5],
    ["true", true],
  ] as const)("a job that is %s is invalid_field job", (_name, job) => {
    const body = rejected(send(route, { action: "fund", job, payer_credits: 1000 }), "invalid_field", "job");
    expect(body.message).toStartWith("job ");
  });

  test.each(["fund", "submit", "release", "dispute"] as const)(
    "%s without job (or with job null) is missing_field job",
    (action) => {
      for (const job of [undefined, null]) {
        expect(rejected(send(route, { ...ACTION_BODIES[action], job }), "missing_field", "job").message).toBe(
          "job is required.",
        );
      }
    },
  );

  /** Values each required member refuses; undefined leaves the member out. */
  const REFUSED: Record<string, unknown[]> = {
    id: [undefined, "as_123", "as_00000000001", "AS_0000000001", "as_ABCDEF0123", "as_000000000g"],
    title: [undefined, "", "   ", x(81)],
    amount: [undefined, 0, "100", 1.5],
    criteria: [undefined, " "],
    status: [undefined, "closed", "Open"],
    createdAt: [undefined, "yesterday", "2026-01-01", "2026-13-01T00:00:00Z"],
    proofUrl: [undefined, 5],
    expiresAt: ["soon", "2026-02-01T00:00:00+01:00"],
  };
  const label = (value: unknown) =>
    value === undefined
      ? "missing"
      : typeof value === "string" && value.length > 20
        ? `of ${value.length} characters`
        : JSON.stringify(value);
  const cases = Object.entries(REFUSED).flatMap(([member, values]) =>
    values.map((value) => [member, label(value), value] as const),
  );

  test.each(cases)("job.%s %s is invalid_field naming that member", (member, _label, value) => {
    const body = rejected(
      send(route, { action: "fund", job: { ...JOBS.open, [member]: value }, payer_credits: 1000 }),
      "invalid_field",
      `job.${member}`,
    );
    expect(body.message).toStartWith(`job.${member} `);
  });

  test("unknown job members are dropped from the returned job", () => {
    const job = { ...JOBS.open, extra: 1, secret: "x", jobId: "as_ffffffffff" };
    expect(send(route, { action: "fund", job, payer_credits: 1000 })).toEqual(send(route, ACTION_BODIES.fund));
  });

  test("job stamps with any RFC 3339 offset are returned in toISOString form (D4, D13a)", () => {
    const result = send(route, {
      action: "fund",
      job: { ...JOBS.open, createdAt: "2025-12-31T12:00:00.5+02:00" },
      payer_credits: 1000,
    });
    expect(outcome(result)).toBe("ok");
    if (route !== "validate") expect((result.body as Body).job.createdAt).toBe("2025-12-31T10:00:00.500Z");
  });
});

/** D7: the first failure in check order is the answer. [case, body, expected, clock]. */
const afterHold = fixedContext(AFTER_HOLD);
const ORDER: [string, Body, string, EngineContext?][] = [
  ["an unknown action before bad fields", { action: "refund", title: x(81), amount: 0 }, "invalid_action"],
  ["no action before bad fields", { title: x(81), amount: "1" }, "invalid_action"],
  ["create: missing title before a bad amount", { action: "create", amount: 0, criteria: "c" }, "missing_field title"],
  ["create: a bad amount before missing criteria", { action: "create", title: "t", amount: 0 }, "invalid_field amount"],
  [
    "create: blank criteria before a bad client_ref",
    { action: "create", title: "t", amount: 1, criteria: " ", client_ref: x(129) },
    "missing_field criteria",
  ],
  [
    "create: client_ref before callback_url",
    { ...ACTION_BODIES.create, client_ref: "", callback_url: "http://x" },
    "invalid_field client_ref",
  ],
  [
    "create: callback_url before idempotency_key",
    { ...ACTION_BODIES.create, callback_url: "http://x", idempotency_key: x(256) },
    "invalid_field callback_url",
  ],
  [
    "fund: job members before payer_credits",
    { action: "fund", job: { ...JOBS.open, title: "" } },
    "invalid_field job.title",
  ],
  [
    "fund: job.id before job.title",
    { action: "fund", job: { ...JOBS.open, id: "x", title: "" }, payer_credits: 1000 },
    "invalid_field job.id",
  ],
  ["fund: missing job before a bad payer_credits", { action: "fund", payer_credits: -1 }, "missing_field job"],
  [
    "fund: payer_credits before expires_at",
    { action: "fund", job: JOBS.open, payer_credits: "1000", expires_at: "bad" },
    "invalid_field payer_credits",
  ],
  [
    "fund: the expires_at format before the conflict",
    { ...ACTION_BODIES.fund, expires_at: "bad", ttl_seconds: 60 },
    "invalid_field expires_at",
  ],
  [
    "fund: idempotency_key before the expiry conflict",
    { ...ACTION_BODIES.fund, expires_at: LATER, ttl_seconds: 60, idempotency_key: x(256) },
    "invalid_field idempotency_key",
  ],
  [
    "fund: the expiry conflict before illegal_transition",
    { ...ACTION_BODIES.fund, job: JOBS.funded, expires_at: LATER, ttl_seconds: 60 },
    "invalid_field expires_at",
  ],
  [
    "submit: missing proof_url before a long proof_note",
    { action: "submit", job: JOBS.funded, proof_note: x(401) },
    "missing_field proof_url",
  ],
  [
    "submit: a long proof_note before illegal_transition",
    { action: "submit", job: JOBS.open, proof_url: PROOF_URL, proof_note: x(401) },
    "invalid_field proof_note",
  ],
  [
    "release: a long release_note before illegal_transition",
    { action: "release", job: JOBS.open, release_note: x(401) },
    "invalid_field release_note",
  ],
  [
    "release: a wrong-action field before illegal_transition",
    { action: "release", job: JOBS.open, ttl_seconds: 60 },
    "invalid_field ttl_seconds",
  ],
  [
    "dispute: payer_credits before dispute_reason",
    { action: "dispute", job: JOBS.submitted, payer_credits: -1, dispute_reason: x(401) },
    "invalid_field payer_credits",
  ],
  [
    "dispute: a long dispute_reason before illegal_transition",
    { action: "dispute", job: JOBS.funded, dispute_reason: x(401) },
    "invalid_field dispute_reason",
  ],
  [
    "fund: illegal_transition before insufficient_credits",
    { action: "fund", job: JOBS.funded, payer_credits: 0 },
    "illegal_transition",
  ],
  [
    "fund: illegal_transition of a submitted job before insufficient_credits",
    { action: "fund", job: JOBS.submitted, payer_credits: 0 },
    "illegal_transition",
  ],
  // insufficient_credits (fund only) and hold_expired (release only) never meet in one body.
  [
    "release: illegal_transition before hold_expired",
    { action: "release", job: HELD.funded },
    "illegal_transition",
    afterHold,
  ],
];

describe.each(ACTION_ROUTES)("POST /api/v0/%s order of checks (D7)", (route) => {
  test.each(ORDER)("%s", (...[_case, body, expected, ctx]: (typeof ORDER)[number]) => {
    expect(outcome(send(route, body, ctx))).toBe(expected);
  });
});

describe("POST /api/v0/simulate order of checks (D7)", () => {
  test.each([
    ["missing title before a bad amount", { ...SIMULATE, title: undefined, amount: 0 }, "missing_field title"],
    [
      "a bad amount before missing payer_credits",
      { ...SIMULATE, amount: "1", payer_credits: undefined },
      "invalid_field amount",
    ],
    [
      "missing proof_url before a bad client_ref",
      { ...SIMULATE, proof_url: " ", client_ref: "" },
      "missing_field proof_url",
    ],
    [
      "a bad terminal before a bad client_ref",
      { ...SIMULATE, terminal: "refund", client_ref: "" },
      "invalid_field terminal",
    ],
    [
      "idempotency_key before the expiry conflict",
      { ...SIMULATE, expires_at: LATER, ttl_seconds: 60, idempotency_key: x(256) },
      "invalid_field idempotency_key",
    ],
    [
      "the expiry conflict before insufficient_credits",
      { ...SIMULATE, payer_credits: 1, expires_at: LATER, ttl_seconds: 60 },
      "invalid_field expires_at",
    ],
  ] as const)("%s", (_case, body, expected) => {
    expect(outcome(send("simulate", body))).toBe(expected);
  });
});

describe("POST /api/v0/validate reports (D8, D13a)", () => {
  const entries = (body: Body) => body.errors.map((e: Body) => `${e.error} ${e.field}`);

  test("a create with three problems lists all three, in check order", () => {
    const result = send("validate", { action: "create", title: x(81), amount: "10" });
    expect(result.status).toBe(400);
    const body = rejected(result, "invalid_field", "title");
    expect(body.kind).toBe("schema");
    expect(entries(body)).toEqual(["invalid_field title", "invalid_field amount", "missing_field criteria"]);
    for (const entry of body.errors) expect(Object.keys(entry)).toEqual(["error", "field", "message"]);
    expect(body.errors[0].message).toBe(body.message);
    expect(body.errors[1].message).toStartWith("amount ");
    expect(body.errors[2].message).toBe("criteria is required.");
  });

  test("a fund lists job members, then fields, then the expiry conflict", () => {
    const job = { ...JOBS.open, title: "", amount: 0 };
    const body = rejected(
      send("validate", { action: "fund", job, payer_credits: -1, expires_at: LATER, ttl_seconds: 60 }),
      "invalid_field",
      "job.title",
    );
    expect(entries(body)).toEqual([
      "invalid_field job.title",
      "invalid_field job.amount",
      "invalid_field payer_credits",
      "invalid_field expires_at",
    ]);
    expect(body.errors[3].message).toBe("Send expires_at or ttl_seconds, not both.");
  });

  test("schema problems hide state problems", () => {
    const body = rejected(
      send("validate", { action: "release", job: JOBS.open, release_note: x(401) }),
      "invalid_field",
      "release_note",
    );
    expect(body.kind).toBe("schema");
    expect(entries(body)).toEqual(["invalid_field release_note"]);
  });

  test.each([
    [
      "illegal_transition",
      { action: "release", job: JOBS.open },
      "Cannot release a job in status open. release requires status submitted.",
      undefined,
    ],
    [
      "insufficient_credits",
      { action: "fund", job: JOBS.open, payer_credits: 50 },
      "Need 100 credits to fund. payer_credits is 50.",
      undefined,
    ],
    [
      "hold_expired",
      { action: "release", job: HELD.submitted },
      "Cannot release after expiresAt. The hold ended at 2026-01-01T00:01:00.000Z. Dispute remains allowed.",
      afterHold,
    ],
  ] as const)("a state problem, %s, is kind state with exactly one entry", (error, body, message, ctx) => {
    const result = send("validate", body, ctx);
    expect(result.status).toBe(409);
    const answer = rejected(result, error);
    expect(answer.kind).toBe("state");
    expect(answer.message).toBe(message);
    expect(answer.errors).toEqual([{ error, message }]);
  });

  test.each(ACTIONS)("a valid %s is ok true, with no job and no id minted", (action) => {
    const ctx = {
      now: NOW,
      randomHex: () => {
        throw new Error("validate must not mint an id");
      },
    };
    const body = ok(send("validate", { ...ACTION_BODIES[action], idempotency_key: "key-1" }, ctx));
    expect(body.job).toBeUndefined();
    expect(JSON.stringify(body)).not.toMatch(/as_[0-9a-f]{10}/);
    expect(body.idempotency_key).toBe("key-1");
  });
});
