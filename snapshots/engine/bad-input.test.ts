/**
 * Hostile and malformed input through the HTTP handler, on all five engines: it never gives a
 * 5xx or a throw, and always answers with the envelope (ok, mode, money) and a code from the
 * error catalog that lists that route. Bodies that are not JSON objects, invalid UTF-8, deep
 * nesting, prototype keys, odd strings and numbers, huge arrays, and every wrong JSON type
 * for every field of every route.
 */
import { describe, expect, test } from "bun:test";
import { ENGINE_ROUTES, type EngineRoute, enginePath } from "../../shared/protocol/constants.ts";
import { ERROR_CATALOG, type ErrorCode } from "../../shared/protocol/errors.ts";
import { JOB_MEMBERS } from "../../shared/protocol/job-members.ts";
import { RECEIPT_MEMBERS } from "../../shared/protocol/receipt-members.ts";
import { ACTION_FIELDS, SIMULATE_FIELDS } from "../../shared/protocol/request-shape.ts";
import { ACTION_BODIES, JOBS, RECEIPTS, ROUTE_BODIES } from "../support/fixtures.ts";
import { CREATE, expectEnvelope, testHandler } from "../support/helpers.ts";

const handle = testHandler();
const receipt = RECEIPTS.released;

type Body = Record<string, any>;

/** One valid body per route; create and simulate carry an idempotency key, so their ids are stable. */
const VALID: Record<EngineRoute, Body> = {
  ...ROUTE_BODIES,
  transition: { ...ROUTE_BODIES.transition, idempotency_key: "bad-input" },
  simulate: { ...ROUTE_BODIES.simulate, idempotency_key: "bad-input" },
};

interface Answer {
  status: number;
  body: Body;
}

/** POSTs a raw body and checks what every answer must be, whatever the input. */
async function post(route: EngineRoute, raw: string | Uint8Array<ArrayBuffer>): Promise<Answer> {
  const response = await handle(new Request(`http://localhost${enginePath(route)}`, { method: "POST", body: raw }));
  expect(response.status).toBeLessThan(500);
  expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
  const body = (await response.json()) as Body;
  expectEnvelope(route, response.status, body);
  if (!body.ok) {
    expect(typeof body.message).toBe("string");
    if (route === "validate") {
      expect(body.kind).toBe(ERROR_CATALOG[body.error as ErrorCode].kind);
      expect(body.errors[0].error).toBe(body.error);
    }
  }
  return { status: response.status, body };
}

/** The code and field of an answer, or "ok". */
const outcome = ({ body }: Answer): string =>
  body.ok ? "ok" : body.field ? `${body.error} ${body.field}` : body.error;

/** A body as JSON text with the placeholder string "@" replaced by raw JSON text. */
const splice = (body: Body, raw: string): string => JSON.stringify(body).replace('"@"', raw);

const deepArray = (depth: number) => "[".repeat(depth) + "]".repeat(depth);
const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;

describe("bodies that are not a JSON object are invalid_json", () => {
  const BODIES: [string, string][] = [
    ["an empty body", ""],
    ["whitespace", " \r\n\t "],
    ["null", "null"],
    ["an empty array", "[]"],
    ["an array", "[1]"],
    ["an array of an object", '[{"action":"create"}]'],
    ["a string", '"str"'],
    ["a number", "42"],
    ["true", "true"],
    ["false", "false"],
    ["NaN", "NaN"],
    ["single quotes", "{'action':'create'}"],
    ["a trailing comma", '{"action":"create",}'],
    ["two objects", "{}{}"],
    ["an unclosed object", '{"action":"create"'],
    ["a raw NUL byte inside a string", '{"action":"create","title":"a\u0000b"}'],
    ["a raw newline inside a string", '{"action":"create","title":"a\nb"}'],
    ["an array nested 10,000 deep", deepArray(10_000)],
    ["an array nested 32,768 deep (the size limit)", deepArray(32_768)],
    ["10,000 unclosed brackets", "[".repeat(10_000)],
    ["10,000 unclosed objects", '{"a":'.repeat(10_000)],
    ["a huge array", `[${Array(30_000).fill(0).join(",")}]`],
  ];
  const cases = BODIES.flatMap(([name, raw]) => ENGINE_ROUTES.map((route) => [name, route, raw] as const));

  test.each(cases)("%s on %s", async (_name, route, raw) => {
    expect(outcome(await post(route, raw))).toBe("invalid_json");
  });

  test("validate answers it as every refusal of its own (D8): 400, kind schema, the one problem in errors", async () => {
    const response = await handle(
      new Request(`http://localhost${enginePath("validate")}`, { method: "POST", body: "[1]" }),
    );
    expect(response.status).toBe(400);
    const { kind, errors, error, message } = (await response.json()) as Body;
    expect({ error, kind, errors }).toEqual({
      error: "invalid_json",
      kind: "schema",
      errors: [{ error: "invalid_json", message }],
    });
    for (const route of ENGINE_ROUTES.filter((r) => r !== "validate")) {
      const other = (await (
        await handle(new Request(`http://localhost${enginePath(route)}`, { method: "POST", body: "[1]" }))
      ).json()) as Body;
      expect(other, route).not.toHaveProperty("errors");
    }
  });
});

describe("bodies that are not valid UTF-8 are invalid_json", () => {
  const encoder = new TextEncoder();
  /** A valid create body whose title holds `bad` raw bytes. */
  const withBytes = (...bad: number[]) => {
    const [head, tail] = JSON.stringify({ ...VALID.transition, title: "@" }).split("@") as [string, string];
    return new Uint8Array([...encoder.encode(head), ...bad, ...encoder.encode(tail)]);
  };
  const BYTES: [string, Uint8Array<ArrayBuffer>][] = [
    ["0xff 0xfe", withBytes(0xff, 0xfe)],
    ["a UTF-16 byte order mark before UTF-16 text", new Uint8Array([0xff, 0xfe, 0x7b, 0x00, 0x7d, 0x00])],
    ["a lone continuation byte", withBytes(0x80)],
    ["continuation bytes only", withBytes(0xbf, 0xbf, 0xbf)],
    ["an overlong slash (0xc0 0xaf)", withBytes(0xc0, 0xaf)],
    ["an overlong NUL (0xc0 0x80)", withBytes(0xc0, 0x80)],
    ["an overlong three-byte form (0xe0 0x80 0xaf)", withBytes(0xe0, 0x80, 0xaf)],
    ["an encoded surrogate (0xed 0xa0 0x80)", withBytes(0xed, 0xa0, 0x80)],
    ["a truncated sequence (0xe2 0x82)", withBytes(0xe2, 0x82)],
    ["a code point above U+10FFFF", withBytes(0xf4, 0x90, 0x80, 0x80)],
    ["a bad byte outside any string", new Uint8Array([0x7b, 0xff, 0x7d])],
  ];
  const cases = BYTES.flatMap(([name, bytes]) => ENGINE_ROUTES.map((route) => [name, route, bytes] as const));

  test.each(cases)("%s on %s", async (_name, route, bytes) => {
    expect(outcome(await post(route, bytes))).toBe("invalid_json");
  });
});

describe("deep nesting is refused or ignored, never a crash", () => {
  const deep = deepArray(10_000);
  const deepObj = deepObject(10_000);

  test.each([
    ["transition", "invalid_action"],
    ["quote", "invalid_action"],
    ["validate", "invalid_action"],
    ["simulate", "missing_field title"],
    ["verify", "missing_field receipt"],
  ] as const)("an object nested 10,000 deep as the whole body on %s is %s", async (route, expected) => {
    expect(outcome(await post(route, deepObj))).toBe(expected);
  });

  test.each(ENGINE_ROUTES)("10,000 levels inside an unknown field on %s are ignored", async (route) => {
    const baseline = await post(route, JSON.stringify(VALID[route]));
    expect(baseline.status).toBe(200);
    for (const raw of [deep, deepObj]) {
      expect((await post(route, splice({ ...VALID[route], extra: "@" }, raw))).body).toEqual(baseline.body);
    }
  });

  /** [where, route, body with "@", answer for the deep array, answer for the deep object] */
  const INSIDE: [string, EngineRoute, Body, string, string][] = [
    ...(["transition", "quote", "validate"] as const).flatMap(
      (route): [string, EngineRoute, Body, string, string][] => [
        [
          "job itself",
          route,
          { action: "fund", job: "@", payer_credits: 1000 },
          "invalid_field job",
          "invalid_field job.id",
        ],
        [
          "job.title",
          route,
          { action: "fund", job: { ...JOBS.open, title: "@" }, payer_credits: 1000 },
          "invalid_field job.title",
          "invalid_field job.title",
        ],
        [
          "a member job does not know",
          route,
          { action: "fund", job: { ...JOBS.open, extra: "@" }, payer_credits: 1000 },
          "ok",
          "ok",
        ],
        ["action", route, { action: "@" }, "invalid_action", "invalid_action"],
      ],
    ),
    ["title", "simulate", { ...VALID.simulate, title: "@" }, "invalid_field title", "invalid_field title"],
    ["job itself", "verify", { job: "@" }, "invalid_field job", "invalid_field job.id"],
    [
      "job.amount",
      "verify",
      { job: { ...JOBS.released, amount: "@" } },
      "invalid_field job.amount",
      "invalid_field job.amount",
    ],
    ["receipt itself", "verify", { receipt: "@" }, "invalid_field receipt", "invalid_field receipt.job_id"],
    [
      "receipt.status",
      "verify",
      { receipt: { ...receipt, status: "@" } },
      "invalid_field receipt.status",
      "invalid_field receipt.status",
    ],
  ];

  test.each(INSIDE)("10,000 levels in %s on %s", async (_where, route, body, forArray, forObject) => {
    expect(outcome(await post(route, splice(body, deep)))).toBe(forArray);
    expect(outcome(await post(route, splice(body, deepObj)))).toBe(forObject);
  });
});

describe("__proto__, constructor and prototype members change nothing", () => {
  const POISON = [
    '"__proto__":{"polluted":"yes","action":"dispute","status":"submitted","title":"x","amount":1}',
    '"constructor":{"prototype":{"polluted":"yes"}}',
    '"prototype":{"polluted":"yes","status":"submitted"}',
  ];
  /** The body's JSON with `member` inserted as the first member of the object `at` (top level or job). */
  function poisoned(body: Body, member: string, at: "top" | "job"): string {
    const json = JSON.stringify(body);
    return at === "top" ? `{${member},${json.slice(1)}` : json.replace('"job":{', `"job":{${member},`);
  }
  const cases = ENGINE_ROUTES.flatMap((route) =>
    POISON.flatMap((member) => [
      [route, member.slice(0, member.indexOf(":")), "top", member] as const,
      ...(VALID[route].job ? [[route, member.slice(0, member.indexOf(":")), "job", member] as const] : []),
    ]),
  );

  test.each(cases)("on %s, %s at the %s level", async (route, _name, at, member) => {
    const baseline = await post(route, JSON.stringify(VALID[route]));
    const raw = poisoned(VALID[route], member, at);
    expect(raw).not.toBe(JSON.stringify(VALID[route]));
    expect((await post(route, raw)).body).toEqual(baseline.body);
    expect(({} as Body).polluted).toBeUndefined();
    expect(({} as Body).status).toBeUndefined();
  });

  test("a job whose status sits only in __proto__ has no status", async () => {
    const { status: _dropped, ...job } = JOBS.open;
    const raw = poisoned({ action: "fund", job, payer_credits: 1000 }, '"__proto__":{"status":"open"}', "job");
    expect(outcome(await post("transition", raw))).toBe("invalid_field job.status");
  });

  test("an action that sits only in __proto__ is no action", async () => {
    const { action: _dropped, ...rest } = VALID.transition;
    expect(outcome(await post("transition", poisoned(rest, '"__proto__":{"action":"create"}', "top")))).toBe(
      "invalid_action",
    );
  });

  const NAMES = ["__proto__", "constructor", "prototype", "toString", "hasOwnProperty", "valueOf"];
  const SLOTS: [string, EngineRoute, (name: string) => Body, string][] = [
    ["action", "transition", (name) => ({ action: name }), "invalid_action"],
    ["action", "verify", (name) => ({ job: JOBS.submitted, action: name }), "invalid_action"],
    ["terminal", "simulate", (name) => ({ ...VALID.simulate, terminal: name }), "invalid_field terminal"],
    [
      "job.status",
      "quote",
      (name) => ({ action: "fund", job: { ...JOBS.open, status: name }, payer_credits: 1000 }),
      "invalid_field job.status",
    ],
    ["receipt.status", "verify", (name) => ({ receipt: { ...receipt, status: name } }), "invalid_field receipt.status"],
  ];
  const named = SLOTS.flatMap(([slot, route, body, expected]) =>
    NAMES.map((name) => [slot, name, route, body(name), expected] as const),
  );

  test.each(named)("%s %p on %s is refused", async (_slot, _name, route, body, expected) => {
    expect(outcome(await post(route, JSON.stringify(body)))).toBe(expected);
    expect(({} as Body).polluted).toBeUndefined();
  });
});

describe("odd strings", () => {
  test.each([
    ["a NUL character", "a\u0000b"],
    ["a lone high surrogate", "\ud800"],
    ["a lone low surrogate", "x\udc00y"],
    ["80 lone surrogates", "\ud800".repeat(80)],
    ["a reversed surrogate pair", "\udc00\ud800"],
    ["an inner byte order mark", "Ti\ufefftle"],
  ])("a title with %s is kept as sent and echoed intact", async (_name, title) => {
    const answer = await post("transition", JSON.stringify({ action: "create", ...CREATE, title }));
    expect(answer.status).toBe(200);
    expect(answer.body.job.title).toBe(title);
  });

  test("a leading byte order mark is trimmed like other whitespace (D2)", async () => {
    const answer = await post(
      "transition",
      JSON.stringify({ action: "create", ...CREATE, title: "\ufeffTitle\u00a0" }),
    );
    expect(answer.body.job.title).toBe("Title");
  });

  test.each(ENGINE_ROUTES)("lone surrogates and NULs in every string of a %s body do not break it", async (route) => {
    const strings = JSON.parse(JSON.stringify(VALID[route]), (_key, value) =>
      typeof value === "string" ? `${value}\ud800\u0000` : value,
    );
    await post(route, JSON.stringify(strings));
  });

  test("a lone surrogate in callback_url is invalid_field", async () => {
    const body = { action: "create", ...CREATE, callback_url: "https://exa\ud800mple.com/" };
    expect(outcome(await post("quote", JSON.stringify(body)))).toBe("invalid_field callback_url");
  });

  test("a lone surrogate idempotency key still derives a job id", async () => {
    const answer = await post("transition", JSON.stringify({ ...VALID.transition, idempotency_key: "\ud800" }));
    expect(answer.body.job.id).toMatch(/^as_[0-9a-f]{10}$/);
    expect(answer.body.idempotency_key).toBe("\ud800");
  });
});

describe("odd numbers", () => {
  const create = (n: string) => splice({ action: "create", ...CREATE, amount: "@" }, n);
  const fund = (n: string) => splice({ action: "fund", job: JOBS.open, payer_credits: "@" }, n);
  const NUMBERS: [string, EngineRoute, string, string][] = [
    ...(["transition", "quote", "validate"] as const).flatMap((route): [string, EngineRoute, string, string][] => [
      ["amount 1e400", route, create("1e400"), "invalid_field amount"],
      ["amount -1e400", route, create("-1e400"), "invalid_field amount"],
      ["amount -0", route, create("-0"), "invalid_field amount"],
      ["amount 1e-400", route, create("1e-400"), "invalid_field amount"],
      ["amount 0.5", route, create("0.5"), "invalid_field amount"],
      ["amount 2^53", route, create("9007199254740992"), "invalid_field amount"],
      ["amount 1e2", route, create("1e2"), "ok"],
      ["amount 100.0", route, create("100.0"), "ok"],
      ["payer_credits 1e400", route, fund("1e400"), "invalid_field payer_credits"],
      ["payer_credits -0", route, fund("-0"), "insufficient_credits"],
      ["payer_credits 1e-400", route, fund("1e-400"), "insufficient_credits"],
      ["payer_credits 2^53 - 1", route, fund("9007199254740991"), "ok"],
    ]),
    ["amount 1e400", "simulate", splice({ ...VALID.simulate, amount: "@" }, "1e400"), "invalid_field amount"],
    ["payer_credits -0", "simulate", splice({ ...VALID.simulate, payer_credits: "@" }, "-0"), "insufficient_credits"],
    [
      "ttl_seconds 1e400",
      "simulate",
      splice({ ...VALID.simulate, ttl_seconds: "@" }, "1e400"),
      "invalid_field ttl_seconds",
    ],
    [
      "ttl_seconds 2^53 - 1",
      "simulate",
      splice({ ...VALID.simulate, ttl_seconds: "@" }, "9007199254740991"),
      "invalid_field ttl_seconds",
    ],
    ["fee 1e400", "verify", splice({ job: JOBS.submitted, action: "release", fee: "@" }, "1e400"), "invalid_field fee"],
    ["fee -0", "verify", splice({ job: JOBS.submitted, action: "release", fee: "@" }, "-0"), "ok"],
    [
      "job.amount 1e400",
      "verify",
      splice({ job: { ...JOBS.released, amount: "@" } }, "1e400"),
      "invalid_field job.amount",
    ],
  ];

  test.each(NUMBERS)("%s on %s", async (_name, route, raw, expected) => {
    expect(outcome(await post(route, raw))).toBe(expected);
  });

  test("payer_credits -0 is reported as 0, never -0", async () => {
    const answer = await post("transition", fund("-0"));
    expect(answer.body.message).toBe("Need 100 credits to fund. payer_credits is 0.");
  });
});

describe("huge arrays", () => {
  const huge = `[${Array(20_000).fill(0).join(",")}]`;
  test.each([
    ["title", "transition", { action: "create", ...CREATE, title: "@" }, "invalid_field title"],
    ["job", "quote", { action: "fund", job: "@", payer_credits: 1000 }, "invalid_field job"],
    ["proof_url", "simulate", { ...VALID.simulate, proof_url: "@" }, "invalid_field proof_url"],
    ["receipt", "verify", { receipt: "@" }, "invalid_field receipt"],
    ["an unknown field", "validate", { ...VALID.validate, extra: "@" }, "ok"],
  ] as const)("a 20,000-element array as %s on %s", async (_where, route, body, expected) => {
    expect(outcome(await post(route, splice(body, huge)))).toBe(expected);
  });
});

/**
 * Every JSON type for every field of every route. A field's own type may or may not be valid
 * (money, fields and keys.test.ts pin those); every other type is invalid_field naming the
 * field (invalid_action for action), and null counts as omitted (D2).
 */
describe("wrong JSON types for every field", () => {
  type Kind = "string" | "integer" | "object" | "action" | "ignored";
  const SAMPLES = { string: "text", number: 7, boolean: true, array: [1], object: { a: 1 }, null: null } as const;
  const OWN_TYPE: Record<Kind, keyof typeof SAMPLES | null> = {
    string: "string",
    integer: "number",
    object: "object",
    action: "string",
    ignored: null,
  };
  const INTEGERS = new Set([
    "amount",
    "payer_credits",
    "ttl_seconds",
    "fee",
    "agent_payout",
    "agentPayout",
    "returned_to_payer",
    "release_fee",
  ]);
  const CLAIMS: Record<string, string> = {
    release_fee: "fee",
    agent_payout: "agent_payout",
    returned_to_payer: "returned_to_payer",
  };

  /** [path, kind, what null gives] */
  type Field = [string, Kind, string];
  const kindOf = (name: string): Kind =>
    name === "job" || name === "receipt" ? "object" : INTEGERS.has(name) ? "integer" : "string";
  const topLevel = (names: readonly string[], required: boolean): Field[] =>
    names.map((name) => [name, kindOf(name), required ? `missing_field ${name}` : "ok"]);
  const jobMembers: Field[] = Object.entries(JOB_MEMBERS).map(([member, { required }]) => [
    `job.${member}`,
    kindOf(member),
    required ? `invalid_field job.${member}` : "ok",
  ]);
  const receiptMembers: Field[] = Object.entries(RECEIPT_MEMBERS).map(([member, { required }]) => [
    `receipt.${member}`,
    kindOf(member),
    CLAIMS[member] ? `missing_field ${CLAIMS[member]}` : required ? `invalid_field receipt.${member}` : "ok",
  ]);

  const BASES = { ...ACTION_BODIES, dispute: { ...ACTION_BODIES.dispute, payer_credits: 900 } };

  /** [route, form, base body, fields] */
  const FORMS: [EngineRoute, string, Body, Field[]][] = [
    ...(["transition", "quote", "validate"] as const).flatMap((route) =>
      (Object.keys(BASES) as (keyof typeof BASES)[]).map((action): [EngineRoute, string, Body, Field[]] => [
        route,
        action,
        BASES[action],
        [
          ["action", "action", "invalid_action"],
          ...topLevel(ACTION_FIELDS[action].required, true),
          ...topLevel(ACTION_FIELDS[action].optional, false),
          ...(action === "fund" ? jobMembers : []),
        ],
      ]),
    ),
    [
      "simulate",
      "terminal release",
      VALID.simulate,
      [
        ...topLevel(SIMULATE_FIELDS.required, true),
        ...topLevel(
          SIMULATE_FIELDS.optional.filter((name) => name !== "dispute_reason"),
          false,
        ),
        ["dispute_reason", "ignored", "ok"], // D13a: the note that does not match terminal is ignored entirely.
      ],
    ],
    [
      "simulate",
      "terminal dispute",
      { ...VALID.simulate, terminal: "dispute" },
      [
        ["release_note", "ignored", "ok"],
        ["dispute_reason", "string", "ok"],
      ],
    ],
    [
      "verify",
      "job and claims",
      { job: JOBS.submitted, action: "release", fee: 5, agent_payout: 95, returned_to_payer: 0 },
      [
        ["action", "action", "missing_field action"], // a submitted job needs an action
        ["job", "object", "missing_field receipt"], // D12a: neither receipt nor job
        ...topLevel(["fee", "agent_payout", "returned_to_payer", "idempotency_key"], false),
        ...jobMembers,
      ],
    ],
    [
      "verify",
      "receipt",
      { receipt },
      [["receipt", "object", "missing_field receipt"], ...topLevel(["idempotency_key"], false), ...receiptMembers],
    ],
  ];

  /** The base body with `path` (a field or `parent.member`) set to `value`. */
  function withValue(base: Body, path: string, value: unknown): Body {
    const body = structuredClone(base);
    const [head, member] = path.split(".") as [string, string?];
    if (member === undefined) body[head] = value;
    else body[head][member] = value;
    return body;
  }

  const cases = FORMS.flatMap(([route, form, base, fields]) =>
    fields.map((field) => [route, form, field[0], base, field] as const),
  );

  test.each(cases)("%s %s: %s", async (route, _form, _path, base, [path, kind, onNull]) => {
    const own = OWN_TYPE[kind];
    const expected = Object.keys(SAMPLES).map((type) =>
      type === own
        ? [type, "any"]
        : [
            type,
            type === "null" || kind === "ignored"
              ? onNull
              : kind === "action"
                ? "invalid_action"
                : `invalid_field ${path}`,
          ],
    );
    const got = [];
    for (const [type, value] of Object.entries(SAMPLES)) {
      const answer = await post(route, JSON.stringify(withValue(base, path, value)));
      got.push([type, type === own ? "any" : outcome(answer)]);
    }
    expect(got).toEqual(expected);
  });
});
