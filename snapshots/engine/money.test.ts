/**
 * The money and state rules of the engine, one fact per assertion (no snapshots): the fee
 * schedule, the states and transitions table, payer credits, the job and receipt shapes, the
 * money fields of transition and quote, and simulate's walk. Every expected value comes from
 * SETTLEMENT.md and its decisions (written out by hand), never from the engine's own output.
 */

import { describe, expect, test } from "bun:test";
import type { EngineContext } from "../../shared/engine/context.ts";
import type { EngineRoute } from "../../shared/protocol/constants.ts";
import { keyIdOf } from "../support/derived-ids.ts";
import {
  ACTION_BODIES,
  ACTION_ROUTES,
  CALLBACK_URL,
  JOB_FIELDS,
  JOBS,
  jobFieldsWith,
  MAX_SAFE,
  RECEIPT_FIELDS,
  SIMULATE_BODY,
} from "../support/fixtures.ts";
import { CREATE, call, fixedContext, NOW, ok, PROOF_URL, rejected } from "../support/helpers.ts";

type Body = Record<string, any>;

/** The fixed clock `seconds` later, so each call's stamps show which call set them. */
const later = (seconds: number): EngineContext => fixedContext(NOW + seconds * 1000);
const iso = (ms: number): string => new Date(ms).toISOString();

/** The key_id for `Authorization: Bearer x`: k_ + first 12 hex of SHA-256("x") (SETTLEMENT.md "Authentication", D14). */
const KEY_HEADERS = { Authorization: "Bearer x" };
const KEY_ID = keyIdOf("x");

/** SETTLEMENT.md's Receipt table applied to a job by hand, in the table's order; optional fields only when set (D13a). */
function receiptFor(job: Body, keyId?: string): Body {
  const released = job.status === "released";
  const receipt: Body = {
    job_id: job.id,
    title: job.title,
    status: job.status,
    amount: job.amount,
    release_fee: released ? job.fee : 0,
    agent_payout: released ? job.agentPayout : 0,
    returned_to_payer: released ? 0 : job.amount,
    success_criteria: job.criteria,
    proof: job.proofUrl,
    created: job.createdAt,
    funded: job.fundedAt,
    submitted: job.submittedAt,
    resolved: job.resolvedAt,
  };
  const optional = [
    ["clientRef", "client_ref"],
    ["callbackUrl", "callback_url"],
    ["proofNote", "proof_note"],
    ["releaseNote", "release_note"],
    ["disputeReason", "dispute_reason"],
  ];
  for (const [from, to] of optional) if (job[from!] !== undefined) receipt[to!] = job[from!];
  if (keyId !== undefined) receipt.key_id = keyId;
  return receipt;
}

/** A submitted job of `amount`, funded with payer_credits equal to the amount. */
function submittedJob(amount: number): Body {
  const open = ok(call("transition", { action: "create", ...CREATE, amount })).job;
  const funded = ok(call("transition", { action: "fund", job: open, payer_credits: amount })).job;
  return ok(call("transition", { action: "submit", job: funded, proof_url: PROOF_URL })).job;
}

/** Asserts a 409 state error with its extra fields and filled message; validate adds kind and errors (D8, D13a). */
function expectStateError(route: EngineRoute, body: Body, error: string, extra: Body, message: string) {
  const result = call(route, body);
  expect(result.status).toBe(409);
  const answer = rejected(result, error);
  expect(answer).toMatchObject({ ...extra, message });
  if (route === "validate") {
    expect(answer.kind).toBe("state");
    expect(answer.errors).toEqual([{ error, message }]);
  }
}

/** [amount, fee, agent_payout], by hand from fee = Math.round(amount * 0.05), payout = amount - fee. */
const FEES: [number, number, number][] = [
  [1, 0, 1],
  [9, 0, 9],
  [10, 1, 9],
  [11, 1, 10],
  [30, 2, 28],
  [49, 2, 47],
  [50, 3, 47],
  [99, 5, 94],
  [100, 5, 95],
  [101, 5, 96],
  [12345, 617, 11728],
  // 9007199254740991 * 0.05 is 450359962737049.55; the double product is ...049.56, which rounds to ...050.
  [MAX_SAFE, 450359962737050, 8556839292003941],
];

describe.each(FEES)("fee schedule for a job of %p credits", (amount, fee, payout) => {
  const job = submittedJob(amount);
  const released = { fee, agent_payout: payout, agent_credits_delta: payout, returned_to_payer: 0 };
  const disputed = { fee: 0, agent_payout: 0, agent_credits_delta: 0, returned_to_payer: amount };

  test("the hand-written fee and payout add up to the amount", () => {
    expect(fee + payout).toBe(amount);
  });

  test.each(["transition", "quote"] as const)("%s release charges the fee and pays the rest to the agent", (route) => {
    const body = ok(call(route, { action: "release", job }));
    expect(body).toMatchObject(released);
    expect([body.job.fee, body.job.agentPayout]).toEqual([fee, payout]);
    expect([body.receipt.release_fee, body.receipt.agent_payout, body.receipt.returned_to_payer]).toEqual([
      fee,
      payout,
      0,
    ]);
  });

  test.each(["transition", "quote"] as const)("%s dispute charges nothing and returns the amount", (route) => {
    const body = ok(call(route, { action: "dispute", job }));
    expect(body).toMatchObject(disputed);
    expect([body.job.fee, body.job.agentPayout]).toEqual([0, 0]);
    expect([body.receipt.release_fee, body.receipt.agent_payout, body.receipt.returned_to_payer]).toEqual([
      0,
      0,
      amount,
    ]);
  });

  test.each([
    ["release", released, 0],
    ["dispute", disputed, amount],
  ] as const)("simulate %s settles the same way", (terminal, money, payerCredits) => {
    const body = ok(call("simulate", { ...CREATE, amount, payer_credits: amount, proof_url: PROOF_URL, terminal }));
    expect(body).toMatchObject({ ...money, payer_credits: payerCredits });
  });

  test.each([
    ["release", { fee, agent_payout: payout, returned_to_payer: 0 }],
    ["dispute", { fee: 0, agent_payout: 0, returned_to_payer: amount }],
  ] as const)("verify expects the same money for %s and accepts it", (action, expected) => {
    const body = ok(call("verify", { job, action, ...expected }));
    expect(body).toMatchObject({ valid: true, verified: true, expected, mismatches: [] });
  });
});

describe("states and transitions", () => {
  const NEEDS = { fund: "open", submit: "funded", release: "submitted", dispute: "submitted" } as const;
  const LEADS_TO = { fund: "funded", submit: "submitted", release: "released", dispute: "disputed" } as const;
  /** The other fields each action needs, so that only the state can fail. */
  const FIELDS = { fund: { payer_credits: 1000 }, submit: { proof_url: PROOF_URL }, release: {}, dispute: {} };
  const STATUSES = ["open", "funded", "submitted", "released", "disputed"] as const;
  const PAIRS = STATUSES.flatMap((from) =>
    (["fund", "submit", "release", "dispute"] as const).map((action) => [from, action] as const),
  );
  const LEGAL = PAIRS.filter(([from, action]) => NEEDS[action] === from);
  const ILLEGAL = PAIRS.filter(([from, action]) => NEEDS[action] !== from);

  test("the table has 4 legal and 16 illegal (status, action) pairs", () => {
    expect([LEGAL.length, ILLEGAL.length]).toEqual([4, 16]);
  });

  test.each(LEGAL)("a %s job may %s and moves to the next status", (from, action) => {
    const body = { action, job: JOBS[from], ...FIELDS[action] };
    expect(ok(call("transition", body)).job.status).toBe(LEADS_TO[action]);
    const quoted = ok(call("quote", body));
    expect([quoted.next_status, quoted.job.status]).toEqual([LEADS_TO[action], LEADS_TO[action]]);
    ok(call("validate", body));
  });

  const illegalCases = ILLEGAL.flatMap(([from, action]) =>
    ACTION_ROUTES.map((route) => [from, action, route] as const),
  );
  test.each(illegalCases)("a %s job may not %s: illegal_transition on %s", (from, action, route) => {
    const expected = NEEDS[action];
    expectStateError(
      route,
      { action, job: JOBS[from], ...FIELDS[action] },
      "illegal_transition",
      { action, from, expected },
      `Cannot ${action} a job in status ${from}. ${action} requires status ${expected}.`,
    );
  });
});

describe("payer credits", () => {
  test.each([
    ["1000 leaves 900", 1000, 900],
    ["exactly the amount leaves 0", 100, 0],
  ])("fund deducts the amount: %s", (_name, sent, after) => {
    expect(ok(call("transition", { action: "fund", job: JOBS.open, payer_credits: sent })).payer_credits).toBe(after);
  });

  test.each(ACTION_ROUTES)("fund with one credit less than the amount is insufficient_credits on %s", (route) => {
    expectStateError(
      route,
      { action: "fund", job: JOBS.open, payer_credits: 99 },
      "insufficient_credits",
      { action: "fund", needed: 100, payer_credits: 99 },
      "Need 100 credits to fund. payer_credits is 99.",
    );
  });

  test("fund without payer_credits is missing_field payer_credits", () => {
    const result = call("transition", { action: "fund", job: JOBS.open });
    expect(result.status).toBe(400);
    expect(rejected(result, "missing_field", "payer_credits").message).toBe("payer_credits is required.");
  });

  test.each([
    ["submit", { job: JOBS.funded, proof_url: PROOF_URL }],
    ["release", { job: JOBS.submitted }],
  ] as const)("%s echoes payer_credits unchanged when sent and leaves it out when not", (action, body) => {
    expect(ok(call("transition", { action, ...body, payer_credits: 900 })).payer_credits).toBe(900);
    expect(ok(call("transition", { action, ...body }))).not.toHaveProperty("payer_credits");
  });

  test("dispute adds the amount back to payer_credits", () => {
    expect(ok(call("transition", { action: "dispute", job: JOBS.submitted, payer_credits: 900 }))).toMatchObject({
      payer_credits: 1000,
      returned_to_payer: 100,
    });
  });

  test("a dispute that brings payer_credits to exactly 9007199254740991 is fine (D3)", () => {
    expect(
      ok(call("transition", { action: "dispute", job: JOBS.submitted, payer_credits: MAX_SAFE - 100 })).payer_credits,
    ).toBe(MAX_SAFE);
  });

  test.each(ACTION_ROUTES)(
    "a dispute that would push payer_credits past 9007199254740991 is invalid_field payer_credits on %s (D3)",
    (route) => {
      const result = call(route, { action: "dispute", job: JOBS.submitted, payer_credits: MAX_SAFE - 99 });
      expect(result.status).toBe(400);
      rejected(result, "invalid_field", "payer_credits");
    },
  );
});

describe("job fields and timestamps (D4, D10)", () => {
  const open = ok(call("transition", { action: "create", ...CREATE })).job;
  const funded = ok(call("transition", { action: "fund", job: open, payer_credits: 1000 }, {}, later(1))).job;
  const submitted = ok(call("transition", { action: "submit", job: funded, proof_url: PROOF_URL }, {}, later(2))).job;
  const released = ok(call("transition", { action: "release", job: submitted }, {}, later(3))).job;
  const disputed = ok(call("transition", { action: "dispute", job: submitted }, {}, later(4))).job;

  test("create gives exactly SETTLEMENT.md's job fields in its table order", () => {
    expect(Object.keys(open)).toEqual(JOB_FIELDS);
  });

  test("create stamps createdAt from the clock, null stamps, empty proofUrl, fee and agentPayout 0", () => {
    expect(open).toEqual({
      id: expect.stringMatching(/^as_[0-9a-f]{10}$/),
      ...CREATE,
      proofUrl: "",
      status: "open",
      createdAt: "2026-01-01T00:00:00.000Z",
      fundedAt: null,
      submittedAt: null,
      resolvedAt: null,
      fee: 0,
      agentPayout: 0,
    });
  });

  test.each([
    ["fund", funded, { status: "funded", fundedAt: iso(NOW + 1000) }],
    [
      "submit",
      submitted,
      { status: "submitted", fundedAt: iso(NOW + 1000), proofUrl: PROOF_URL, submittedAt: iso(NOW + 2000) },
    ],
    [
      "release",
      released,
      {
        status: "released",
        fundedAt: iso(NOW + 1000),
        proofUrl: PROOF_URL,
        submittedAt: iso(NOW + 2000),
        resolvedAt: iso(NOW + 3000),
        fee: 5,
        agentPayout: 95,
      },
    ],
    [
      "dispute",
      disputed,
      {
        status: "disputed",
        fundedAt: iso(NOW + 1000),
        proofUrl: PROOF_URL,
        submittedAt: iso(NOW + 2000),
        resolvedAt: iso(NOW + 4000),
      },
    ],
  ])("%s sets its own stamp from its own clock and keeps the id and every earlier field", (_action, job, changed) => {
    expect(job).toEqual({ ...open, ...changed });
    expect(Object.keys(job)).toEqual(JOB_FIELDS);
  });

  test.each([
    ["release", "releaseNote", { release_note: "Matches." }],
    ["dispute", "disputeReason", { dispute_reason: "Off topic." }],
  ] as const)(
    "optional fields appear only once set, in SETTLEMENT.md's table order (%s walk)",
    (action, noteField, note) => {
      const made = ok(
        call("transition", { action: "create", ...CREATE, client_ref: "order-42", callback_url: CALLBACK_URL }),
      ).job;
      expect(Object.keys(made)).toEqual([...JOB_FIELDS, "clientRef", "callbackUrl"]);
      const held = ok(call("transition", { action: "fund", job: made, payer_credits: 100, ttl_seconds: 60 })).job;
      const proven = ok(
        call("transition", { action: "submit", job: held, proof_url: PROOF_URL, proof_note: "Done." }),
      ).job;
      const ended = ok(call("transition", { action, job: proven, ...note })).job;
      expect(ended).toMatchObject({
        clientRef: "order-42",
        callbackUrl: CALLBACK_URL,
        expiresAt: iso(NOW + 60_000),
        proofNote: "Done.",
        [noteField]: Object.values(note)[0],
      });
      expect(Object.keys(ended)).toEqual(
        jobFieldsWith("proofNote", noteField, "clientRef", "callbackUrl", "expiresAt"),
      );
    },
  );

  test("whitespace-only notes and empty notes on the sent job stay absent, never empty strings (D2, D10)", () => {
    const proven = ok(
      call("transition", { action: "submit", job: JOBS.funded, proof_url: PROOF_URL, proof_note: "   " }),
    ).job;
    expect(Object.keys(proven)).toEqual(JOB_FIELDS);
    for (const [action, note] of [
      ["release", { release_note: " \t " }],
      ["dispute", { dispute_reason: "  " }],
    ] as const) {
      const body = ok(call("transition", { action, job: { ...proven, proofNote: "" }, ...note }));
      expect(Object.keys(body.job)).toEqual(JOB_FIELDS);
      for (const field of ["proof_note", "release_note", "dispute_reason"])
        expect(body.receipt).not.toHaveProperty(field);
    }
  });

  test("members of the sent job that SETTLEMENT.md does not know are dropped (D6)", () => {
    const job = ok(
      call("transition", {
        action: "fund",
        job: { ...JOBS.open, extra: "x", owner: { name: "y" } },
        payer_credits: 1000,
      }),
    ).job;
    expect(Object.keys(job)).toEqual(JOB_FIELDS);
  });
});

describe("receipts", () => {
  const made = ok(
    call("transition", { action: "create", ...CREATE, client_ref: "order-42", callback_url: CALLBACK_URL }),
  ).job;
  const held = ok(
    call("transition", { action: "fund", job: made, payer_credits: 100, ttl_seconds: 60 }, {}, later(1)),
  ).job;
  const full = ok(
    call("transition", { action: "submit", job: held, proof_url: PROOF_URL, proof_note: "Done." }, {}, later(2)),
  ).job;
  /** [name, submitted job, receipt fields it must carry, written out from SETTLEMENT.md]. */
  const subjects = [
    ["a bare job", JOBS.submitted, { funded: iso(NOW), submitted: iso(NOW) }],
    [
      "a job with every optional field",
      full,
      {
        funded: iso(NOW + 1000),
        submitted: iso(NOW + 2000),
        client_ref: "order-42",
        callback_url: CALLBACK_URL,
        proof_note: "Done.",
      },
    ],
  ] as const;
  const cases = subjects.flatMap(
    ([name, job, fields]) =>
      [
        [
          "release",
          name,
          job,
          { release_note: "Matches." },
          {
            ...fields,
            status: "released",
            release_fee: 5,
            agent_payout: 95,
            returned_to_payer: 0,
            release_note: "Matches.",
          },
        ],
        [
          "dispute",
          name,
          job,
          { dispute_reason: "Off topic." },
          {
            ...fields,
            status: "disputed",
            release_fee: 0,
            agent_payout: 0,
            returned_to_payer: 100,
            dispute_reason: "Off topic.",
          },
        ],
      ] as const,
  );

  test.each(cases)(
    "%s of %s maps every receipt field from the job, in SETTLEMENT.md's order, without key_id",
    (action, _name, job, note, fields) => {
      const body = ok(call("transition", { action, job, ...note }, {}, later(3)));
      expect(JSON.stringify(body.receipt)).toBe(JSON.stringify(receiptFor(body.job)));
      expect(body.receipt).toMatchObject({
        ...fields,
        job_id: job.id,
        created: iso(NOW),
        resolved: iso(NOW + 3000),
        proof: PROOF_URL,
      });
      expect(body.receipt).not.toHaveProperty("key_id");
    },
  );

  test.each(cases)("%s of %s with a demo key carries key_id last on the receipt", (action, _name, job, note) => {
    const body = ok(call("transition", { action, job, ...note }, KEY_HEADERS));
    expect(JSON.stringify(body.receipt)).toBe(JSON.stringify(receiptFor(body.job, KEY_ID)));
  });

  test("a bare receipt has exactly the required fields and no optional ones", () => {
    const { receipt } = ok(call("transition", { action: "release", job: JOBS.submitted }));
    expect(Object.keys(receipt)).toEqual(RECEIPT_FIELDS);
  });

  test.each(["create", "fund", "submit"] as const)("%s returns no receipt on transition or quote", (action) => {
    for (const route of ["transition", "quote"] as const)
      expect(ok(call(route, ACTION_BODIES[action]))).not.toHaveProperty("receipt");
  });
});

describe("transition success fields", () => {
  test("release gives fee, agent_payout, agent_credits_delta equal to agent_payout, returned_to_payer 0 and a receipt", () => {
    const body = ok(call("transition", { action: "release", job: JOBS.submitted }));
    expect(body).toMatchObject({
      mode: "demo",
      money: false,
      fee: 5,
      agent_payout: 95,
      agent_credits_delta: 95,
      returned_to_payer: 0,
      key_optional: true,
    });
    expect(body.receipt.status).toBe("released");
  });

  test("dispute gives returned_to_payer = amount, no fee, agent_credits_delta 0 and a receipt", () => {
    const body = ok(call("transition", { action: "dispute", job: JOBS.submitted }));
    expect(body).toMatchObject({
      mode: "demo",
      money: false,
      fee: 0,
      agent_payout: 0,
      agent_credits_delta: 0,
      returned_to_payer: 100,
      key_optional: true,
    });
    expect(body.receipt.status).toBe("disputed");
  });

  test.each(Object.keys(ACTION_BODIES) as (keyof typeof ACTION_BODIES)[])(
    "%s without a key header says key_optional true and has no key_id",
    (action) => {
      const answer = ok(call("transition", ACTION_BODIES[action]));
      expect(answer.key_optional).toBe(true);
      expect(answer).not.toHaveProperty("key_id");
    },
  );

  test("a demo key gives key_id instead of key_optional", () => {
    const body = ok(call("transition", { action: "release", job: JOBS.submitted }, KEY_HEADERS));
    expect(body.key_id).toBe(KEY_ID);
    expect(body).not.toHaveProperty("key_optional");
  });
});

describe("POST /api/v0/quote (D11, D13a)", () => {
  test("a create quote gives next_status open and the would-be job without an id", () => {
    const body = ok(call("quote", { action: "create", ...CREATE, client_ref: "order-42", callback_url: CALLBACK_URL }));
    expect(body.next_status).toBe("open");
    expect(JSON.stringify(body.job)).toBe(
      JSON.stringify({
        ...CREATE,
        proofUrl: "",
        status: "open",
        createdAt: iso(NOW),
        fundedAt: null,
        submittedAt: null,
        resolvedAt: null,
        fee: 0,
        agentPayout: 0,
        clientRef: "order-42",
        callbackUrl: CALLBACK_URL,
      }),
    );
  });

  test("a create quote never draws randomness, while a create transition does", () => {
    const throwing: EngineContext = {
      now: NOW,
      randomHex: () => {
        throw new Error("quote drew randomness");
      },
    };
    expect(ok(call("quote", { action: "create", ...CREATE }, {}, throwing)).job).not.toHaveProperty("id");
    let draws = 0;
    const counting: EngineContext = {
      now: NOW,
      randomHex: (length) => {
        draws++;
        return "a".repeat(length);
      },
    };
    expect(ok(call("transition", { action: "create", ...CREATE }, {}, counting)).job.id).toBe("as_aaaaaaaaaa");
    expect(draws).toBe(1);
  });

  test.each([
    ["create", { ...CREATE, payer_credits: 500 }, 500],
    ["fund", { job: JOBS.open, payer_credits: 1000 }, 900],
    ["submit", { job: JOBS.funded, proof_url: PROOF_URL, payer_credits: 900 }, 900],
    ["release", { job: JOBS.submitted, payer_credits: 900 }, 900],
    ["dispute", { job: JOBS.submitted, payer_credits: 900 }, 1000],
  ] as const)("a %s quote gives payer_credits_after from the payer_credits sent", (action, body, after) => {
    expect(ok(call("quote", { action, ...body })).payer_credits_after).toBe(after);
  });

  test("a submit quote echoes proof_note on the job", () => {
    expect(
      ok(call("quote", { action: "submit", job: JOBS.funded, proof_url: PROOF_URL, proof_note: "Done." })).job,
    ).toMatchObject({ proofUrl: PROOF_URL, proofNote: "Done." });
  });

  test.each([
    [
      "release",
      { release_note: "Matches." },
      "releaseNote",
      "release_note",
      { fee: 5, agent_payout: 95, agent_credits_delta: 95, returned_to_payer: 0 },
    ],
    [
      "dispute",
      { dispute_reason: "Off topic." },
      "disputeReason",
      "dispute_reason",
      { fee: 0, agent_payout: 0, agent_credits_delta: 0, returned_to_payer: 100 },
    ],
  ] as const)(
    "a %s quote gives the money fields and echoes its note on the job and the would-be receipt",
    (action, note, jobField, receiptField, money) => {
      const body = ok(call("quote", { action, job: JOBS.submitted, ...note }));
      const text = Object.values(note)[0];
      expect(body).toMatchObject({ next_status: `${action}d`, ...money });
      expect([body.job[jobField], body.receipt[receiptField]]).toEqual([text, text]);
      expect(JSON.stringify(body.receipt)).toBe(JSON.stringify(receiptFor(body.job)));
    },
  );
});

describe("POST /api/v0/simulate", () => {
  /** The transitions simulate's walk stands for, each from the previous response's job and payer_credits. */
  function replay(sim: Body, headers: Record<string, string>): Body[] {
    const {
      terminal = "release",
      title,
      amount,
      criteria,
      payer_credits,
      proof_url,
      client_ref,
      callback_url,
      ttl_seconds,
      expires_at,
      proof_note,
      release_note,
      dispute_reason,
      idempotency_key,
    } = sim;
    const bodies = [
      { action: "create", title, amount, criteria, payer_credits, client_ref, callback_url },
      { action: "fund", ttl_seconds, expires_at },
      { action: "submit", proof_url, proof_note },
      terminal === "release" ? { action: "release", release_note } : { action: "dispute", dispute_reason },
    ];
    let previous: Body | undefined;
    return bodies.map((step) => {
      previous = ok(
        call(
          "transition",
          { ...step, idempotency_key, ...(previous && { job: previous.job, payer_credits: previous.payer_credits }) },
          headers,
        ),
      );
      return previous;
    });
  }

  const RELEASED = {
    terminal: "release",
    payer_credits: 900,
    fee: 5,
    agent_payout: 95,
    agent_credits_delta: 95,
    returned_to_payer: 0,
  };
  const DISPUTED = {
    terminal: "dispute",
    payer_credits: 1000,
    fee: 0,
    agent_payout: 0,
    agent_credits_delta: 0,
    returned_to_payer: 100,
  };
  const OPTIONAL = {
    client_ref: "order-42",
    callback_url: CALLBACK_URL,
    proof_note: "Done.",
    idempotency_key: "sim-1",
  };
  const WALKS: [string, Body, Record<string, string>, Body][] = [
    ["terminal defaults to release", SIMULATE_BODY, {}, RELEASED],
    ["terminal dispute", { ...SIMULATE_BODY, terminal: "dispute" }, {}, DISPUTED],
    [
      "release with every optional field and a demo key",
      { ...SIMULATE_BODY, ...OPTIONAL, ttl_seconds: 60, release_note: "Matches." },
      KEY_HEADERS,
      RELEASED,
    ],
    [
      "dispute with every optional field",
      {
        ...SIMULATE_BODY,
        ...OPTIONAL,
        terminal: "dispute",
        expires_at: "2026-01-02T00:00:00Z",
        dispute_reason: "Off topic.",
      },
      {},
      DISPUTED,
    ],
  ];

  describe.each(WALKS)("%s", (_name, request, headers, money) => {
    const body = ok(call("simulate", request, headers));
    const last = body.steps[3];

    test("has exactly 4 steps: create, fund, submit, then the terminal", () => {
      expect(body.steps.map((step: Body) => step.job.status)).toEqual([
        "open",
        "funded",
        "submitted",
        `${money.terminal}d`,
      ]);
    });

    test("each step equals the transition of that action from the previous step's job", () => {
      replay(request, headers).forEach((expected, i) => {
        expect(body.steps[i]).toEqual(expected);
        expect(Object.keys(body.steps[i])).toEqual(Object.keys(expected));
      });
    });

    test("the final job, credits, money and receipt are the terminal step's, with SETTLEMENT.md's values", () => {
      expect(body).toMatchObject(money);
      for (const field of [
        "job",
        "payer_credits",
        "fee",
        "agent_payout",
        "agent_credits_delta",
        "returned_to_payer",
        "receipt",
      ]) {
        expect(body[field]).toEqual(last[field]);
      }
      expect(JSON.stringify(body.receipt)).toBe(
        JSON.stringify(receiptFor(body.job, headers.Authorization ? KEY_ID : undefined)),
      );
    });
  });

  test("payer_credits below the amount is insufficient_credits at the fund step", () => {
    expectStateError(
      "simulate",
      { ...SIMULATE_BODY, payer_credits: 99 },
      "insufficient_credits",
      { action: "fund", needed: 100, payer_credits: 99 },
      "Need 100 credits to fund. payer_credits is 99.",
    );
  });

  test.each([
    ["release", { dispute_reason: "x".repeat(500) }, "disputeReason", "dispute_reason"],
    ["dispute", { release_note: "x".repeat(500) }, "releaseNote", "release_note"],
  ] as const)(
    "terminal %s ignores the other terminal's note entirely, even an over-long one (D5, D13a)",
    (terminal, note, jobField, receiptField) => {
      const body = ok(call("simulate", { ...SIMULATE_BODY, terminal, ...note }));
      expect(body.job).not.toHaveProperty(jobField);
      expect(body.receipt).not.toHaveProperty(receiptField);
    },
  );

  test.each([
    ["ttl_seconds", { ttl_seconds: 60 }, iso(NOW + 60_000)],
    ["expires_at", { expires_at: "2026-01-02T00:00:00+00:00" }, "2026-01-02T00:00:00.000Z"],
  ] as const)("%s is stamped at the fund step (D4)", (_field, expiry, expiresAt) => {
    const body = ok(call("simulate", { ...SIMULATE_BODY, ...expiry }));
    expect(body.steps.map((step: Body) => step.job.expiresAt)).toEqual([undefined, expiresAt, expiresAt, expiresAt]);
    expect(body.job.expiresAt).toBe(expiresAt);
  });
});
