/**
 * The demo key (SETTLEMENT.md "Authentication", D14), the idempotency key (D15) and verify (D12, D12a),
 * rule by rule. Every expected key_id and job id is computed here with node:crypto, not with
 * shared/lib/sha256.ts or shared/protocol/keys.ts, so a wrong hash in the engine cannot agree with itself.
 * Fee expectations come from SETTLEMENT.md "Fees": fee = Math.round(amount * 0.05).
 */
import { describe, expect, test } from "bun:test";
import type { EngineContext } from "../../shared/engine/context.ts";
import { run } from "../../shared/engine/run.ts";
import type { EngineRoute } from "../../shared/protocol/constants.ts";
import { jobIdOf, keyIdOf } from "../support/derived-ids.ts";
import { ACTION_BODIES, ACTION_ROUTES, JOBS, MAX_SAFE, RECEIPTS, SIMULATE_BODY } from "../support/fixtures.ts";
import { CREATE, call, fixedContext, jobsByStatus, NOW, ok, rejected } from "../support/helpers.ts";

type Body = Record<string, any>;
type Headers_ = Record<string, string>;

/**
 * Runs an engine (raw strings go as they are) with a plain header reader. `Headers` strips surrounding whitespace and
 * refuses code points above U+00FF, so this is how the engine's own trimming and UTF-8
 * hashing are reached.
 */
function callPlain(route: EngineRoute, body: unknown, headers: Headers_, ctx: EngineContext = fixedContext()) {
  const lower = new Map(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  const raw = typeof body === "string" ? body : JSON.stringify(body);
  return run(route, raw, { get: (name) => lower.get(name.toLowerCase()) ?? null }, ctx);
}
const TRANSPORTS = [
  ["Headers", call],
  ["a plain header reader", callPlain],
] as const;

/** One success body per route and action: [name, route, body, receipts it carries]. */
const SUCCESS: [string, EngineRoute, Body, number][] = [
  ...ACTION_ROUTES.flatMap((route): [string, EngineRoute, Body, number][] => [
    [`${route} create`, route, ACTION_BODIES.create, 0],
    [`${route} fund`, route, ACTION_BODIES.fund, 0],
    [`${route} submit`, route, ACTION_BODIES.submit, 0],
    [`${route} release`, route, ACTION_BODIES.release, route === "validate" ? 0 : 1],
    [`${route} dispute`, route, ACTION_BODIES.dispute, route === "validate" ? 0 : 1],
  ]),
  ["simulate release", "simulate", SIMULATE_BODY, 2],
  ["simulate dispute", "simulate", { ...SIMULATE_BODY, terminal: "dispute" }, 2],
  ["verify", "verify", { job: JOBS.released }, 0],
];

/** Every receipt in a body: the top-level one and those of simulate's steps. */
const receiptsOf = (body: Body): Body[] =>
  [body.receipt, ...(body.steps ?? []).map((step: Body) => step.receipt)].filter((receipt) => receipt !== undefined);

describe("demo key (SETTLEMENT.md Authentication, D14)", () => {
  test("key_id of the FIPS 180-2 vector abc is k_ba7816bf8f01", () => {
    expect(ok(call("transition", ACTION_BODIES.create, { "X-Service-Key": "abc" })).key_id).toBe("k_ba7816bf8f01");
  });

  const TOKEN = "demo-key-123";
  const SENT: [string, Headers_, string][] = [
    ["Authorization: Bearer", { Authorization: `Bearer ${TOKEN}` }, TOKEN],
    ["a lowercase scheme", { Authorization: `bearer ${TOKEN}` }, TOKEN],
    ["an uppercase scheme", { Authorization: `BEARER ${TOKEN}` }, TOKEN],
    ["a padded Bearer token", { Authorization: `Bearer   ${TOKEN}  ` }, TOKEN],
    ["X-Service-Key", { "X-Service-Key": TOKEN }, TOKEN],
    ["a padded X-Service-Key", { "X-Service-Key": `  ${TOKEN} ` }, TOKEN],
    [
      "both headers, where Authorization wins",
      { Authorization: "Bearer from-auth", "X-Service-Key": "from-service-key" },
      "from-auth",
    ],
    ["Authorization: Basic beside X-Service-Key", { Authorization: "Basic abc", "X-Service-Key": TOKEN }, TOKEN],
    ["an empty Bearer beside X-Service-Key", { Authorization: "Bearer    ", "X-Service-Key": TOKEN }, TOKEN],
    ["a Latin-1 token", { Authorization: "Bearer clé" }, "clé"],
  ];
  const NONE: [string, Headers_][] = [
    ["no header", {}],
    ["Authorization: Basic abc", { Authorization: "Basic abc" }],
    ["Authorization: Bearer", { Authorization: "Bearer" }],
    ["Authorization: Bearer and spaces", { Authorization: "Bearer    " }],
    ["Authorization: Token x", { Authorization: "Token x" }],
    ["Authorization: Bearerabc", { Authorization: "Bearerabc" }],
    ["an empty X-Service-Key", { "X-Service-Key": "" }],
    ["a whitespace X-Service-Key", { "X-Service-Key": "   " }],
    ["a malformed Authorization and a blank X-Service-Key", { Authorization: "Token x", "X-Service-Key": " " }],
  ];

  describe.each(TRANSPORTS)("through %s", (_transport, send) => {
    test.each(SENT)("reads the token from %s", (_how, headers, token) => {
      const body = ok(send("transition", { action: "release", job: JOBS.submitted }, headers));
      expect(body.key_id).toBe(keyIdOf(token));
      expect(body.key_id).toMatch(/^k_[0-9a-f]{12}$/);
      expect(body.receipt.key_id).toBe(keyIdOf(token));
      expect("key_optional" in body).toBe(false);
    });

    test.each(NONE)("counts %s as no key, never an error", (_how, headers) => {
      const body = ok(send("transition", { action: "release", job: JOBS.submitted }, headers));
      expect(body.key_optional).toBe(true);
      expect("key_id" in body).toBe(false);
      expect("key_id" in body.receipt).toBe(false);
    });
  });

  test.each([
    ["Authorization", { Authorization: "Bearer ключ-🔑" }, "ключ-🔑"],
    ["X-Service-Key", { "X-Service-Key": " clé-🔑 " }, "clé-🔑"],
  ])("hashes a non-ASCII token from %s as UTF-8", (_header, headers, token) => {
    expect(ok(callPlain("transition", ACTION_BODIES.create, headers)).key_id).toBe(keyIdOf(token));
  });

  test("gives different tokens different key_ids", () => {
    const a = ok(call("transition", ACTION_BODIES.create, { "X-Service-Key": "key-a" })).key_id;
    const b = ok(call("transition", ACTION_BODIES.create, { "X-Service-Key": "key-b" })).key_id;
    expect([a, b]).toEqual([keyIdOf("key-a"), keyIdOf("key-b")]);
    expect(a).not.toBe(b);
  });

  describe.each(SUCCESS)("%s", (_name, route, request, receipts) => {
    test("carries key_id, not key_optional, when a key is sent", () => {
      const body = ok(call(route, request, { Authorization: `Bearer ${TOKEN}` }));
      expect(body.key_id).toBe(keyIdOf(TOKEN));
      expect("key_optional" in body).toBe(false);
      for (const step of body.steps ?? [])
        expect([step.key_id, "key_optional" in step]).toEqual([keyIdOf(TOKEN), false]);
    });

    test("carries key_optional true, not key_id, without a key", () => {
      const body = ok(call(route, request));
      expect(body.key_optional).toBe(true);
      expect("key_id" in body).toBe(false);
      for (const step of body.steps ?? []) expect([step.key_optional, "key_id" in step]).toEqual([true, false]);
      for (const receipt of receiptsOf(body)) expect("key_id" in receipt).toBe(false); // D13a
    });

    if (receipts > 0) {
      test(`puts key_id on its ${receipts === 1 ? "receipt" : "receipt and the terminal step's receipt"}`, () => {
        const found = receiptsOf(ok(call(route, request, { "X-Service-Key": TOKEN })));
        expect(found.map((receipt) => receipt.key_id)).toEqual(Array(receipts).fill(keyIdOf(TOKEN)));
      });
    }
  });

  const SECRETS = ["tok-SECRET-7f3a9c", "clé-SECRET-🔑"];
  const ERRORS: [string, EngineRoute, unknown][] = [
    ["invalid_json", "transition", "{ not json"],
    ["missing_field", "transition", { action: "create" }],
    ["illegal_transition", "quote", { action: "release", job: JOBS.open }],
    ["invalid_action", "verify", { job: JOBS.submitted, action: "fund" }],
    ["insufficient_credits", "simulate", { ...SIMULATE_BODY, payer_credits: 1 }],
    ["invalid_field", "validate", { action: "create", ...CREATE, amount: "100" }],
  ];
  describe.each(SECRETS)("the raw token %s", (secret) => {
    const headerSets: Headers_[] = [{ Authorization: `Bearer ${secret}` }, { "X-Service-Key": secret }];
    test.each(SUCCESS)("never appears in the %s success body", (_name, route, request) => {
      for (const headers of headerSets)
        expect(JSON.stringify(ok(callPlain(route, request, headers)))).not.toContain(secret);
    });
    test.each(ERRORS)("never appears in a %s error body from %s", (code, route, request) => {
      for (const headers of headerSets)
        expect(JSON.stringify(rejected(callPlain(route, request, headers), code))).not.toContain(secret);
    });
  });
});

describe("idempotency key (D15)", () => {
  const KEY = "order-42-create";
  const DERIVED = jobIdOf(KEY, CREATE.title, CREATE.amount, CREATE.criteria);
  const allF: EngineContext = { now: NOW, randomHex: (length) => "f".repeat(length) };

  test.each([
    ["the Idempotency-Key header", {}, { "Idempotency-Key": KEY }],
    ["body idempotency_key", { idempotency_key: KEY }, {}],
    ["body idempotencyKey", { idempotencyKey: KEY }, {}],
    ["a padded header", {}, { "Idempotency-Key": `  ${KEY} ` }],
    ["a padded body key", { idempotency_key: `\t${KEY}  ` }, {}],
    ["header and body equal after trimming", { idempotency_key: `${KEY}  ` }, { "Idempotency-Key": ` ${KEY}` }],
  ])("derives the create id from %s", (_how, extra, headers) => {
    const body = ok(callPlain("transition", { ...ACTION_BODIES.create, ...extra }, headers));
    expect([body.job.id, body.idempotent, body.idempotency_key]).toEqual([DERIVED, true, KEY]);
  });

  test("gives the same id across calls, routes and random sources", () => {
    const ids = [
      ok(call("transition", ACTION_BODIES.create, { "Idempotency-Key": KEY })).job.id,
      ok(call("transition", ACTION_BODIES.create, { "Idempotency-Key": KEY }, allF)).job.id,
      ok(call("simulate", SIMULATE_BODY, { "Idempotency-Key": KEY })).job.id,
      ok(call("simulate", { ...SIMULATE_BODY, idempotency_key: KEY }, {}, allF)).steps[0].job.id,
    ];
    expect(ids).toEqual(Array(4).fill(DERIVED));
    expect(ok(call("simulate", SIMULATE_BODY, { "Idempotency-Key": KEY })).idempotent).toBe(true);
  });

  test("uses as_ + randomHex(10) and idempotent false without a key", () => {
    const counting = ok(call("transition", ACTION_BODIES.create));
    const other = ok(call("transition", ACTION_BODIES.create, {}, allF));
    expect([counting.job.id, counting.idempotent, "idempotency_key" in counting]).toEqual([
      "as_0000000001",
      false,
      false,
    ]);
    expect([other.job.id, other.idempotent]).toEqual(["as_ffffffffff", false]);
    expect(ok(call("simulate", SIMULATE_BODY, {}, allF))).toMatchObject({
      idempotent: false,
      job: { id: "as_ffffffffff" },
    });
  });

  test.each([
    ["a different key", "order-43-create", CREATE.title, CREATE.amount, CREATE.criteria],
    ["a key differing in case", KEY.toUpperCase(), CREATE.title, CREATE.amount, CREATE.criteria],
    ["a non-ASCII key", "заказ-🔑", CREATE.title, CREATE.amount, CREATE.criteria],
    ["a different title", KEY, "Summarise a paper!", CREATE.amount, CREATE.criteria],
    ["a non-ASCII title", KEY, "Résumé ✓ 🧾", CREATE.amount, CREATE.criteria],
    ["a different amount", KEY, CREATE.title, 101, CREATE.criteria],
    ["the largest amount, in decimal", KEY, CREATE.title, MAX_SAFE, CREATE.criteria],
    ["different criteria", KEY, CREATE.title, CREATE.amount, "Six bullet points"],
  ])("gives %s its own id", (_what, key, title, amount, criteria) => {
    const id = ok(call("transition", { action: "create", title, amount, criteria, idempotency_key: key })).job.id;
    expect(id).toBe(jobIdOf(key, title, amount, criteria));
    expect(id).not.toBe(DERIVED);
  });

  test("derives from trimmed values: padded title, criteria and key give the untrimmed id", () => {
    const body = {
      action: "create",
      title: "  Summarise a paper ",
      amount: 100,
      criteria: "\tFive bullet points\n",
      idempotency_key: ` ${KEY} `,
    };
    expect(ok(call("transition", body)).job.id).toBe(DERIVED);
    expect(
      ok(
        call("simulate", {
          ...SIMULATE_BODY,
          title: body.title,
          criteria: body.criteria,
          idempotency_key: body.idempotency_key,
        }),
      ).job.id,
    ).toBe(DERIVED);
  });

  test("a quote or validate of create with a key mints no id and only echoes the key (SETTLEMENT.md Engines, quote)", () => {
    const quoted = ok(call("quote", ACTION_BODIES.create, { "Idempotency-Key": KEY }));
    expect("id" in quoted.job).toBe(false);
    expect(quoted.idempotency_key).toBe(KEY);
    expect(quoted.idempotent).not.toBe(true);
    const validated = ok(call("validate", ACTION_BODIES.create, { "Idempotency-Key": KEY }));
    expect(JSON.stringify([quoted, validated])).not.toContain(DERIVED);
  });

  describe.each(SUCCESS)("%s", (_name, route, request) => {
    test("echoes the trimmed key from the header or the body", () => {
      expect(ok(callPlain(route, request, { "Idempotency-Key": `  ${KEY} ` })).idempotency_key).toBe(KEY);
      expect(ok(call(route, { ...request, idempotency_key: ` ${KEY}\t` })).idempotency_key).toBe(KEY);
    });
    test("has no idempotency_key without a key", () => {
      expect("idempotency_key" in ok(call(route, request))).toBe(false);
    });
    test("rejects header and body that differ after trimming with invalid_field idempotency_key", () => {
      const result = callPlain(route, { ...request, idempotency_key: "key-b" }, { "Idempotency-Key": "key-a" });
      rejected(result, "invalid_field", "idempotency_key");
      expect(result.status).toBe(400);
    });
  });

  const BAD: [string, Body, Headers_][] = [
    ["an empty body key", { idempotency_key: "" }, {}],
    ["a whitespace body key", { idempotency_key: "   " }, {}],
    ["a numeric body key", { idempotency_key: 42 }, {}],
    ["an empty header", {}, { "Idempotency-Key": "" }],
    ["a whitespace header", {}, { "Idempotency-Key": " \t " }],
    ["256 characters", { idempotency_key: "k".repeat(256) }, {}],
    ["a 256-character header", {}, { "Idempotency-Key": "k".repeat(256) }],
    ["256 emoji (D1)", { idempotency_key: "🔑".repeat(256) }, {}],
  ];
  test.each(BAD)("rejects %s with invalid_field idempotency_key", (_what, extra, headers) => {
    for (const [route, request] of [
      ["transition", ACTION_BODIES.create],
      ["simulate", SIMULATE_BODY],
      ["verify", { job: JOBS.released }],
    ] as const) {
      rejected(callPlain(route, { ...request, ...extra }, headers), "invalid_field", "idempotency_key");
    }
  });

  test.each([
    ["255 characters", "k".repeat(255), "k".repeat(255)],
    ["255 emoji (D1: code points)", "🔑".repeat(255), "🔑".repeat(255)],
    ["255 characters inside padding", ` ${"k".repeat(255)}  `, "k".repeat(255)],
  ])("accepts %s", (_what, sent, key) => {
    const body = ok(call("transition", { ...ACTION_BODIES.create, idempotency_key: sent }));
    expect([body.idempotency_key, body.job.id]).toEqual([
      key,
      jobIdOf(key, CREATE.title, CREATE.amount, CREATE.criteria),
    ]);
  });
});

describe("POST /api/v0/verify (D12, D12a)", () => {
  const releaseReceipt = RECEIPTS.released;
  const disputeReceipt = RECEIPTS.disputed;
  // SETTLEMENT.md "Fees" for amount 100: release fee Math.round(5) = 5; dispute returns all 100.
  const RELEASE = { fee: 5, agent_payout: 95, returned_to_payer: 0 };
  const DISPUTE = { fee: 0, agent_payout: 0, returned_to_payer: 100 };
  const answer = (action: string, expected: Body, received: Body, mismatches: Body[] = []) => ({
    ok: true,
    mode: "demo",
    money: false,
    valid: mismatches.length === 0,
    verified: Object.keys(received).length > 0,
    expected,
    received,
    mismatches,
    job_id: JOBS.submitted.id,
    action,
    key_optional: true,
  });

  test.each([
    ["a release receipt", { receipt: releaseReceipt }, answer("release", RELEASE, RELEASE)],
    ["a dispute receipt", { receipt: disputeReceipt }, answer("dispute", DISPUTE, DISPUTE)],
    [
      "a released job by its own fee and agentPayout",
      { job: JOBS.released },
      answer("release", RELEASE, { fee: 5, agent_payout: 95 }),
    ],
    [
      "a disputed job by its own fee and agentPayout",
      { job: JOBS.disputed },
      answer("dispute", DISPUTE, { fee: 0, agent_payout: 0 }),
    ],
    [
      "a released job with a tampered own fee",
      { job: { ...JOBS.released, fee: 4 } },
      answer("release", RELEASE, { fee: 4, agent_payout: 95 }, [{ field: "fee", expected: 5, received: 4 }]),
    ],
    [
      "a released job with its matching action",
      { job: JOBS.released, action: "release" },
      answer("release", RELEASE, { fee: 5, agent_payout: 95 }),
    ],
    [
      "a released job by sent claims instead of its own",
      { job: JOBS.released, fee: 5 },
      answer("release", RELEASE, { fee: 5 }),
    ],
    [
      "a submitted job with release and all claims",
      { job: JOBS.submitted, action: "release", ...RELEASE },
      answer("release", RELEASE, RELEASE),
    ],
    [
      "a submitted job with dispute and returned_to_payer",
      { job: JOBS.submitted, action: "dispute", returned_to_payer: 100 },
      answer("dispute", DISPUTE, { returned_to_payer: 100 }),
    ],
    [
      "a submitted job with a wrong agent_payout",
      { job: JOBS.submitted, action: "release", agent_payout: 96 },
      answer("release", RELEASE, { agent_payout: 96 }, [{ field: "agent_payout", expected: 95, received: 96 }]),
    ],
    [
      "a submitted job with release and no claims",
      { job: JOBS.submitted, action: "release" },
      answer("release", RELEASE, {}),
    ],
    [
      "a submitted job with dispute and no claims",
      { job: JOBS.submitted, action: "dispute" },
      answer("dispute", DISPUTE, {}),
    ],
  ])("answers %s", (_what, request, expected) => {
    expect(ok(call("verify", request))).toEqual(expected);
  });

  test.each([
    ["release", releaseReceipt, "release_fee", 4, "fee", 5],
    ["release", releaseReceipt, "agent_payout", 96, "agent_payout", 95],
    ["release", releaseReceipt, "returned_to_payer", 1, "returned_to_payer", 0],
    ["dispute", disputeReceipt, "release_fee", 5, "fee", 0],
    ["dispute", disputeReceipt, "agent_payout", 95, "agent_payout", 0],
    ["dispute", disputeReceipt, "returned_to_payer", 99, "returned_to_payer", 100],
  ])(
    "answers a %s receipt with a tampered %s with valid false and that one mismatch, HTTP 200",
    (action, receipt, member, value, field, want) => {
      const base = action === "release" ? RELEASE : DISPUTE;
      const body = ok(call("verify", { receipt: { ...receipt, [member]: value } }));
      expect(body).toEqual(
        answer(action, base, { ...base, [field]: value }, [{ field, expected: want, received: value }]),
      );
    },
  );

  test.each([1, 10, 30, 50, 99, 101, 999])("expects SETTLEMENT.md's fee schedule for amount %d", (amount) => {
    const { submitted } = jobsByStatus(amount);
    const fee = Math.round(amount * 0.05);
    expect(ok(call("verify", { job: submitted, action: "release" })).expected).toEqual({
      fee,
      agent_payout: amount - fee,
      returned_to_payer: 0,
    });
    expect(ok(call("verify", { job: submitted, action: "dispute" })).expected).toEqual({
      fee: 0,
      agent_payout: 0,
      returned_to_payer: amount,
    });
  });

  const { release_fee: _fee, ...noFee } = releaseReceipt;
  const { agent_payout: _payout, ...noPayout } = releaseReceipt;
  const { returned_to_payer: _returned, ...noReturned } = releaseReceipt;
  const VERIFY_ACTIONS = { actions: ["release", "dispute"], message: "action must be release or dispute." };
  const illegal = (action: string, from: string) => ({
    action,
    from,
    expected: "submitted",
    message: `Cannot ${action} a job in status ${from}. ${action} requires status submitted.`,
  });
  /** [why, body, status, code, field, extra fields]. */
  const ERRORS: [string, unknown, number, string, string | undefined, Body][] = [
    ["a receipt without release_fee", { receipt: noFee }, 400, "missing_field", "fee", {}],
    [
      "a receipt with release_fee null (D2)",
      { receipt: { ...releaseReceipt, release_fee: null } },
      400,
      "missing_field",
      "fee",
      {},
    ],
    ["a receipt without agent_payout", { receipt: noPayout }, 400, "missing_field", "agent_payout", {}],
    ["a receipt without returned_to_payer", { receipt: noReturned }, 400, "missing_field", "returned_to_payer", {}],
    ...["a string", 42, true, []].map((receipt): [string, unknown, number, string, string, Body] => [
      `a receipt that is ${JSON.stringify(receipt)}`,
      { receipt },
      400,
      "invalid_field",
      "receipt",
      {},
    ]),
    ...["open", "funded", "submitted", "refunded"].map((status): [string, unknown, number, string, string, Body] => [
      `a receipt with status ${status}`,
      { receipt: { ...releaseReceipt, status } },
      400,
      "invalid_field",
      "receipt.status",
      {},
    ]),
    ["a submitted job without action", { job: JOBS.submitted }, 400, "missing_field", "action", {}],
    ...["fund", "create", "submit", "refund", "RELEASE"].map(
      (action): [string, unknown, number, string, undefined, Body] => [
        `action ${action}`,
        { job: JOBS.submitted, action },
        400,
        "invalid_action",
        undefined,
        { action, ...VERIFY_ACTIONS },
      ],
    ),
    [
      "action fund beside a receipt",
      { receipt: releaseReceipt, action: "fund" },
      400,
      "invalid_action",
      undefined,
      VERIFY_ACTIONS,
    ],
    ...(["open", "funded"] as const).flatMap((status) => [
      ...["release", "dispute"].map((action): [string, unknown, number, string, undefined, Body] => [
        `an ${status} job with action ${action}`,
        { job: JOBS[status], action },
        409,
        "illegal_transition",
        undefined,
        illegal(action, status),
      ]),
      [
        `an ${status} job without action`,
        { job: JOBS[status] },
        409,
        "illegal_transition",
        undefined,
        { from: status, expected: "submitted" },
      ] as [string, unknown, number, string, undefined, Body],
    ]),
    [
      "a released job with action dispute",
      { job: JOBS.released, action: "dispute" },
      409,
      "illegal_transition",
      undefined,
      illegal("dispute", "released"),
    ],
    [
      "a disputed job with action release",
      { job: JOBS.disputed, action: "release" },
      409,
      "illegal_transition",
      undefined,
      illegal("release", "disputed"),
    ],
    ["both receipt and job", { receipt: releaseReceipt, job: JOBS.released }, 400, "invalid_field", "job", {}],
    ["neither receipt nor job", {}, 400, "missing_field", "receipt", {}],
    ["receipt and job both null (D2)", { receipt: null, job: null }, 400, "missing_field", "receipt", {}],
  ];
  const VERIFY_CODES = [
    "invalid_json",
    "invalid_action",
    "missing_field",
    "invalid_field",
    "illegal_transition",
    "method_not_allowed",
  ];

  test.each(ERRORS)("rejects %s", (_why, request, status, code, field, extra) => {
    const result = call("verify", request);
    const body = rejected(result, code, field);
    expect(result.status).toBe(status);
    expect(body).toMatchObject(extra);
  });

  test.each([
    ["a non-JSON body", "{"],
    ["an array body", "[]"],
    ["a receipt with a string amount", { receipt: { ...releaseReceipt, amount: "100" } }],
    ["a receipt with a bad job_id", { receipt: { ...releaseReceipt, job_id: "job-1" } }],
    ["a job with a bad status", { job: { ...JOBS.released, status: "paid" }, action: "release" }],
    ["a job that is a string", { job: "as_0000000001" }],
    ["a string fee claim", { job: JOBS.submitted, action: "release", fee: "5" }],
    ["a negative agent_payout claim", { job: JOBS.submitted, action: "release", agent_payout: -1 }],
    ...ERRORS.map(([why, request]): [string, unknown] => [why, request]),
  ])("answers %s with a code from SETTLEMENT.md's verify list", (_why, request) => {
    const body = call("verify", request).body;
    expect(body.ok).toBe(false);
    expect(VERIFY_CODES).toContain(body.error as string);
  });
});
