/**
 * The balance history drawn (history.ts): payer credits, escrow and agent wallet after each
 * change, oldest on the left, as a hand-drawn SVG sparkline with role="img" whose accessible name
 * says where each line started and ends, with its scale (0 to the largest figure) beside it; a
 * legend (colour and dash, so it reads without colour); a line saying so while nothing has
 * changed; and under "Show the figures" a table of every point: what changed the balances with
 * the job it was about under it, the three figures and the fees paid.
 */
import { type Child, credits, h, svg } from "./dom.ts";
import type { HistoryPoint } from "./history.ts";

/** The three lines: which figure, its name, its colour class. */
const LINES = [
  { key: "payerCredits", name: "Payer credits", place: "payer" },
  { key: "inEscrow", name: "In escrow", place: "escrow" },
  { key: "agentWallet", name: "Agent wallet", place: "wallet" },
] as const;

const W = 300;
const H = 96;
const PAD = 6;

/** The x, y of each point of a line of `values`, in a W × H box, 0 at the bottom and `max` at the top. */
export function linePoints(values: readonly number[], max: number): [number, number][] {
  const step = values.length > 1 ? (W - 2 * PAD) / (values.length - 1) : 0;
  const top = Math.max(max, 1);
  return values.map((v, i) => [
    Math.round((values.length > 1 ? PAD + i * step : W / 2) * 10) / 10,
    Math.round((H - PAD - (v / top) * (H - 2 * PAD)) * 10) / 10,
  ]);
}

/** The history in words: the chart's accessible name. */
export function historyLabel(points: readonly HistoryPoint[]): string {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return "Balance history: nothing recorded yet.";
  const lines = LINES.map(({ key, name }) =>
    points.length === 1
      ? `${name.toLowerCase()} ${credits(last[key])}`
      : `${name.toLowerCase()} from ${credits(first[key])} to ${credits(last[key])}`,
  );
  const over = points.length === 1 ? "one point so far" : `over the last ${points.length} changes`;
  return `Balance history, ${over}: ${lines.join(", ")}.`;
}

/** The table's columns after "After" (what changed them, and the job): the three lines' figures and the fees paid. */
const COLUMNS = [...LINES, { key: "feesPaid", name: "Fees paid" }] as const;

/** The sparkline with its scale, its legend and its table (shown when `open`). */
export function historyChart(points: readonly HistoryPoint[], open = false): Child[] {
  const max = Math.max(1, ...points.flatMap((p) => LINES.map(({ key }) => p[key])));
  const picture = svg(
    "svg",
    { role: "img", "aria-label": historyLabel(points), class: "history-chart", viewBox: `0 0 ${W} ${H}` },
    svg("line", { x1: PAD, y1: H - PAD, x2: W - PAD, y2: H - PAD, class: "axis" }),
    LINES.map(({ key, place }) => {
      const xy = linePoints(
        points.map((p) => p[key]),
        max,
      );
      const end = xy.at(-1);
      return [
        svg("polyline", { points: xy.map(([x, y]) => `${x},${y}`).join(" "), class: `line ${place}` }),
        end ? svg("circle", { cx: end[0], cy: end[1], r: 3, class: `dot ${place}` }) : null,
      ];
    }),
  );
  return [
    points.length > 1
      ? null
      : h(
          "p",
          { class: "muted small" },
          "Nothing has changed yet: each fund, release, dispute or top-up adds a point.",
        ),
    h(
      "div",
      { class: "chart" },
      h("div", { class: "scale", "aria-hidden": "true" }, h("span", {}, credits(max)), h("span", {}, "0")),
      picture,
    ),
    h(
      "ul",
      { class: "legend" },
      LINES.map(({ name, place }) => h("li", {}, h("span", { class: `swatch ${place}`, "aria-hidden": "true" }), name)),
    ),
    h(
      "details",
      { open },
      h("summary", {}, "Show the figures"),
      h(
        "table",
        { class: "history-table" },
        h(
          "thead",
          {},
          h(
            "tr",
            {},
            h("th", { scope: "col" }, "After"),
            COLUMNS.map(({ name }) => h("th", { scope: "col" }, name)),
          ),
        ),
        h(
          "tbody",
          {},
          points.map((p) =>
            h(
              "tr",
              {},
              h("th", { scope: "row" }, p.after, p.job ? h("span", { class: "job" }, p.job) : null),
              COLUMNS.map(({ key }) => h("td", {}, credits(p[key]))),
            ),
          ),
        ),
      ),
    ),
  ];
}
