/**
 * The reference UI's client modules without a browser: the state store over happy-dom's
 * localStorage, the demo pack (D20), the activity cap, share-link tokens (D19) and the DOM
 * builder's escaping. The browser suite (reference-ui.e2e.test.ts) drives the same code in
 * Chromium.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Window } from "happy-dom";
import {
  creditsHeld,
  type DemoState,
  freshState,
  PACK_FORMAT,
  PACK_LIST_MAX,
  parsePack,
  readPack,
  toPack,
  withActivity,
} from "../../shared/client-state/pack.ts";
import {
  decodeHandoff,
  decodeReceipt,
  encodeHandoff,
  encodeReceipt,
  findShareToken,
  type JobRecord,
  type ReceiptRecord,
} from "../../shared/client-state/share-links.ts";
import { base64UrlDecode, base64UrlEncode, HANDOFF_KEYS, RECEIPT_KEYS } from "../../shared/client-state/tokens.ts";
import { LIMITS, STARTING_CREDITS } from "../../shared/protocol/constants.ts";
import { credits, h, safeLink } from "../../site/src/client/dom.ts";
import { readVerdicts, verdictsText } from "../../site/src/client/kept-verdicts.ts";
import { createStore, STORAGE_KEYS } from "../../site/src/client/store.ts";
import type { Verdict } from "../../site/src/client/verdict.ts";
import { JOBS, RECEIPTS } from "../support/fixtures.ts";
import { CREATE, call, ok } from "../support/helpers.ts";

const window = new Window({ url: "http://localhost:3000/" });
const jobs = JOBS as unknown as Record<string, JobRecord>;
const released = ok(
  call("transition", { action: "release", job: jobs.submitted, release_note: "Good." }, { Authorization: "Bearer k" }),
);
const disputed = ok(call("transition", { action: "dispute", job: jobs.submitted, dispute_reason: "Late." }));
const AT = "2026-01-01T00:00:00.000Z";

/** A state with a job in every status, both receipts and three events. */
function sampleState(): DemoState {
  const distinct = Object.values(jobs).map((job, i) => ({ ...job, id: `as_00000000a${i}` }));
  let state: DemoState = {
    ...freshState(),
    payerCredits: 900,
    agentCredits: 95,
    jobs: distinct,
    receipts: [released.receipt, disputed.receipt],
  };
  // A pack adds up: what its figures hold above the start was topped up.
  state.toppedUp = creditsHeld(state) - STARTING_CREDITS;
  for (const kind of ["create", "fund", "release"] as const)
    state = withActivity(state, { kind, at: AT, text: `${kind} <b>x</b>` });
  return state;
}

const base64Json = (value: unknown) => base64UrlEncode(JSON.stringify(value));
/** The JSON inside an h1./r1. token. */
const payloadOf = (token: string) => JSON.parse(base64UrlDecode(token.slice(3))!);

describe("the state store (localStorage)", () => {
  const fresh = () => {
    window.localStorage.clear();
    return createStore(window.localStorage as unknown as Storage);
  };

  test("starts fresh with 1,000 payer credits and nothing else when nothing is saved", () => {
    expect(fresh().load()).toEqual({
      state: {
        payerCredits: 1000,
        agentCredits: 0,
        toppedUp: 0,
        jobs: [],
        receivedJobs: [],
        receipts: [],
        activity: [],
      },
    });
  });

  test("saves a state as a versioned demo pack and loads it back unchanged", () => {
    const store = fresh();
    expect(store.save(sampleState())).toBe(true);
    const saved = JSON.parse(window.localStorage.getItem(STORAGE_KEYS.state)!);
    expect(saved).toMatchObject({ format: PACK_FORMAT, version: 1 });
    expect(store.load()).toEqual({ state: sampleState() });
  });

  test.each([
    ["garbage text", "{not json"],
    ["another version", JSON.stringify({ ...toPack(sampleState()), version: 2 })],
    ["a job with a bad amount", JSON.stringify({ ...toPack(sampleState()), jobs: [{ ...jobs.open, amount: "ten" }] })],
    ["a negative balance", JSON.stringify({ ...toPack(sampleState()), payer_credits: -5 })],
  ])("recovers from %s with a fresh state, a notice and the unreadable record kept aside", (_name, text) => {
    const store = fresh();
    window.localStorage.setItem(STORAGE_KEYS.state, text);
    const loaded = store.load();
    expect(loaded.state).toEqual(freshState());
    expect(loaded.notice).toContain("could not be read");
    expect(window.localStorage.getItem(STORAGE_KEYS.broken)).toBe(text);
  });

  test("reports a refused save instead of throwing (storage full)", () => {
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
      removeItem: () => {},
    } as unknown as Storage;
    expect(createStore(full).save(sampleState())).toBe(false);
  });

  test("keeps the demo key apart from the state, and never in the pack", () => {
    const store = fresh();
    store.setDemoKey("demo_secret_123");
    store.save(sampleState());
    expect(store.demoKey()).toBe("demo_secret_123");
    expect(window.localStorage.getItem(STORAGE_KEYS.state)).not.toContain("demo_secret_123");
    store.setDemoKey(null);
    expect(store.demoKey()).toBeNull();
  });

  test.each(["", "two words"])("ignores a stored demo key %p (blank, or holding whitespace)", (key) => {
    const store = fresh();
    window.localStorage.setItem(STORAGE_KEYS.key, key);
    expect(store.demoKey()).toBeNull();
  });
});

describe("the receipts' verdicts kept in this browser (issue 41, finding 13)", () => {
  const released = RECEIPTS.released as unknown as ReceiptRecord;
  const disputed = { ...RECEIPTS.disputed, job_id: "as_00000000ff" } as unknown as ReceiptRecord;
  const valid: Verdict = { state: "valid", text: "Verified: valid." };
  const mismatch: Verdict = {
    state: "mismatch",
    text: "Verified: mismatch on fee.",
    mismatches: [{ field: "fee", expected: 5, received: 7 }],
  };

  test("a valid, figures-right or mismatched verdict reads back beside the very receipt it was for", () => {
    const unsigned = { ...RECEIPTS.released, job_id: "as_00000000fe" } as unknown as ReceiptRecord;
    const unvouched: Verdict = { state: "unvouched", text: "The fee, payout and refund are right, but …" };
    const text = verdictsText(
      new Map<string, Verdict>([
        [released.job_id, valid],
        [disputed.job_id, mismatch],
        [unsigned.job_id, unvouched],
      ]),
      [released, disputed, unsigned],
    );
    // The members in another order are the same receipt.
    const reordered = Object.fromEntries(Object.entries(released).reverse()) as unknown as ReceiptRecord;
    expect([...readVerdicts(text, [reordered, disputed, unsigned])]).toEqual([
      [released.job_id, valid],
      [disputed.job_id, mismatch],
      [unsigned.job_id, unvouched],
    ]);
    expect(readVerdicts(text, [{ ...released, release_fee: 6 }]).size).toBe(0);
    expect(readVerdicts(text, []).size).toBe(0);
  });

  test("keeps no verdict the activity log does not record (pending, an error)", () => {
    const verified = new Map<string, Verdict>([
      [released.job_id, { state: "pending" }],
      [disputed.job_id, { state: "error", text: "Could not reach the service." }],
    ]);
    expect(verdictsText(verified, [released, disputed])).toBe("{}");
  });

  test.each([
    ["nothing", null],
    ["not JSON", "{"],
    ["a list", "[]"],
    ["a verdict whose text is not text", JSON.stringify({ x: 1 })],
  ])("reads %s as no verdict, without throwing", (_name, text) => {
    expect(readVerdicts(text, [released]).size).toBe(0);
    const bad = JSON.parse(verdictsText(new Map([[released.job_id, valid]]), [released]));
    bad[released.job_id].verdict.text = 7;
    expect(readVerdicts(JSON.stringify(bad), [released]).size).toBe(0);
  });
});

describe("the activity log", () => {
  test(`keeps the newest ${LIMITS.activityMax} events, newest first`, () => {
    let state = freshState();
    for (let i = 1; i <= 85; i++) state = withActivity(state, { kind: "verify", at: AT, text: `event ${i}` });
    expect(state.activity).toHaveLength(80);
    expect(state.activity[0]!.text).toBe("event 85");
    expect(state.activity.at(-1)!.text).toBe("event 6");
  });
});

describe("the demo pack (D20)", () => {
  test("round-trips a whole state through JSON", () => {
    expect(parsePack(JSON.stringify(toPack(sampleState())))).toEqual({ ok: true, value: sampleState() });
  });

  test("holds format, version, balances, jobs, receipts and activity, and no demo key", () => {
    expect(Object.keys(toPack(sampleState()))).toEqual([
      "format",
      "version",
      "money",
      "payer_credits",
      "agent_credits",
      "topped_up",
      "jobs",
      "received_jobs",
      "receipts",
      "activity",
    ]);
  });

  test("keeps which jobs were received through a handoff link (D28); a pack without received_jobs holds only its own", () => {
    // An open job: it holds no credits, so the pack adds up whoever its payer is.
    const open = sampleState().jobs.find((job) => job.status === "open")!;
    const state = { ...sampleState(), receivedJobs: [open.id] };
    expect(parsePack(JSON.stringify(toPack(state)))).toEqual({ ok: true, value: state });
    const { received_jobs: _, ...older } = toPack(state);
    expect(parsePack(JSON.stringify(older))).toEqual({ ok: true, value: { ...state, receivedJobs: [] } });
  });

  const pack = () => toPack(sampleState()) as Record<string, any>;
  test.each([
    ["not JSON", () => "nope", "the file is not JSON"],
    ["an array", () => "[]", "JSON object"],
    ["another format", () => JSON.stringify({ ...pack(), format: "other" }), "format must be"],
    ["version 2", () => JSON.stringify({ ...pack(), version: 2 }), "version is 2; only version 1 is read here."],
    ["no version", () => JSON.stringify({ ...pack(), version: undefined }), "version is null"],
    [
      "fractional payer credits",
      () => JSON.stringify({ ...pack(), payer_credits: 1.5 }),
      "payer_credits must be an integer >= 0",
    ],
    [
      "agent credits as text",
      () => JSON.stringify({ ...pack(), agent_credits: "95" }),
      "agent_credits must be an integer >= 0",
    ],
    ["jobs that are not a list", () => JSON.stringify({ ...pack(), jobs: {} }), "jobs must be a list"],
    [
      "a job with a bad status",
      () => JSON.stringify({ ...pack(), jobs: [{ ...jobs.open, status: "paid" }] }),
      "jobs[0]: job.status",
    ],
    [
      "a job with an 81-character title",
      () => JSON.stringify({ ...pack(), jobs: [{ ...jobs.open, title: "x".repeat(81) }] }),
      "jobs[0]: job.title",
    ],
    ["the same job twice", () => JSON.stringify({ ...pack(), jobs: [jobs.open, jobs.released] }), "appears twice"],
    [
      "a receipt with a bad status",
      () => JSON.stringify({ ...pack(), receipts: [{ ...released.receipt, status: "open" }] }),
      "receipts[0]: receipt.status",
    ],
    [
      "a received job it does not hold",
      () => JSON.stringify({ ...pack(), received_jobs: ["as_notheldhere0"] }),
      "received_jobs[0] must be the id of a job in jobs",
    ],
    [
      "a received job named twice",
      () => JSON.stringify({ ...pack(), received_jobs: [pack().jobs[0].id, pack().jobs[0].id] }),
      "received_jobs names a job twice",
    ],
    [
      "received jobs that are not a list",
      () => JSON.stringify({ ...pack(), received_jobs: "x" }),
      "received_jobs must be a list",
    ],
    [
      "an unknown activity kind",
      () => JSON.stringify({ ...pack(), activity: [{ kind: "top_up", at: AT, text: "" }] }),
      "activity[0].kind",
    ],
    [
      "too many jobs",
      () => JSON.stringify({ ...pack(), jobs: Array(PACK_LIST_MAX + 1).fill(jobs.open) }),
      `at most ${PACK_LIST_MAX}`,
    ],
  ])("refuses %s with a message", (_name, text, message) => {
    const result = parsePack(text());
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toContain(message);
  });

  test("never reads a demo key from a hand-edited file", () => {
    const result = readPack({ ...pack(), demo_key: "stolen", demoKey: "stolen" });
    expect(result.ok).toBe(true);
    expect(JSON.stringify(result)).not.toContain("stolen");
  });

  test(`keeps only the newest ${LIMITS.activityMax} events of a longer log`, () => {
    const activity = Array.from({ length: 90 }, (_, i) => ({ kind: "verify", at: AT, text: `e${i}` }));
    const result = readPack({ ...pack(), activity });
    expect(result.ok && result.value.activity.map((e) => e.text)).toEqual(activity.slice(0, 80).map((e) => e.text));
  });
});

describe("share-link tokens (D19)", () => {
  test.each(Object.keys(jobs))("a %s job round-trips through a handoff token", (status) => {
    const token = encodeHandoff(jobs[status]!);
    expect(token).toMatch(/^h1\.[A-Za-z0-9_-]+$/);
    expect(decodeHandoff(token)).toEqual({ ok: true, value: jobs[status]! });
  });

  test("a handoff carries v 1, the job under short keys and the next actions, nothing else", () => {
    const payload = payloadOf(encodeHandoff(jobs.submitted!));
    expect(Object.keys(payload)).toEqual(["v", "job", "next"]);
    expect(payload.v).toBe(1);
    expect(payload.next).toEqual(["release", "dispute"]);
    expect(payload.job).toMatchObject({
      id: jobs.submitted!.id,
      t: CREATE.title,
      a: CREATE.amount,
      c: CREATE.criteria,
      s: "submitted",
    });
  });

  test("a handoff keeps the hold's expiresAt and the other members the first map lacks", () => {
    const held = ok(
      call("transition", { action: "create", ...CREATE, client_ref: "r-1", callback_url: "https://example.com/cb" }),
    ).job;
    const funded = ok(call("transition", { action: "fund", job: held, payer_credits: 100, ttl_seconds: 60 })).job;
    expect(decodeHandoff(encodeHandoff(funded))).toEqual({ ok: true, value: funded });
  });

  test("a link built with only the first deployment's keys decodes", () => {
    const job = jobs.funded!;
    const short = Object.fromEntries(
      Object.entries(HANDOFF_KEYS)
        .map(([long, key]) => [key, (job as Record<string, unknown>)[long]])
        .filter(([, v]) => v !== undefined),
    );
    expect(decodeHandoff(`h1.${base64Json({ v: 1, job: short, next: ["submit"] })}`)).toEqual({ ok: true, value: job });
  });

  test.each([
    ["a receipt", released.receipt],
    ["a dispute receipt", disputed.receipt],
  ])("%s round-trips through a receipt token, key_id included", (_name, receipt) => {
    const token = encodeReceipt(receipt);
    expect(token).toMatch(/^r1\.[A-Za-z0-9_-]+$/);
    expect(decodeReceipt(token)).toEqual({ ok: true, value: receipt });
  });

  test("a receipt token uses the short keys and never carries credits or a key", () => {
    const payload = payloadOf(encodeReceipt(released.receipt));
    expect(
      Object.keys(payload).every((key) => key === "v" || (Object.values(RECEIPT_KEYS) as string[]).includes(key)),
    ).toBe(true);
    expect(payload).toMatchObject({
      v: 1,
      j: released.receipt.job_id,
      f: 5,
      ap: 95,
      rp: 0,
      k: released.receipt.key_id,
    });
  });

  test("a title in any script and emoji survives a token", () => {
    const job = ok(call("transition", { action: "create", ...CREATE, title: "Résumé 要約 😀" })).job;
    expect(decodeHandoff(encodeHandoff(job))).toEqual({ ok: true, value: job });
  });

  const good = encodeHandoff(jobs.open!);
  test.each([
    ["a truncated token", good.slice(0, good.length - 5), "cut short"],
    ["a token of the other kind", encodeReceipt(released.receipt), "must start with h1."],
    ["garbage", "h1.!!!", "not valid base64url"],
    ["version 2", `h1.${base64Json({ v: 2, job: {} })}`, "version is 2; only version 1 is read here."],
    ["no job", `h1.${base64Json({ v: 1 })}`, "holds no job"],
    [
      "a job the engine would refuse",
      `h1.${base64Json({ v: 1, job: { id: "as_0000000001", t: "x", a: "100", c: "y", p: "", s: "open", ca: AT } })}`,
      "job.amount",
    ],
    [
      "a job without an id",
      `h1.${base64Json({ v: 1, job: { t: "x", a: 1, c: "y", p: "", s: "open", ca: AT } })}`,
      "job.id",
    ],
  ])("refuses %s with a message", (_name, token, message) => {
    const result = decodeHandoff(token);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toContain(message);
  });

  test("refuses a receipt whose fee is text", () => {
    const result = decodeReceipt(encodeReceipt({ ...released.receipt, release_fee: "5" as unknown as number }));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toContain("receipt.release_fee");
  });

  test.each([
    ["http://x/#handoff/h1.abc", { kind: "handoff", token: "h1.abc" }],
    ["http://x/#receipt/r1.abc", { kind: "receipt", token: "r1.abc" }],
    ["http://x/?handoff=h1.abc", { kind: "handoff", token: "h1.abc" }],
    ["http://x/?receipt=r1.abc#top", { kind: "receipt", token: "r1.abc" }],
    ["http://x/#handoff/h1.a%62c", { kind: "handoff", token: "h1.abc" }],
    ["http://x/#jobs", null],
    ["http://x/", null],
  ])("finds the token in %s", (url, expected) => {
    expect(findShareToken(new URL(url))).toEqual(expected as ReturnType<typeof findShareToken>);
  });
});

describe("the DOM builder renders text, never HTML", () => {
  const saved = (globalThis as any).document;
  beforeAll(() => {
    (globalThis as any).document = window.document;
  });
  afterAll(() => {
    (globalThis as any).document = saved;
  });

  test("a string with markup becomes a text node", () => {
    const element = h("p", { title: '"><script>x</script>' }, "<img src=x onerror=alert(1)>", 42);
    expect(element.querySelector("img")).toBeNull();
    expect(element.textContent).toBe("<img src=x onerror=alert(1)>42");
    expect(element.getAttribute("title")).toBe('"><script>x</script>');
  });

  test.each([
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "data:text/html,<b>x</b>",
    " javascript:x",
    "//evil.example",
  ])("%s is shown as text, not a link", (url) => {
    const node = safeLink(url) as unknown as HTMLElement;
    expect(node.tagName).toBe("SPAN");
    expect(node.textContent).toBe(url);
  });

  test("an https URL becomes a link that opens without the opener", () => {
    const node = safeLink("https://example.com/proof") as unknown as HTMLAnchorElement;
    expect(node.tagName).toBe("A");
    expect(node.getAttribute("rel")).toContain("noopener");
  });

  test("credits carry a thousands separator", () => {
    expect(credits(1000)).toBe("1,000");
    expect(credits(9007199254740991)).toBe("9,007,199,254,740,991");
  });
});
