/**
 * The web UI's pictures as pure views, under happy-dom: the stepper of a job in every status, the
 * hold's countdown text, and (below) the money flow and the balance history. The browser suite
 * pictures.e2e.test.ts drives the same views in Chromium against the live service.
 */
import { describe, expect, test } from "bun:test";
import type { JobRecord, JobStatus } from "../../client/index.ts";
import { freshState, withActivity } from "../../shared/client-state/pack.ts";
import { duration, holdNote, holdText } from "../../site/src/client/countdown.ts";
import { credits, h } from "../../site/src/client/dom.ts";
import { HISTORY_MAX, type HistoryPoint, readHistory, withPoint } from "../../site/src/client/history.ts";
import { historyChart, historyLabel, linePoints } from "../../site/src/client/history-chart.ts";
import { flowLabel, flowOf, moneyFlow } from "../../site/src/client/money-flow.ts";
import { currentStep, stepper, walkSteps } from "../../site/src/client/stepper.ts";
import { JOBS } from "../support/fixtures.ts";
import { useHappyDocument } from "../support/happy-document.ts";
import { call, ok } from "../support/helpers.ts";

const _window = useHappyDocument();

const jobs = JOBS as unknown as Record<JobStatus, JobRecord>;

describe("the stepper", () => {
  test.each([
    ["open", 0, "Release or dispute"],
    ["funded", 1, "Release or dispute"],
    ["submitted", 2, "Release or dispute"],
    ["released", 3, "Release"],
    ["disputed", 3, "Dispute"],
  ] as const)("a %s job stands at step %d, its last step named %s", (status, at, last) => {
    const job = jobs[status];
    expect(currentStep(job)).toBe(at);
    const steps = walkSteps(job);
    expect(steps.map((s) => s.name)).toEqual(["Create", "Fund", "Submit", last]);
    expect(steps.map((s) => s.at)).toEqual([job.createdAt, job.fundedAt, job.submittedAt, job.resolvedAt]);

    const list = stepper(job) as unknown as HTMLOListElement;
    expect(list.tagName).toBe("OL");
    expect(list.getAttribute("aria-label")).toBe("Steps");
    const items = [...list.children];
    expect(items.map((li) => li.getAttribute("aria-current"))).toEqual(
      [0, 1, 2, 3].map((i) => (i === at ? "step" : null)),
    );
    expect(items.map((li) => li.querySelector("time")?.getAttribute("datetime") ?? null)).toEqual(
      steps.map((s, i) => (i <= at ? s.at : null)),
    );
    for (const li of items.slice(at + 1)) expect(li.textContent).toContain("not yet");
  });

  test("never names a status the job has not reached", () => {
    const text = stepper(jobs.open).textContent ?? "";
    expect(text).not.toMatch(/\b(funded|submitted|released|disputed)\b/i);
  });
});

describe("the hold's countdown", () => {
  test.each([
    [0, "0 s"],
    [1, "1 s"],
    [999, "1 s"],
    [59_000, "59 s"],
    [60_000, "1 min 0 s"],
    [598_000, "9 min 58 s"],
    [3_600_000, "1 h 0 min"],
    [7_500_000, "2 h 5 min"],
    [86_400_000 * 3 + 3_600_000 * 4, "3 d 4 h"],
    // Long holds read in days, then years, never "1157407 d 9 h" (issue 41, finding 13).
    [86_400_000 * 45 + 3_600_000 * 5, "45 d"],
    [86_400_000 * 366, "1 year"],
    [99_999_999_999_000, "3,168 years"],
  ])("%d ms reads %s", (ms, text) => {
    expect(duration(ms)).toBe(text);
  });

  const end = "2026-01-01T00:10:00.000Z";
  const at = (iso: string) => Date.parse(iso);
  test("counts what is left, then how long ago it ended (the state line says what that leaves)", () => {
    expect(holdText(end, at("2026-01-01T00:00:02.000Z"))).toBe("9 min 58 s left.");
    expect(holdText(end, at(end))).toBe("Ended 0 s ago.");
    expect(holdText(end, at("2026-01-01T00:10:12.000Z"))).toBe("Ended 12 s ago.");
  });

  test("shows on a funded or submitted job with a hold, as a timer; not on others", () => {
    const held = (status: JobStatus) => ({ ...jobs[status], expiresAt: end });
    for (const status of ["funded", "submitted"] as const) {
      const note = holdNote(held(status), at("2026-01-01T00:00:00.000Z"));
      expect(note?.querySelector("[role=timer]")?.textContent).toStartWith("10 min 0 s left.");
      expect(note?.querySelector("time")?.getAttribute("datetime")).toBe(end);
    }
    for (const status of ["open", "released", "disputed"] as const) expect(holdNote(held(status), 0)).toBeNull();
    expect(holdNote(jobs.funded, 0)).toBeNull();
  });
});

describe("the money flow", () => {
  test.each([1, 9, 10, 19, 100, 250, 750, 9_999])(
    "a released job of %d credits: payout plus fee is the amount",
    (amount) => {
      const released = ok(call("transition", { action: "release", job: { ...jobs.submitted, amount } })).job;
      const flow = flowOf(released)!;
      expect(flow).toEqual({ amount, toAgent: released.agentPayout, fee: released.fee, backToPayer: 0 });
      expect(flow.toAgent + flow.fee).toBe(amount);
      const picture = moneyFlow(released)!;
      expect(picture.getAttribute("role")).toBe("img");
      expect(picture.getAttribute("aria-label")).toBe(flowLabel(flow));
      expect(flowLabel(flow)).toContain(
        `then ${credits(flow.toAgent)} to the agent wallet and ${credits(flow.fee)} as the fee.`,
      );
    },
  );

  test("a disputed job: the whole amount back to the payer, nothing to the agent", () => {
    const flow = flowOf(jobs.disputed)!;
    expect(flow).toEqual({ amount: jobs.disputed.amount, toAgent: 0, fee: 0, backToPayer: jobs.disputed.amount });
    expect(moneyFlow(jobs.disputed)?.getAttribute("aria-label")).toContain(
      `then all ${credits(jobs.disputed.amount)} back to payer credits`,
    );
  });

  test.each(["open", "funded", "submitted"] as const)("a %s job has no flow", (status) => {
    expect(flowOf(jobs[status])).toBeNull();
    expect(moneyFlow(jobs[status])).toBeNull();
  });

  test("draws numbers and fixed names only, never the job's text", () => {
    const hostile = { ...jobs.released, title: "<script>x</script>", criteria: "<b>y</b>" };
    const text = moneyFlow(hostile)?.textContent ?? "";
    expect(text).not.toContain("script");
    expect(text).not.toContain("<b>");
  });
});

describe("the balance history", () => {
  const start = { payerCredits: 1000, inEscrow: 0, agentWallet: 0, feesPaid: 0 };
  const funded = { payerCredits: 900, inEscrow: 100, agentWallet: 0, feesPaid: 0 };
  const NOW = Date.parse("2026-01-01T00:00:00.000Z");
  const NOW_ISO = "2026-01-01T00:00:00.000Z";
  const fundEvent = withActivity(freshState(), { kind: "fund", at: NOW_ISO, text: "Funded" });

  test("starts with the balances it first sees, adds a point only when they change, named by the new event or as a top-up", () => {
    const first = withPoint([], start, freshState(), false, NOW)!;
    expect(first).toEqual([{ at: "2026-01-01T00:00:00.000Z", after: "start", job: "", ...start }]);
    expect(withPoint(first, start, fundEvent, true, NOW)).toBeNull();
    const second = withPoint(first, funded, fundEvent, true, NOW)!;
    expect(second.map((p) => p.after)).toEqual(["start", "fund"]);
    const topped = withPoint(second, { ...funded, payerCredits: 950 }, fundEvent, false, NOW)!;
    expect(topped.at(-1)).toMatchObject({ after: "top-up", payerCredits: 950, inEscrow: 100 });
  });

  test("names the job each change was about, from its activity text", () => {
    const named = withActivity(freshState(), {
      kind: "fund",
      at: NOW_ISO,
      text: 'Funded "Logo "v2"": 100 credits held in escrow.',
    });
    const points = withPoint(withPoint([], start, freshState(), false, NOW)!, funded, named, true, NOW)!;
    expect(points.map((p) => p.job)).toEqual(["", 'Logo "v2"']);
    const topUp = withActivity(named, { kind: "top-up", at: NOW_ISO, text: "Topped up 50 payer credits. No fee." });
    expect(withPoint(points, { ...funded, payerCredits: 950 }, topUp, true, NOW)!.at(-1)).toMatchObject({
      after: "top-up",
      job: "",
    });
    expect(readHistory(JSON.stringify([{ ...points[1], job: undefined }]))[0]!.job).toBe("");
  });

  test("says so while nothing has changed; then a scale from 0 to the largest figure, and a table with the job under each change and the fees paid", () => {
    const one = withPoint([], start, freshState(), false, NOW)!;
    const host = h("div", {}, historyChart(one));
    expect(host.textContent).toContain("Nothing has changed yet");
    const released = { payerCredits: 900, inEscrow: 0, agentWallet: 95, feesPaid: 5 };
    const named = withActivity(freshState(), {
      kind: "release",
      at: NOW_ISO,
      text: 'Released "Logo": fee 5, agent wallet +95.',
    });
    const two = withPoint(one, released, named, true, NOW)!;
    const shown = h("div", {}, historyChart(two, true));
    expect(shown.textContent).not.toContain("Nothing has changed yet");
    expect([...shown.querySelectorAll(".scale span")].map((s) => s.textContent)).toEqual(["1,000", "0"]);
    expect([...shown.querySelectorAll("thead th")].map((th) => th.textContent)).toEqual([
      "After",
      "Payer credits",
      "In escrow",
      "Agent wallet",
      "Fees paid",
    ]);
    expect([...shown.querySelectorAll("tbody tr")].at(-1)!.textContent).toBe("releaseLogo9000955");
  });

  test(`keeps the last ${HISTORY_MAX} points`, () => {
    let points: HistoryPoint[] = [];
    for (let i = 0; i < HISTORY_MAX + 5; i++)
      points = withPoint(points, { ...start, payerCredits: i }, freshState(), false, NOW)!;
    expect(points).toHaveLength(HISTORY_MAX);
    expect(points[0]!.payerCredits).toBe(5);
  });

  test("reads back what it stores, and nothing from a record that is not a list of points", () => {
    const points = withPoint(withPoint([], start, freshState(), false, NOW)!, funded, fundEvent, true, NOW)!;
    expect(readHistory(JSON.stringify(points))).toEqual(points);
    for (const bad of [null, "{", "7", "{}", '[{"at":"x"}]', JSON.stringify([{ ...points[0], inEscrow: -1 }])])
      expect(readHistory(bad)).toEqual([]);
  });

  test("scales each line between the bottom (0) and the top (the largest figure), oldest on the left", () => {
    expect(linePoints([0, 50, 100], 100)).toEqual([
      [6, 90],
      [150, 48],
      [294, 6],
    ]);
    expect(linePoints([0], 0)).toEqual([[150, 90]]);
  });

  test("says where each line started and where it ends", () => {
    const points = withPoint(withPoint([], start, freshState(), false, NOW)!, funded, fundEvent, true, NOW)!;
    expect(historyLabel(points)).toBe(
      "Balance history, over the last 2 changes: payer credits from 1,000 to 900, in escrow from 0 to 100, agent wallet from 0 to 0.",
    );
    expect(historyLabel(points.slice(0, 1))).toBe(
      "Balance history, one point so far: payer credits 1,000, in escrow 0, agent wallet 0.",
    );
    const picture = h("div", {}, historyChart(points)).querySelector("svg");
    expect(picture!.getAttribute("role")).toBe("img");
    expect(picture!.getAttribute("aria-label")).toBe(historyLabel(points));
    expect(picture!.querySelectorAll("polyline")).toHaveLength(3);
  });
});
