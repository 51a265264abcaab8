/**
 * A job item as a pure view, under happy-dom (issue 26 item 2): a submitted job whose hold has
 * ended says so and that dispute is what is left, with Dispute as its primary button and Release
 * demoted, disabled with its reason (the engine answers hold_expired); a held job still offers
 * Release first; a short hold shows its end to the second; a received job (D28) offers only its
 * receiver's steps. The browser suite drives the same views in Chromium (pictures.e2e.test.ts).
 */
import { describe, expect, test } from "bun:test";
import type { JobRecord, JobStatus } from "../../client/index.ts";
import { receivedText } from "../../site/src/client/balances-view.ts";
import { holdNote } from "../../site/src/client/countdown.ts";
import { type JobView, jobItem } from "../../site/src/client/job-item.ts";
import { JOBS } from "../support/fixtures.ts";
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
    expect(names(item)).toEqual(["Submit proof", "Copy hand-back link"]);
    expect(item.textContent).toContain(
      `Handed to you by its payer: its ${jobs.funded.amount} credits count in none of your balances.`,
    );
    expect(item.querySelector(".state-line")?.textContent).toBe(
      "Funded by its payer: submit your proof, then hand it back.",
    );
  });

  test("submitted: no Release or Dispute (the payer's); handing it back is the primary step", () => {
    const item = jobItem(view(jobs.submitted, at(jobs.submitted.submittedAt!), true));
    expect(names(item)).toEqual(["Copy hand-back link"]);
    expect(buttonNamed(item, "Copy hand-back link")?.className).toContain("primary");
    expect(item.querySelector(".state-line")?.textContent).toBe(
      "Submitted: hand it back to its payer, who releases or disputes it.",
    );
  });

  test("open: no Fund (the payer's)", () => {
    expect(names(jobItem(view(jobs.open, 0, true)))).toEqual(["Copy hand-back link"]);
  });

  test("the same jobs, held as the payer's own, keep Fund, Release and Dispute", () => {
    expect(names(jobItem(view(jobs.open, 0)))).toEqual(["Fund", "Copy handoff link"]);
    expect(names(jobItem(view(jobs.submitted, at(jobs.submitted.submittedAt!))))).toEqual([
      "Release",
      "Dispute",
      "Copy handoff link",
    ]);
  });
});

describe("the Balances card's sentence on received jobs (D28)", () => {
  test("says how many jobs were handed over and what they hold in escrow, apart from the four figures", () => {
    expect(receivedText(1, 60)).toBe(
      "1 job was handed to you by its payer, with 60 credits in escrow. Those credits are the payers', not yours: they are in none of the figures above.",
    );
    expect(receivedText(2, 1500)).toStartWith(
      "2 jobs were handed to you by their payers, with 1,500 credits in escrow.",
    );
  });

  test("does not speak of credits in escrow when the received jobs hold none", () => {
    expect(receivedText(1, 0)).toBe(
      "1 job was handed to you by its payer; it holds no credits in escrow now and counts in none of the figures above.",
    );
  });
});
