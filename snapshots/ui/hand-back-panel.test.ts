/**
 * The shared panel of a hand-back and a receipt's verdict under happy-dom: an own job's hand-back that changes its terms lists the differences with Import job
 * disabled; an own job waits for its seal check and is blocked when the seal does not hold; a
 * job not yours whose seal does not hold is imported only with "Import anyway"; and a verify
 * answer whose figures are right but whose signature does not hold says so in plain words.
 */
import { describe, expect, test } from "bun:test";
import { type AnswerOf, EscrowKeeper, freshState, type JobRecord, localApi } from "../../client/index.ts";
import {
  OWN_SEAL_FAILED,
  SEAL_LOST,
  SEAL_WAIT,
  THEIR_SEAL_FAILED,
  THEIR_UNSEALED,
} from "../../site/src/client/hand-back-gate.ts";
import type { SealCheck } from "../../site/src/client/seal-checks.ts";
import { sharedIntro, sharedPanel } from "../../site/src/client/shared-panel.ts";
import { verdictOf, verdictView } from "../../site/src/client/verdict.ts";
import { useHappyDocument } from "../support/happy-document.ts";
import { NOW, PROOF_URL } from "../support/helpers.ts";

const _window = useHappyDocument();

/** A payer's funded job and the worker's submitted copy of it. */
async function walked() {
  const payer = new EscrowKeeper(localApi({ now: () => NOW }), { now: () => NOW });
  const created = await payer.create({ title: "Audit", amount: 100, criteria: "Full audit of all 12 functions" });
  if (!created.ok) throw new Error(created.message);
  const id = created.job.id;
  await payer.fund(id);
  const worker = new EscrowKeeper(localApi({ now: () => NOW }), { now: () => NOW });
  worker.importLink({ kind: "handoff", job: payer.job(id)! });
  await worker.submit(id, { proof_url: PROOF_URL });
  return { payer, back: worker.job(id)! };
}

function panel(job: JobRecord, state = freshState(), check: SealCheck = { state: "valid" }) {
  const div = document.createElement("div");
  div.append(...(sharedPanel({ kind: "handoff", job }, state, null, check).flat().filter(Boolean) as Node[]));
  const named = (name: string) =>
    [...div.querySelectorAll("button")].find((b) => b.textContent === name) as HTMLButtonElement | undefined;
  return { div, importJob: named("Import job")!, anyway: named("Import anyway") };
}

describe("the shared panel of a hand-back", () => {
  test("of an own job with its criteria rewritten lists the differences; Import job is disabled, not primary", async () => {
    const { payer, back } = await walked();
    const { div, importJob, anyway } = panel({ ...back, criteria: "Any comment on one function" }, payer.state);
    const list = div.querySelector('ul[aria-label="Differences"]');
    expect(list?.textContent).toBe(
      "Criteria differ: yours “Full audit of all 12 functions”, the link's “Any comment on one function”.",
    );
    expect([importJob.disabled, importJob.className, anyway]).toEqual([true, "quiet", undefined]);
    expect(div.querySelector("#shared-import-note")?.textContent).toContain("it cannot be imported. Nothing changed.");
  });

  test("of an own job waits while its seal is checked, and is blocked when the seal does not hold", async () => {
    const { payer, back } = await walked();
    const pending = panel(back, payer.state, { state: "pending" });
    expect([pending.importJob.disabled, pending.div.querySelector("#shared-import-note")?.textContent]).toEqual([
      true,
      SEAL_WAIT,
    ]);
    const invalid = panel(back, payer.state, { state: "invalid", message: "changed" });
    expect([invalid.importJob.disabled, invalid.anyway]).toEqual([true, undefined]);
    expect(invalid.div.querySelector("#shared-import-note")?.textContent).toBe(OWN_SEAL_FAILED);
    const valid = panel(back, payer.state, { state: "valid" });
    expect([valid.importJob.disabled, valid.importJob.className]).toEqual([false, "primary"]);
  });

  test("of a job not yours whose seal does not hold asks for Import anyway", async () => {
    const { back } = await walked();
    const { div, importJob, anyway } = panel(back, freshState(), { state: "invalid", message: "changed" });
    expect(importJob.disabled).toBe(true);
    expect(anyway?.disabled).toBe(false);
    expect(anyway?.dataset.action).toBe("import-shared");
    expect(div.querySelector("#shared-import-note")?.textContent).toStartWith(THEIR_SEAL_FAILED);
    expect(panel(back, freshState(), { state: "valid" }).anyway).toBeUndefined();
  });
});

describe("a receipt's verdict", () => {
  const answer = (extra: Partial<AnswerOf<"verify">>): AnswerOf<"verify"> =>
    ({
      ok: true,
      valid: false,
      verified: true,
      expected: { fee: 5, agent_payout: 95, returned_to_payer: 0 },
      received: { fee: 5, agent_payout: 95, returned_to_payer: 0 },
      mismatches: [],
      ...extra,
    }) as unknown as AnswerOf<"verify">;

  test("whose figures are right but whose signature does not hold says what may have changed", () => {
    const verdict = verdictOf(answer({ signature_valid: false } as Partial<AnswerOf<"verify">>));
    expect(verdict.state).toBe("unvouched");
    if (verdict.state === "unvouched") expect(verdict.text).not.toContain("mismatch on .");
    expect(verdictView(verdict).textContent).toContain(
      "The fee, payout and refund are right, but the receipt is not as the service signed it",
    );
  });

  test("whose figures are right but which carries no signature the service accepts says so", () => {
    const view = verdictView(verdictOf(answer({}))).textContent;
    expect(view).not.toContain("mismatch on .");
    expect(view).toContain("The fee, payout and refund are right, but the service vouches only for receipts it signed");
  });

  test("with figures that add up is not Valid when the signature does not hold, nor when there is none (issue 41, finding 3)", () => {
    const badge = (extra: Partial<AnswerOf<"verify">>) =>
      verdictView(verdictOf(answer({ valid: true, ...extra }))).querySelector(".verdict-badge")?.textContent;
    expect(badge({ signature_valid: false } as Partial<AnswerOf<"verify">>)).toBe("Figures right");
    expect(badge({})).toBe("Figures right");
    expect(badge({ signature_valid: true } as Partial<AnswerOf<"verify">>)).toBe("✓ Valid");
  });

  test("with a wrong figure still names it", () => {
    const verdict = verdictOf(answer({ mismatches: [{ field: "fee", expected: 5, received: 7 }] }));
    expect(verdictView(verdict).textContent).toContain("Fee: the service computes 5; the receipt says 7.");
  });
});

describe("the shared panel's words fit the job's status and whose it is (finding 12)", () => {
  test("a hand-back of your own job, and a job someone else pays for at each step", async () => {
    const { payer, back } = await walked();
    const carries = " The link carries the job only: no credits, receipts or demo key.";
    expect(sharedIntro(payer.state, back)).toBe(
      `Your job came back from its agent with proof: importing brings the proof into your copy.${carries}`,
    );
    expect(sharedIntro(payer.state, payer.job(back.id)!)).toBe(`A link to your own job, funded.${carries}`);
    const theirs = freshState();
    expect(sharedIntro(theirs, payer.job(back.id)!)).toBe(
      `Its payer funded this job with 100 credits and handed it to you: submit proof, then send the hand-back link.${carries}`,
    );
    expect(sharedIntro(theirs, back)).toBe(`This job has its proof: its payer releases or disputes it.${carries}`);
    expect(sharedIntro(theirs, { ...back, status: "disputed" })).toBe(
      `This job is settled: disputed, all 100 credits back to its payer.${carries}`,
    );
    const { div } = panel(back, payer.state);
    expect(div.querySelector("p.muted")?.textContent).toBe(sharedIntro(payer.state, back));
  });
});

describe("a hand-back of a job that left sealed and comes back without a seal (finding 1)", () => {
  test("is refused with the seal badge as a warning, not the grey Not sealed", async () => {
    const { payer, back } = await walked();
    const sealed = { ...payer.state, jobs: payer.state.jobs.map((j) => ({ ...j, seal: "a.seal.of-the-service" })) };
    const { div, importJob } = panel(back, sealed, { state: "missing" });
    expect(importJob.disabled).toBe(true);
    expect(div.querySelector(".seal-badge")?.textContent).toBe("Seal does not match");
    expect(div.querySelector(".seal-badge")?.className).toContain("invalid");
    expect(div.querySelector(".seal-check")?.textContent).toContain(SEAL_LOST);
  });
});

describe("a refused hand-back in the page's words (issue 41, finding 9)", () => {
  test("lists a differing time as the page writes times, not as an ISO stamp", async () => {
    const { payer, back } = await walked();
    const { div } = panel({ ...back, createdAt: "2026-12-07T14:06:39.198Z" }, payer.state);
    const list = div.querySelector('ul[aria-label="Differences"]');
    expect(list?.textContent).toBe(
      "Created differs: yours “1 Jan 2026, 00:00 UTC”, the link's “7 Dec 2026, 14:06 UTC”.",
    );
  });

  test("gives a time to the second when the two differ within the minute", async () => {
    const { payer, back } = await walked();
    const { div } = panel({ ...back, createdAt: "2026-01-01T00:00:07.000Z" }, payer.state);
    expect(div.querySelector('ul[aria-label="Differences"]')?.textContent).toBe(
      "Created differs: yours “1 Jan 2026, 00:00:00 UTC”, the link's “1 Jan 2026, 00:00:07 UTC”.",
    );
  });

  test("does not open with the promise that importing brings the proof into your copy", async () => {
    const { payer, back } = await walked();
    const rewritten = { ...back, criteria: "Any comment on one function" };
    const intro = sharedIntro(payer.state, rewritten);
    expect(intro).not.toContain("importing brings the proof");
    expect(intro).toStartWith("Your job came back from its agent with proof, but this link cannot be imported");
    expect(panel(rewritten, payer.state).div.querySelector("p.muted")?.textContent).toBe(intro);
  });
});

describe("a job not yours that carries no seal (issue 41, finding 4)", () => {
  test.each(["missing", "older"] as const)(
    "and says it is past open is warned as a changed one is: Import anyway (its seal %s)",
    async (state) => {
      const { back } = await walked();
      const { seal: _, ...unsealed } = { ...back, amount: 5000 };
      const { div, importJob, anyway } = panel(unsealed as JobRecord, freshState(), { state });
      expect([importJob.disabled, anyway?.disabled]).toEqual([true, false]);
      expect(div.querySelector("#shared-import-note")?.textContent).toStartWith(THEIR_UNSEALED);
      expect(div.querySelector("#shared-import-note")?.className).toBe("error");
    },
  );

  test("and is open imports with one click: it claims no credits yet", async () => {
    const { payer, back } = await walked();
    const open = { ...payer.job(back.id)!, status: "open" as const, fundedAt: null };
    const { importJob, anyway } = panel(open, freshState(), { state: "missing" });
    expect([importJob.disabled, anyway]).toEqual([false, undefined]);
  });
});

describe("a job not yours whose figures are not its own (issue 41, finding 5)", () => {
  test("is refused with the reason, no Differences and no Import anyway", async () => {
    const { back } = await walked();
    const forged = { ...back, status: "released" as const, fee: 0, agentPayout: 100, resolvedAt: back.submittedAt };
    const { div, importJob, anyway } = panel(forged, freshState(), { state: "invalid", message: "changed" });
    expect([importJob.disabled, anyway]).toEqual([true, undefined]);
    expect(div.querySelector('ul[aria-label="Differences"]')).toBeNull();
    expect(div.querySelector("#shared-import-note")?.textContent).toContain(
      "is released with fee 0 and agent payout 100, but the fee rule gives fee 5 and agent payout 95 on 100 credits",
    );
    expect(div.querySelector("#shared-import-note")?.textContent).not.toContain("This is your job");
  });
});
