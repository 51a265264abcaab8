/**
 * A demo pack's own jobs hold to their figures (issue 41, finding 5): each job's fee and agent
 * payout are its status's by the fee rule (0 until release), and each settled job is as its
 * receipt says (shared/client-state/figures.ts). The sums alone (pack-sums.test.ts) miss a
 * released job rewritten to fee 0 with the agent wallet raised to match, or a disputed job's
 * amount changed (it counts in none of the figures). The same rules hold a handoff link of a job
 * not yours, so no state a keeper makes is refused when read back (keeper-walks.ts).
 */
import { describe, expect, test } from "bun:test";
import { EscrowKeeper, type JobRecord, localApi, packText, readPackText } from "../../client/index.ts";
import { handoffToken } from "../../client/sharing.ts";
import { NOW, PROOF_URL } from "../support/helpers.ts";

type Pack = Record<string, any>;

function ok<T extends { ok: boolean }>(answer: T): Extract<T, { ok: true }> {
  if (!answer.ok) throw new Error(`refused: ${JSON.stringify(answer)}`);
  return answer as Extract<T, { ok: true }>;
}

/** A keeper that released "Logo" (120) and disputed "Late" (300); the ids. */
async function settledKeeper() {
  const keeper = new EscrowKeeper(localApi({ now: () => NOW }), { now: () => NOW });
  const settle = async (title: string, amount: number, terminal: "release" | "dispute") => {
    const id = ok(await keeper.create({ title, amount, criteria: "c" })).job.id;
    ok(await keeper.fund(id));
    ok(await keeper.submit(id, { proof_url: PROOF_URL }));
    ok(await keeper[terminal](id));
    return id;
  };
  return { keeper, logo: await settle("Logo", 120, "release"), late: await settle("Late", 300, "dispute") };
}

/** The keeper's pack edited by `edit`, read back: the refusal's message. */
async function refusal(edit: (pack: Pack, ids: { logo: string; late: string }) => void): Promise<string> {
  const { keeper, ...ids } = await settledKeeper();
  const pack = JSON.parse(packText(keeper.state));
  const job = (id: string) => pack.jobs.find((j: JobRecord) => j.id === id);
  edit(pack, ids);
  expect(job(ids.logo)).toBeDefined();
  const read = readPackText(JSON.stringify(pack));
  expect(read.ok).toBe(false);
  return read.ok ? "" : read.message;
}

const jobIn = (pack: Pack, id: string) => pack.jobs.find((j: JobRecord) => j.id === id);

describe("a demo pack's own jobs (issue 41, finding 5)", () => {
  test("a released job set to fee 0 and payout 120, the agent wallet raised to match, is refused", async () => {
    const message = await refusal((pack, { logo }) => {
      Object.assign(jobIn(pack, logo), { fee: 0, agentPayout: 120 });
      pack.agent_credits += 6;
    });
    expect(message).toMatch(
      /^Not a demo pack: job as_\w+ is released with fee 0 and agent payout 120, but the fee rule gives fee 6 and agent payout 114 on 120 credits\. Nothing changed\.$/,
    );
  });

  test("a disputed job's amount changed from 300 to 3,000 is refused: it is not as its receipt says", async () => {
    const message = await refusal((pack, { late }) => {
      jobIn(pack, late).amount = 3000;
    });
    expect(message).toMatch(
      /^Not a demo pack: job as_\w+ is not as its receipt says: the receipt's amount and returned_to_payer differ from the job's\./,
    );
  });

  test("a funded job given a fee is refused: both are 0 until a job is released", async () => {
    const message = await refusal((pack, { late }) => {
      Object.assign(jobIn(pack, late), { status: "funded", fee: 15, resolvedAt: null });
      pack.receipts = pack.receipts.filter((r: { job_id: string }) => r.job_id !== late);
      pack.payer_credits -= 300;
    });
    expect(message).toContain("is funded with fee 15 and agent payout 0, but both are 0 until a job is released.");
  });

  test("a settled job beside a receipt of another title is refused", async () => {
    const message = await refusal((pack, { logo }) => {
      pack.receipts.find((r: { job_id: string }) => r.job_id === logo).title = "Another logo";
    });
    expect(message).toContain("is not as its receipt says: the receipt's title differs from the job's.");
  });

  test("the pack as the keeper wrote it reads back whole", async () => {
    const { keeper } = await settledKeeper();
    expect(readPackText(packText(keeper.state))).toEqual({ ok: true, state: keeper.state });
  });
});

describe("a handoff link of a job not yours is held to the same rules (issue 41, finding 5)", () => {
  test("a released job with fee 0 and payout 120 is refused and changes nothing", async () => {
    const { keeper: payer, logo } = await settledKeeper();
    const worker = new EscrowKeeper(localApi());
    const before = worker.state;
    const opened = worker.importLink(handoffToken({ ...payer.job(logo)!, fee: 0, agentPayout: 120 }));
    expect(opened).toMatchObject({ ok: false, code: "invalid_input" });
    if (!opened.ok) expect(opened.message).toContain("but the fee rule gives fee 6 and agent payout 114");
    expect(worker.state).toBe(before);
  });

  test("a settled job that is not as the receipt held for it says is refused", async () => {
    const { keeper: payer, late } = await settledKeeper();
    const worker = new EscrowKeeper(localApi());
    ok(worker.importLink(ok(payer.receiptLink(late)).link));
    const before = worker.state;
    const opened = worker.importLink(handoffToken({ ...payer.job(late)!, amount: 3000 }));
    expect(opened).toMatchObject({ ok: false, code: "invalid_input" });
    expect(worker.state).toBe(before);
  });
});
