/**
 * A demo pack must add up: its four figures (payer credits, the escrow of its
 * own funded and submitted jobs, the agent wallet, the fees its own released jobs paid) equal the
 * starting credits plus the top-ups it records (`topped_up`). An edited pack (inflated credits, a
 * changed amount, top-ups it never had, a claim of real money) is refused in plain words and
 * changes nothing; a pack from before top-ups were recorded still opens. And a top-up is an
 * activity event (finding 13).
 */
import { describe, expect, test } from "bun:test";
import { balancesOf } from "../../client/balances.ts";
import { EscrowKeeper, freshState, localApi, packText, readPackText } from "../../client/index.ts";
import { creditsHeld, parsePack, toPack } from "../../shared/client-state/pack.ts";
import { STARTING_CREDITS } from "../../shared/protocol/constants.ts";
import { NOW, PROOF_URL } from "../support/helpers.ts";

function ok<T extends { ok: boolean }>(answer: T): Extract<T, { ok: true }> {
  if (!answer.ok) throw new Error(`refused: ${JSON.stringify(answer)}`);
  return answer as Extract<T, { ok: true }>;
}

/**
 * A keeper that topped up 250, released "Logo" (100), holds "Draft" (40) in escrow, disputed
 * "Late" (30), and received a funded job (60) from another payer.
 */
async function workedKeeper(): Promise<EscrowKeeper> {
  const api = localApi({ now: () => NOW });
  const keeper = new EscrowKeeper(api, { now: () => NOW });
  ok(keeper.topUp(250));
  const job = async (title: string, amount: number) => {
    const created = ok(await keeper.create({ title, amount, criteria: "c" }));
    ok(await keeper.fund(created.job.id));
    return created.job.id;
  };
  const logo = await job("Logo", 100);
  ok(await keeper.submit(logo, { proof_url: PROOF_URL }));
  ok(await keeper.release(logo));
  await job("Draft", 40);
  const late = await job("Late", 30);
  ok(await keeper.submit(late, { proof_url: PROOF_URL }));
  ok(await keeper.dispute(late));
  const other = new EscrowKeeper(api, { now: () => NOW });
  const theirs = ok(await other.create({ title: "Theirs", amount: 60, criteria: "c" })).job.id;
  ok(await other.fund(theirs));
  ok(keeper.importLink(ok(other.handoffLink(theirs)).link));
  return keeper;
}

/** The pack of `keeper` as JSON, edited by `edit`. */
async function edited(edit: (pack: Record<string, any>) => void): Promise<string> {
  const pack = JSON.parse(packText((await workedKeeper()).state));
  edit(pack);
  return JSON.stringify(pack);
}

/** Imports `text` into a keeper that holds work, expecting a refusal that changes nothing; returns its message. */
async function refusedImport(text: string): Promise<string> {
  const keeper = await workedKeeper();
  const before = keeper.state;
  const answer = keeper.importPack(text);
  expect(answer.ok).toBe(false);
  expect(keeper.state).toBe(before);
  return answer.ok ? "" : answer.message;
}

describe("a demo pack that adds up", () => {
  test("records its top-ups, and reads back whole", async () => {
    const keeper = await workedKeeper();
    const pack = toPack(keeper.state);
    expect(pack.topped_up).toBe(250);
    expect(keeper.state.toppedUp).toBe(250);
    const read = readPackText(packText(keeper.state));
    expect(read).toEqual({ ok: true, state: keeper.state });
  });

  test("the credits it holds are the four figures of the balances, received jobs in none of them", async () => {
    const keeper = await workedKeeper();
    const b = balancesOf(keeper.state);
    expect(b.receivedInEscrow).toBe(60);
    expect(creditsHeld(keeper.state)).toBe(b.payerCredits + b.inEscrow + b.agentWallet + b.feesPaid);
    expect(creditsHeld(keeper.state)).toBe(STARTING_CREDITS + 250);
  });

  test("a reset records no top-ups; a top-up adds to them", async () => {
    const keeper = await workedKeeper();
    keeper.reset();
    expect(keeper.state.toppedUp).toBe(0);
    ok(keeper.topUp(1));
    expect(toPack(keeper.state).topped_up).toBe(1);
    expect(freshState().toppedUp).toBe(0);
  });

  test("a pack from before top-ups were recorded still opens: what is above the start counts as topped up", async () => {
    const text = await edited((pack) => {
      delete pack.topped_up;
    });
    const read = parsePack(text);
    expect(read.ok && read.value.toppedUp).toBe(250);
  });
});

describe("an edited demo pack is refused, in plain words, and changes nothing", () => {
  test("inflated payer credits", async () => {
    const message = await refusedImport(await edited((pack) => (pack.payer_credits += 1_000_452)));
    expect(message).toBe(
      "Not a demo pack: its figures do not add up. Payer credits 1,001,562 + in escrow 40 + agent wallet 95 + " +
        "fees paid 5 make 1,001,702 credits, but it records 1,000 starting credits + 250 topped up = 1,250. Nothing changed.",
    );
  });

  test("an inflated agent wallet", async () => {
    expect(await refusedImport(await edited((pack) => (pack.agent_credits = 5_000)))).toContain("do not add up");
  });

  test("a funded job's amount changed", async () => {
    const text = await edited((pack) => {
      const draft = pack.jobs.find((j: { title: string }) => j.title === "Draft");
      draft.amount = 400;
    });
    expect(await refusedImport(text)).toContain("in escrow 400");
  });

  test("a released job removed, its fee and payout kept", async () => {
    const text = await edited((pack) => {
      pack.jobs = pack.jobs.filter((j: { title: string }) => j.title !== "Logo");
    });
    expect(await refusedImport(text)).toContain("fees paid 0");
  });

  test("top-ups it never had, or a negative count of them", async () => {
    expect(await refusedImport(await edited((pack) => (pack.topped_up = 5_000)))).toContain("+ 5,000 topped up");
    expect(await refusedImport(await edited((pack) => (pack.topped_up = -1)))).toBe(
      "Not a demo pack: the credits it says were topped up must be a whole number of 0 or more. Nothing changed.",
    );
  });

  test("an older pack (no top-ups recorded) holding less than the start", async () => {
    const text = await edited((pack) => {
      delete pack.topped_up;
      pack.payer_credits = 10;
    });
    expect(await refusedImport(text)).toContain("but it records 1,000 starting credits + 0 topped up = 1,000");
  });

  test.each([
    ["money", true],
    ["money", "yes"],
    ["real_money", true],
    ["mode", "live"],
    ["currency", "USD"],
  ])("a claim of real money (%s: %p)", async (member, value) => {
    const message = await refusedImport(await edited((pack) => (pack[member] = value)));
    expect(message).toBe(
      "Not a demo pack: it claims real money. Demo packs hold simulated credits only; no money moves. Nothing changed.",
    );
  });

  test("what says the credits are simulated is accepted", async () => {
    const text = await edited((pack) =>
      Object.assign(pack, { money: false, real_money: false, mode: "demo", currency: "credits" }),
    );
    expect(readPackText(text).ok).toBe(true);
  });
});

describe("a top-up (finding 13)", () => {
  test("is an activity event that names the payer credits it added", () => {
    const keeper = new EscrowKeeper(localApi(), { now: () => NOW });
    ok(keeper.topUp(250));
    expect(keeper.state.activity[0]).toEqual({
      kind: "top-up",
      at: new Date(NOW).toISOString(),
      text: "Topped up 250 payer credits. No fee.",
    });
  });

  test("refused, logs nothing", () => {
    const keeper = new EscrowKeeper(localApi(), { now: () => NOW });
    expect(keeper.topUp(0).ok).toBe(false);
    expect(keeper.state.activity).toEqual([]);
    expect(keeper.state.toppedUp).toBe(0);
  });
});
