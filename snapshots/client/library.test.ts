/**
 * The client library (client/): both transports give the engine's answers exactly, errors come
 * back as values with the catalog code, and the state keeper applies each answer as SETTLEMENT.md "What the client keeps" says
 * ("Client-side conventions"), refuses without changing anything, and reads and writes the demo
 * pack (D20) and the share links (D19).
 */
import { describe, expect, test } from "bun:test";
import { type EscrowApi, EscrowKeeper, freshState, httpApi, localApi, openLink } from "../../client/index.ts";
import { ENGINE_ROUTES, STARTING_CREDITS } from "../../shared/protocol/constants.ts";
import { ERROR_CATALOG } from "../../shared/protocol/errors.ts";
import { ROUTE_BODIES } from "../support/fixtures.ts";
import { CREATE, fixedContext, NOW, own, PROOF_URL, testHandler } from "../support/helpers.ts";

/** The same engine behind each transport, on the fixed clock and counting random source. */
function transports(demoKey?: string): Record<"local" | "http", EscrowApi> {
  const ctx = fixedContext();
  const handler = testHandler();
  return {
    local: localApi({ demoKey, now: () => NOW, randomHex: ctx.randomHex }),
    http: httpApi({ baseUrl: "http://escrow.test", demoKey, fetch: (url, init) => handler(new Request(url, init)) }),
  };
}

const keeperOver = (api: EscrowApi) => new EscrowKeeper(api, { now: () => NOW });

describe("the two transports", () => {
  test("answer every engine exactly as the HTTP service does, with and without a demo key", async () => {
    for (const key of [undefined, "demo_same_key"]) {
      const { local, http } = transports(key);
      for (const route of ENGINE_ROUTES) {
        const body = ROUTE_BODIES[route] as never;
        const viaHttp = await http[route](body, { idempotencyKey: "idem-1" });
        const viaLocal = await local[route](body, { idempotencyKey: "idem-1" });
        expect(viaHttp.ok, `${route}: ${JSON.stringify(viaHttp)}`).toBe(true);
        expect(JSON.stringify(viaLocal)).toBe(JSON.stringify(viaHttp));
      }
    }
  });

  test("refuse the same way: the catalog code, the HTTP status, the message and the field", async () => {
    const { local, http } = transports();
    for (const api of [local, http]) {
      const answer = await api.transition({ action: "create", title: "t", amount: 0, criteria: "c" });
      expect(answer).toMatchObject({ ok: false, code: "invalid_field", status: 400, field: "amount" });
      if (answer.ok) throw new Error("accepted");
      expect(answer.message).toBe("amount must be an integer >= 1.");
      expect(answer.body?.error).toBe("invalid_field");
    }
  });

  test("refuse a body past 65,536 bytes with payload_too_large (D9), in process as over HTTP", async () => {
    const { local, http } = transports();
    const body = { action: "create", title: "t", amount: 1, criteria: "x".repeat(70_000) } as const;
    for (const api of [local, http]) {
      expect(await api.validate(body)).toMatchObject({ ok: false, code: "payload_too_large", status: 413 });
    }
  });

  test("a service that cannot be reached is code unreachable with status 0, never a throw", async () => {
    const api = httpApi({ baseUrl: "http://127.0.0.1:9", fetch: () => Promise.reject(new TypeError("refused")) });
    const answer = await api.quote({ action: "create", ...CREATE });
    expect(answer).toEqual({
      ok: false,
      code: "unreachable",
      status: 0,
      message:
        "Could not reach the service at http://127.0.0.1:9/api/v0/quote. Check the API base URL and your connection.",
    });
  });

  test("an answer that is not the service's JSON is bad_answer with its status", async () => {
    const api = httpApi({ baseUrl: "", fetch: async () => new Response("<h1>Bad gateway</h1>", { status: 502 }) });
    expect(await api.validate({ action: "create", ...CREATE })).toMatchObject({
      ok: false,
      code: "bad_answer",
      status: 502,
    });
  });

  test("a rate-limited answer carries the seconds of its Retry-After header as retryAfter", async () => {
    const body = JSON.stringify({ ok: false, error: "rate_limited", message: "Too many requests from this client." });
    const limited = (wait: string | null) =>
      httpApi({
        baseUrl: "",
        fetch: async () => new Response(body, { status: 429, headers: wait === null ? {} : { "Retry-After": wait } }),
      });
    const answer = await limited("7").quote({ action: "create", ...CREATE });
    expect(answer).toMatchObject({ ok: false, code: "rate_limited", status: 429, retryAfter: 7 });
    for (const wait of [null, "Wed, 21 Oct 2026 07:28:00 GMT"])
      expect(await limited(wait).quote({ action: "create", ...CREATE })).not.toHaveProperty("retryAfter");
  });

  test("sends the demo key as Authorization: Bearer and the Idempotency-Key header, never the key in a body", async () => {
    const seen: Request[] = [];
    const handler = testHandler();
    const api = httpApi({
      baseUrl: "http://escrow.test/",
      demoKey: "demo_secret",
      fetch: (url, init) => {
        seen.push(new Request(url, init));
        return handler(new Request(url, init));
      },
    });
    const answer = await api.transition({ action: "create", ...CREATE }, { idempotencyKey: "k1" });
    expect(seen[0]!.url).toBe("http://escrow.test/api/v0/transition");
    expect(seen[0]!.headers.get("authorization")).toBe("Bearer demo_secret");
    expect(seen[0]!.headers.get("idempotency-key")).toBe("k1");
    expect(JSON.stringify(answer)).not.toContain("demo_secret");
    expect(answer).toMatchObject({ ok: true, idempotency_key: "k1" });
  });
});

describe("the state keeper", () => {
  test("walks create, fund, submit, release: escrow holds the amount, then the agent gets 95 and the fee 5", async () => {
    const keeper = keeperOver(transports().local);
    const created = await keeper.create(CREATE);
    if (!created.ok) throw new Error(created.message);
    const id = created.job.id;
    expect(keeper.balances()).toEqual(own({ payerCredits: 1000, inEscrow: 0, agentWallet: 0, feesPaid: 0 }));
    await keeper.fund(id, { ttl_seconds: 3600 });
    expect(keeper.balances()).toEqual(own({ payerCredits: 900, inEscrow: 100, agentWallet: 0, feesPaid: 0 }));
    await keeper.submit(id, { proof_url: PROOF_URL });
    const released = await keeper.release(id, { release_note: "Good" });
    expect(released).toMatchObject({ ok: true, fee: 5, agent_credits_delta: 95 });
    expect(keeper.balances()).toEqual(own({ payerCredits: 900, inEscrow: 0, agentWallet: 95, feesPaid: 5 }));
    expect(keeper.job(id)?.status).toBe("released");
    expect(keeper.receipt(id)).toMatchObject({ job_id: id, release_fee: 5, agent_payout: 95 });
    expect(keeper.state.activity.map((e) => e.kind)).toEqual(["release", "submit", "fund", "create"]);
    expect(keeper.state.activity[0]!.text).toBe('Released "Summarise a paper": fee 5, agent wallet +95.');
    expect(keeper.state.activity[0]!.at).toBe(new Date(NOW).toISOString());
  });

  test("a dispute returns the whole amount to the payer and pays nothing", async () => {
    const keeper = keeperOver(transports().local);
    const created = await keeper.create({ ...CREATE, amount: 250 });
    if (!created.ok) throw new Error(created.message);
    await keeper.fund(created.job.id);
    await keeper.submit(created.job.id, { proof_url: PROOF_URL });
    expect(await keeper.dispute(created.job.id, { dispute_reason: "No" })).toMatchObject({ returned_to_payer: 250 });
    expect(keeper.balances()).toEqual(own({ payerCredits: 1000, inEscrow: 0, agentWallet: 0, feesPaid: 0 }));
    expect(keeper.receipt(created.job.id)).toMatchObject({ status: "disputed", returned_to_payer: 250 });
  });

  test("a refused action, an unknown job and a bad top-up change nothing", async () => {
    const keeper = keeperOver(transports().local);
    const created = await keeper.create({ ...CREATE, amount: 1500 });
    if (!created.ok) throw new Error(created.message);
    const before = keeper.state;
    const refusals = [
      await keeper.fund(created.job.id),
      await keeper.release(created.job.id),
      await keeper.submit("as_0000000000", { proof_url: PROOF_URL }),
      keeper.topUp(0),
      keeper.topUp(Number.MAX_SAFE_INTEGER),
      keeper.handoffLink("as_0000000000"),
    ];
    expect(refusals.map((r) => (r.ok ? "ok" : r.code))).toEqual([
      "insufficient_credits",
      "illegal_transition",
      "unknown_job",
      "invalid_input",
      "invalid_input",
      "unknown_job",
    ]);
    expect(keeper.state).toBe(before);
    expect(Object.keys(ERROR_CATALOG)).toContain("insufficient_credits");
  });

  test("a top-up adds credits with no fee and logs a top-up event; reset starts over with the starting credits", () => {
    const keeper = keeperOver(transports().local);
    expect(keeper.topUp(250)).toEqual({ ok: true, payerCredits: 1250 });
    expect(keeper.state.activity.map((e) => e.text)).toEqual(["Topped up 250 payer credits. No fee."]);
    expect(keeper.state.toppedUp).toBe(250);
    keeper.reset();
    expect(keeper.balances().payerCredits).toBe(STARTING_CREDITS);
    expect(keeper.state.toppedUp).toBe(0);
    expect(keeper.state.activity.map((e) => e.kind)).toEqual(["reset"]);
  });

  test("tells every change to onChange, with the new state", async () => {
    const seen: number[] = [];
    const keeper = new EscrowKeeper(transports().local, { onChange: (state) => seen.push(state.payerCredits) });
    keeper.topUp(5);
    await keeper.create(CREATE);
    expect(seen).toEqual([1005, 1005]);
  });

  test("keeps an activity text a pack can hold, however long the title (the activity limit)", async () => {
    const keeper = keeperOver(transports().local);
    const answer = await keeper.simulate({ ...CREATE, title: "x".repeat(80), proof_url: PROOF_URL });
    expect(answer.ok).toBe(true);
    const again = new EscrowKeeper(localApi());
    expect(again.importPack(keeper.exportPack()).ok).toBe(true);
  });
});

describe("packs and links", () => {
  async function released(keeper: EscrowKeeper): Promise<string> {
    const created = await keeper.create(CREATE);
    if (!created.ok) throw new Error(created.message);
    await keeper.fund(created.job.id);
    await keeper.submit(created.job.id, { proof_url: PROOF_URL });
    await keeper.release(created.job.id);
    return created.job.id;
  }

  test("a pack exported by one keeper imports into another with the same state, plus the import event", async () => {
    const keeper = keeperOver(transports().local);
    await released(keeper);
    const text = keeper.exportPack();
    expect(text).not.toContain("demo_");
    const other = keeperOver(localApi());
    const read = other.importPack(text);
    expect(read.ok).toBe(true);
    expect({ ...other.state, activity: other.state.activity.slice(1) }).toEqual(keeper.state);
    expect(other.balances()).toEqual(keeper.balances());
  });

  test("a corrupt pack is refused with a message and changes nothing", () => {
    const keeper = keeperOver(localApi());
    keeper.topUp(7);
    const before = keeper.state;
    for (const text of ["{", "[]", JSON.stringify({ format: "other" }), "x".repeat(5_000_001)]) {
      const read = keeper.importPack(text);
      expect(read.ok).toBe(false);
      if (!read.ok) expect(read.message).toMatch(/^Not a demo pack: .* Nothing changed\.$/);
    }
    expect(keeper.state).toBe(before);
  });

  test("a handoff link carries a funded job to a worker, whose proof comes back in the next link", async () => {
    const payer = keeperOver(transports().local);
    const created = await payer.create(CREATE);
    if (!created.ok) throw new Error(created.message);
    await payer.fund(created.job.id);
    const handoff = payer.handoffLink(created.job.id, "https://demo.example/");
    if (!handoff.ok) throw new Error(handoff.message);
    expect(handoff.link).toStartWith("https://demo.example/#handoff/h1.");
    const worker = new EscrowKeeper(localApi(), { state: freshState() });
    expect(worker.importLink(handoff.link)).toMatchObject({ ok: true, kind: "handoff" });
    expect(await worker.submit(created.job.id, { proof_url: PROOF_URL })).toMatchObject({ ok: true });
    const back = worker.handoffLink(created.job.id);
    if (!back.ok) throw new Error(back.message);
    expect(back.link).toStartWith("h1.");
    expect(payer.importLink(back.link)).toMatchObject({ ok: true, kind: "handoff" });
    expect(await payer.release(created.job.id)).toMatchObject({ ok: true, agent_credits_delta: 95 });
    expect(payer.balances()).toEqual(own({ payerCredits: 900, inEscrow: 0, agentWallet: 95, feesPaid: 5 }));
  });

  test("a receipt link opens elsewhere and verifies; a bad link is refused and changes nothing", async () => {
    const keeper = keeperOver(transports().local);
    const id = await released(keeper);
    const link = keeper.receiptLink(id, "https://demo.example/");
    if (!link.ok) throw new Error(link.message);
    const other = keeperOver(localApi());
    expect(other.importLink(link.link)).toMatchObject({ ok: true, kind: "receipt" });
    expect(await other.verify(id)).toMatchObject({ ok: true, valid: true });
    // Unsigned (no sealing here): right figures, which the log does not call valid (D27), as the page's badge does not.
    expect(other.state.activity[0]?.text).toEndWith(": figures right, but no signature of the service holds.");
    const before = other.state;
    for (const bad of ["https://demo.example/", "h1.@@@", "r1.e30", "#receipt/r1."]) {
      expect(openLink(bad).ok).toBe(false);
      expect(other.importLink(bad)).toMatchObject({ ok: false, code: "invalid_input" });
    }
    expect(other.state).toBe(before);
  });
});
