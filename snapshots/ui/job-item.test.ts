/**
 * A job item as a pure view, under happy-dom: a submitted job whose hold has
 * ended says so and that dispute is what is left, with Dispute as its primary button and Release
 * demoted, disabled with its reason (the engine answers hold_expired); a held job still offers
 * Release first; a short hold shows its end to the second; a received job (D28) offers only its
 * receiver's steps. The browser suite drives the same views in Chromium (pictures.e2e.test.ts).
 */
import { describe, expect, test } from "bun:test";
import type { JobRecord, JobStatus } from "../../client/index.ts";
import { LIMITS } from "../../shared/protocol/constants.ts";
import { receivedText } from "../../site/src/client/balances-view.ts";
import { holdNote } from "../../site/src/client/countdown.ts";
import { type JobView, jobItem } from "../../site/src/client/job-item.ts";
import { JOBS, RECEIPTS } from "../support/fixtures.ts";
import { useHappyDocument } from "../support/happy-document.ts";
import { call, fixedContext } from "../support/helpers.ts";

const _window = useHappyDocument();

const jobs = JOBS as unknown as Record<JobStatus, JobRecord>;
const END = "2026-01-01T00:10:00.000Z";
const at = (iso: string) => Date.parse(iso);

function view(job: JobRecord, now: number, received = false): JobView {
  return { job, quotes: {}, payerCredits: 1000, busy: false, draft: () => "", now, received };
}

const buttonNamed = (item: Element, name: string) =>
  [...item.querySelectorAll("button")].find((b) => b.textContent === name) as HTMLButtonElement | undefined;
const describedBy = (item: Element, b: HTMLButtonElement) =>
  (b.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .filter(Boolean)
    .map((id) => item.querySelector(`[id="${id}"]`)?.textContent ?? "")
    .join(" ");

describe("a submitted job whose hold has ended", () => {
  const job = { ...jobs.submitted, fundedAt: "2026-01-01T00:00:00.000Z", expiresAt: END };
  const now = at("2026-01-01T00:10:12.000Z");

  test("the engine refuses its release (hold_expired) and still takes its dispute", () => {
    // The view follows the engine: these are what the service would answer at that moment.
    const release = call("transition", { action: "release", job }, {}, fixedContext(now));
    const dispute = call("transition", { action: "dispute", job }, {}, fixedContext(now));
    expect(release.status).toBe(409);
    expect(release.body.error).toBe("hold_expired");
    expect(dispute.status).toBe(200);
  });

  test("says the hold ended and that dispute is what is left, not 'release or dispute'", () => {
    const item = jobItem(view(job, now));
    const state = item.querySelector(".state-line")?.textContent ?? "";
    expect(state).not.toContain("release or dispute");
    expect(state).toContain("hold ended");
    expect(state).toMatch(/dispute/i);
    expect(item.querySelector(".hold.ended")).not.toBeNull();
  });

  test("Dispute is the primary button; Release is not, and is disabled with its reason", () => {
    const item = jobItem(view(job, now));
    const release = buttonNamed(item, "Release")!;
    const dispute = buttonNamed(item, "Dispute")!;
    expect(dispute.classList.contains("primary")).toBe(true);
    expect(dispute.disabled).toBe(false);
    expect(release.classList.contains("primary")).toBe(false);
    expect(release.disabled).toBe(true);
    expect(describedBy(item, release)).toMatch(/hold ended/i);
    expect(item.querySelectorAll("button.primary")).toHaveLength(1);
  });

  test("a funded job whose hold ended says release will be refused after the proof", () => {
    const funded = { ...jobs.funded, fundedAt: "2026-01-01T00:00:00.000Z", expiresAt: END };
    const state = jobItem(view(funded, now)).querySelector(".state-line")?.textContent ?? "";
    expect(state).toContain("hold ended");
    expect(state).toMatch(/only dispute/i);
  });
});

describe("a submitted job whose hold has not ended", () => {
  test("Release is still the primary button, enabled; the state line offers both", () => {
    const job = { ...jobs.submitted, fundedAt: "2026-01-01T00:00:00.000Z", expiresAt: END };
    const item = jobItem(view(job, at("2026-01-01T00:05:00.000Z")));
    const release = buttonNamed(item, "Release")!;
    expect(release.classList.contains("primary")).toBe(true);
    expect(release.disabled).toBe(false);
    expect(buttonNamed(item, "Dispute")!.classList.contains("primary")).toBe(false);
    expect(item.querySelector(".state-line")?.textContent).toContain("release or dispute");
  });
});

describe("a short hold shows its end to the second", () => {
  test("a 45-second hold: its end with seconds, and the count in seconds", () => {
    const end = "2026-01-01T00:00:45.000Z";
    const job = { ...jobs.funded, fundedAt: "2026-01-01T00:00:00.000Z", expiresAt: end };
    const note = holdNote(job, at("2026-01-01T00:00:00.000Z"))!;
    expect(note.querySelector("time")?.textContent).toContain("00:00:45");
    expect(note.querySelector("[role=timer]")?.textContent).toStartWith("45 s left.");
  });

  test("a hold of days still shows its end to the minute", () => {
    const end = "2026-01-04T00:00:00.000Z";
    const job = { ...jobs.funded, fundedAt: "2026-01-01T00:00:00.000Z", expiresAt: end };
    const note = holdNote(job, at("2026-01-01T00:00:00.000Z"))!;
    expect(note.querySelector("time")?.textContent).toContain("00:00");
    expect(note.querySelector("time")?.textContent).not.toContain("00:00:00");
  });
});

describe("a job received through a handoff link (D28)", () => {
  const names = (item: Element) => [...item.querySelectorAll("button")].map((b) => b.textContent);

  test("funded: offers the receiver's steps only, Submit proof and Copy hand-back link, and says whose credits they are", () => {
    const item = jobItem(view(jobs.funded, at(jobs.funded.fundedAt!), true));
    expect(names(item)).toEqual(["Submit proof", "Copy hand-back link", "Remove"]);
    expect(item.textContent).toContain(
      `Handed to you by its payer: its ${jobs.funded.amount} credits count in none of your balances.`,
    );
    expect(item.querySelector(".state-line")?.textContent).toBe(
      "Funded by its payer: submit your proof, then hand it back.",
    );
  });

  test("submitted: no Release or Dispute (the payer's); handing it back is the primary step", () => {
    const item = jobItem(view(jobs.submitted, at(jobs.submitted.submittedAt!), true));
    expect(names(item)).toEqual(["Copy hand-back link", "Remove"]);
    expect(buttonNamed(item, "Copy hand-back link")?.className).toContain("primary");
    expect(item.querySelector(".state-line")?.textContent).toBe(
      "Submitted: hand it back to its payer, who releases or disputes it.",
    );
  });

  test("open: no Fund (the payer's), and it says there is nothing to do yet (issue 41, finding 12)", () => {
    const item = jobItem(view(jobs.open, 0, true));
    expect(names(item)).toEqual(["Copy hand-back link", "Remove"]);
    expect(item.querySelector(".state-line")?.textContent).toBe(
      "Open: it waits for its payer to fund it; nothing for you to do yet.",
    );
  });

  test("the same jobs, held as the payer's own, keep Fund, Release and Dispute", () => {
    expect(names(jobItem(view(jobs.open, 0)))).toEqual(["Fund", "Copy handoff link", "Remove"]);
    expect(names(jobItem(view(jobs.submitted, at(jobs.submitted.submittedAt!))))).toEqual([
      "Release",
      "Dispute",
      "Copy handoff link",
    ]);
  });
});

describe("the Balances card's sentence on received jobs (D28)", () => {
  test("says how many jobs were handed over and what they hold in escrow, apart from the four figures, one payer or many (issue 41, finding 13)", () => {
    expect(receivedText(1, 60)).toBe(
      "1 job was handed to you by its payer, with 60 credits in escrow. Those credits are its payer's, not yours: they are in none of the figures above.",
    );
    expect(receivedText(2, 1500)).toBe(
      "2 jobs were handed to you by their payers, with 1,500 credits in escrow. Those credits are their payers', not yours: they are in none of the figures above.",
    );
  });

  test("does not speak of credits in escrow when the received jobs hold none", () => {
    expect(receivedText(1, 0)).toBe(
      "1 job was handed to you by its payer; it holds no credits in escrow now and counts in none of the figures above.",
    );
  });
});

/** The text of `item` with its white space made single. */
const textOf = (item: Element) => (item.textContent ?? "").replace(/\s+/g, " ");
const buttonsOf = (item: Element) => [...item.querySelectorAll("button")].map((b) => b.textContent);

describe("a hold that ended before proof", () => {
  const funded = { ...jobs.funded, fundedAt: "2026-01-01T00:00:00.000Z", expiresAt: END };
  const now = at("2026-01-01T00:10:12.000Z");

  test("the engine still takes proof after the hold, refuses release after it, and takes a dispute", () => {
    const submit = call("transition", { action: "submit", job: funded, proof_url: "x" }, {}, fixedContext(now));
    expect(submit.status).toBe(200);
    const submitted = submit.body.job;
    expect(call("transition", { action: "release", job: submitted }, {}, fixedContext(now)).body.error).toBe(
      "hold_expired",
    );
    expect(call("transition", { action: "dispute", job: submitted }, {}, fixedContext(now)).status).toBe(200);
    expect(call("transition", { action: "dispute", job: funded }, {}, fixedContext(now)).status).toBe(409);
  });

  test("your own funded job says what its state allows, and keeps the agent's Submit proof", () => {
    const item = jobItem(view(funded, now));
    expect(item.querySelector(".state-line")?.textContent).toBe(
      `The hold ended before proof. The agent can still submit proof; after that only Dispute is possible, and it returns all ${funded.amount} credits to you. Release is no longer possible.`,
    );
    expect(textOf(item)).not.toMatch(/dispute (is still|stays) allowed/i);
    expect(buttonsOf(item)).toContain("Submit proof");
    // A release is no longer possible: no line says what one would pay.
    expect(textOf(item)).not.toContain("On release");
    expect(textOf(jobItem(view(funded, now, true)))).not.toContain("On release");
  });

  test("a received funded job tells its agent that the payer can now only dispute it", () => {
    const item = jobItem(view(funded, now, true));
    expect(item.querySelector(".state-line")?.textContent).toBe(
      `The hold ended before proof: you can still submit it and hand it back, but its payer can then only dispute it (all ${funded.amount} credits back to the payer, nothing to you).`,
    );
  });

  test("a running hold on a funded job does not promise a dispute without proof", () => {
    const item = jobItem(view(funded, at("2026-01-01T00:05:00.000Z")));
    const hold = item.querySelector(".hold")?.textContent ?? "";
    expect(hold).toContain("5 min 0 s left.");
    expect(hold).toContain("After it, release is refused: once proof is in, only Dispute is left.");
  });

  test("a submitted job past its hold: release refused, Dispute returns all the credits", () => {
    const submitted = { ...jobs.submitted, fundedAt: "2026-01-01T00:00:00.000Z", expiresAt: END };
    const own = jobItem(view(submitted, now)).querySelector(".state-line")?.textContent;
    expect(own).toBe(
      `Submitted, hold ended: release is refused; Dispute returns all ${submitted.amount} credits to you.`,
    );
    const received = jobItem(view(submitted, now, true)).querySelector(".state-line")?.textContent;
    expect(received).toBe(
      `Submitted, hold ended: its payer can only dispute it now (all ${submitted.amount} credits back to the payer).`,
    );
  });
});

describe("figures from the visitor's side", () => {
  test("a received released job says the agent's pay reached the payer's page, not this one", () => {
    const item = jobItem(view(jobs.released, at(jobs.released.resolvedAt!), true));
    const text = textOf(item);
    expect(text).not.toContain("agent got");
    expect(text).toContain(
      `Released by its payer: you (the agent) were paid ${jobs.released.agentPayout} (fee ${jobs.released.fee}) in the payer's page; this page's Agent wallet does not change.`,
    );
  });

  test("a received submitted job says what the agent receives on release, and where", () => {
    const item = jobItem(view(jobs.submitted, at(jobs.submitted.submittedAt!), true));
    expect(textOf(item)).toContain(
      "On release by its payer: fee 5, you (the agent) receive 95, in the payer's page, not in this page's balances.",
    );
  });

  test("your own released job says the payout went to the Agent wallet above", () => {
    const item = jobItem(view(jobs.released, at(jobs.released.resolvedAt!)));
    expect(textOf(item)).toContain(
      `Fee ${jobs.released.fee} paid; ${jobs.released.agentPayout} went to the Agent wallet above.`,
    );
  });
});

describe("the fee before proof", () => {
  test("a funded job shows what release will pay, from the engine's fee rule", () => {
    const item = jobItem(view(jobs.funded, at(jobs.funded.fundedAt!)));
    expect(textOf(item)).toContain("On release: fee 5, agent receives 95.");
  });

  test("the create form's line follows the amount typed, with the engine's rounding", async () => {
    const { feeLine } = await import("../../site/src/client/hints.ts");
    expect(feeLine(100)).toBe("On release: fee 5, agent receives 95.");
    expect(feeLine(10)).toBe("On release: fee 1, agent receives 9.");
    expect(feeLine(1)).toBe("On release: fee 0, agent receives 1.");
    expect(feeLine("abc")).toBe("On release: a 5% fee; the agent receives the rest.");
  });
});

describe("whose step each control is", () => {
  test("your own funded job labels Submit proof as the agent's step", () => {
    const item = jobItem(view(jobs.funded, at(jobs.funded.fundedAt!)));
    expect(item.querySelectorAll(".role")).toHaveLength(1);
    expect(item.querySelector(".role")?.textContent).toBe("Agent's step (you are testing both sides here)");
  });

  test("your own open and submitted jobs label Fund and Release as yours, the payer's", () => {
    expect(jobItem(view(jobs.open, 0)).querySelector(".role")?.textContent).toBe("Your step (the payer)");
    const submitted = jobItem(view(jobs.submitted, at(jobs.submitted.submittedAt!)));
    expect(submitted.querySelector(".role")?.textContent).toBe("Your step (the payer)");
  });

  test("a received funded job labels Submit proof as yours, the agent's", () => {
    const item = jobItem(view(jobs.funded, at(jobs.funded.fundedAt!), true));
    expect(item.querySelector(".role")?.textContent).toBe("Your step (the agent)");
  });
});

describe("what Proof URL expects", () => {
  test("its hint, tied to the input, says what the service accepts: any text, required", () => {
    const item = jobItem(view(jobs.funded, at(jobs.funded.fundedAt!)));
    const input = item.querySelector<HTMLInputElement>(`#proof-${jobs.funded.id}`)!;
    expect(input.getAttribute("type")).not.toBe("url");
    const hint = item.querySelector(`[id="${input.getAttribute("aria-describedby")}"]`)?.textContent;
    expect(hint).toBe(
      "Required. Where the work can be seen, usually a link (https://…); the service accepts any text.",
    );
  });

  test("the page's check matches the engine: blank after trimming is refused, any other text is taken", async () => {
    const { readField } = await import("../../site/src/client/form-checks.ts");
    for (const text of ["", "   ", "\n\t"]) {
      expect(readField("proof_url", text, true)).toEqual({ ok: false, message: "Proof URL is required." });
      expect(call("transition", { action: "submit", job: jobs.funded, proof_url: text }).status).toBe(400);
    }
    for (const text of ["x", "ftp://a", "see the attached file"]) {
      expect(readField("proof_url", text, true)).toEqual({ ok: true, value: text });
      expect(call("transition", { action: "submit", job: jobs.funded, proof_url: text }).status).toBe(200);
    }
  });
});

describe("Release and Dispute", () => {
  const now = at(jobs.submitted.submittedAt!);

  test("only Release's note shows at first, in a form with Release; Dispute asks before it acts", () => {
    const item = jobItem(view(jobs.submitted, now));
    expect(item.querySelector(`#releasenote-${jobs.submitted.id}`)?.closest("form")?.textContent).toContain("Release");
    expect(item.querySelector(`#disputereason-${jobs.submitted.id}`)).toBeNull();
    expect(buttonNamed(item, "Release")?.getAttribute("type")).toBe("submit");
    expect(buttonNamed(item, "Dispute")?.getAttribute("data-action")).toBe("choose-dispute");
  });

  test("once Dispute is chosen: its reason, Confirm dispute and Cancel, in one form; no Release note", () => {
    const item = jobItem({ ...view(jobs.submitted, now), disputing: true });
    expect(item.querySelector(`#releasenote-${jobs.submitted.id}`)).toBeNull();
    const form = item.querySelector(`#disputereason-${jobs.submitted.id}`)?.closest("form");
    expect(form).not.toBeNull();
    expect([...form!.querySelectorAll("button")].map((b) => b.textContent)).toEqual(["Confirm dispute", "Cancel"]);
    expect(buttonNamed(item, "Confirm dispute")?.getAttribute("type")).toBe("submit");
  });
});

describe("long criteria and the title counter", () => {
  const long = { ...jobs.open, criteria: "Check every function. ".repeat(40) };

  test("long criteria are clamped with a Show all toggle that says whether it is open", () => {
    const item = jobItem(view(long, 0));
    const toggle = buttonNamed(item, "Show all")!;
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    const criteria = item.querySelector(`[id="${toggle.getAttribute("aria-controls")}"]`)!;
    expect(criteria.classList.contains("clamped")).toBe(true);
    const open = jobItem({ ...view(long, 0), expanded: true });
    expect(buttonNamed(open, "Show all")?.getAttribute("aria-expanded")).toBe("true");
    expect(open.querySelector(".criteria.clamped")).toBeNull();
  });

  test("short criteria have no toggle", () => {
    expect(buttonNamed(jobItem(view(jobs.open, 0)), "Show all")).toBeUndefined();
  });

  test("the title counter counts as the engine does, and says so", async () => {
    const { charCount } = await import("../../site/src/client/hints.ts");
    const titleCount = (title: string) => charCount(title, LIMITS.titleMax);
    const { codePointLength } = await import("../../shared/protocol/code-points.ts");
    const coder = "👩‍💻".repeat(30);
    expect(codePointLength(coder)).toBe(90);
    expect(titleCount(coder)).toBe("90/80 characters as the service counts them: an emoji can count as several");
    expect(titleCount("  Logo  ")).toBe("4/80 characters");
    const title = "x".repeat(80);
    expect(titleCount(title)).toBe("80/80 characters");
    expect(call("transition", { action: "create", title: coder, amount: 1, criteria: "c" }).status).toBe(400);
    expect(call("transition", { action: "create", title: "😀".repeat(80), amount: 1, criteria: "c" }).status).toBe(200);
  });
});

describe("removing a job from this browser", () => {
  test("open, disputed and received jobs can go; funded, submitted and released own jobs stay, saying why", async () => {
    const { removalRefusal } = await import("../../client/removal.ts");
    const state = (job: JobRecord, received = false) => ({
      payerCredits: 900,
      agentCredits: 0,
      toppedUp: 0,
      jobs: [job],
      receivedJobs: received ? [job.id] : [],
      receipts: [],
      activity: [],
    });
    for (const status of ["open", "disputed"] as const)
      expect(removalRefusal(state(jobs[status]), jobs[status].id)).toBeNull();
    for (const status of ["open", "funded", "submitted", "released", "disputed"] as const)
      expect(removalRefusal(state(jobs[status], true), jobs[status].id)).toBeNull();
    expect(removalRefusal(state(jobs.funded), jobs.funded.id)).toBe(
      `Kept here: its ${jobs.funded.amount} credits are in escrow until it is released or disputed.`,
    );
    expect(removalRefusal(state(jobs.submitted), jobs.submitted.id)).toContain("in escrow");
    expect(removalRefusal(state(jobs.released), jobs.released.id)).toBe(
      `Kept here: its fee of ${jobs.released.fee} counts in Fees paid.`,
    );
    expect(removalRefusal(state(jobs.open), "as_0000000000")).toBe("No job as_0000000000 is held here.");
  });

  test("the keeper removes a removable job, keeps its receipt, and refuses the others", async () => {
    const { EscrowKeeper } = await import("../../client/keeper.ts");
    const funded = { ...jobs.funded, id: "as_00000000ff" };
    const keeper = new EscrowKeeper(undefined as never, {
      state: {
        payerCredits: 1000,
        agentCredits: 0,
        toppedUp: 0,
        jobs: [jobs.disputed, funded],
        receivedJobs: [],
        receipts: [RECEIPTS.disputed as never],
        activity: [],
      },
    });
    expect(keeper.removeJob(funded.id).ok).toBe(false);
    expect(keeper.removeJob(jobs.disputed.id).ok).toBe(true);
    expect(keeper.state.jobs.map((j) => j.id)).toEqual([funded.id]);
    expect(keeper.state.receipts).toHaveLength(1);
  });

  test("a disputed job offers Remove; a funded one says why it stays", () => {
    expect(buttonsOf(jobItem(view(jobs.disputed, 0)))).toContain("Remove");
    const funded = jobItem(view(jobs.funded, 0));
    expect(buttonsOf(funded)).not.toContain("Remove");
    expect(textOf(funded)).toContain("Kept here: its 100 credits are in escrow");
    const asking = jobItem({ ...view(jobs.disputed, 0), removing: true });
    expect(buttonsOf(asking)).toEqual(expect.arrayContaining(["Remove job", "Cancel"]));
  });
});
