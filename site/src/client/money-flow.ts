/**
 * Where a settled job's credits went, drawn (SPEC fee schedule): on release the amount went from
 * payer credits into escrow, then the agent payout to the agent wallet and the fee out; on
 * dispute it went into escrow and all of it back to the payer. An inline SVG with role="img"
 * whose accessible name states the figures (the browser suite reads them there); each flow's
 * width follows its share of the amount. Only numbers and fixed names are drawn: nothing of the
 * job's text.
 */
import type { JobRecord } from "../../../client/index.ts";
import { credits, svg } from "./dom.ts";

/** What a settled job moved: the amount into escrow, then out of it. */
export interface Flow {
  amount: number;
  toAgent: number;
  fee: number;
  backToPayer: number;
}

/** The flow of a released or disputed job; null for a job not settled. */
export function flowOf(job: JobRecord): Flow | null {
  if (job.status === "released") return { amount: job.amount, toAgent: job.agentPayout, fee: job.fee, backToPayer: 0 };
  if (job.status === "disputed") return { amount: job.amount, toAgent: 0, fee: 0, backToPayer: job.amount };
  return null;
}

/** The flow in words, as the picture's accessible name. */
export function flowLabel(flow: Flow, title = "Money flow"): string {
  const into = `${title}: ${credits(flow.amount)} credits from payer credits into escrow, then`;
  return flow.backToPayer > 0
    ? `${into} all ${credits(flow.backToPayer)} back to payer credits: nothing to the agent wallet, no fee.`
    : `${into} ${credits(flow.toAgent)} to the agent wallet and ${credits(flow.fee)} as the fee.`;
}

const W = 100;
const H = 36;

/** A place credits can be: a box named `name` at (x, y). */
const node = (x: number, y: number, place: string, name: string) => [
  svg("rect", { x, y, width: W, height: H, rx: 6, class: `node ${place}` }),
  svg("text", { x: x + W / 2, y: y + H / 2 + 4, "text-anchor": "middle", class: "name" }, name),
];

type Point = [number, number];

/** A flow's figure: where it is written and how it is anchored there. */
type Label = [number, number, ("start" | "middle" | "end")?];

/**
 * A flow of `value` of `amount` credits from `from` to the arrow's `tip`, pointing right, or up
 * for the way back (`back`) round to the payer; as wide as its share, its figure at `label`.
 */
function flow(from: Point, tip: Point, place: string, value: number, amount: number, label: Label, back = false) {
  const width = value === 0 ? 1.5 : 2 + (10 * value) / amount;
  const half = Math.max(5, width / 2 + 3);
  const length = half * 1.3;
  const [x, y] = tip;
  const [sx, sy] = from;
  let d: string;
  let head: string;
  if (back) {
    // Back to the payer: down from the escrow, round and up into the payer's box.
    d = `M${sx},${sy} C${sx},${sy + 54} ${x},${sy + 54} ${x},${y + length}`;
    head = `${x - half},${y + length} ${x},${y} ${x + half},${y + length}`;
  } else {
    const ex = x - length;
    const bend = (ex - sx) / 2;
    d = `M${sx},${sy} C${sx + bend},${sy} ${ex - bend},${y} ${ex},${y}`;
    head = `${ex},${y - half} ${x},${y} ${ex},${y + half}`;
  }
  return [
    svg("path", { d, class: `flow ${place}${value === 0 ? " none" : ""}`, "stroke-width": width.toFixed(1) }),
    svg("polygon", { points: head, class: `head ${place}` }),
    svg("text", { x: label[0], y: label[1], "text-anchor": label[2] ?? "middle", class: "figure" }, credits(value)),
  ];
}

/** The picture of a settled job's flow (null when not settled); `title` starts its accessible name. */
export function moneyFlow(job: JobRecord, title?: string): SVGElement | null {
  const f = flowOf(job);
  if (!f) return null;
  const common = {
    role: "img",
    "aria-label": flowLabel(f, title),
    class: "money-flow",
    viewBox: "0 0 380 112",
  };
  if (f.backToPayer > 0)
    return svg(
      "svg",
      common,
      node(1, 10, "payer", "Payer credits"),
      node(140, 10, "escrow", "In escrow"),
      node(279, 10, "wallet none", "Agent wallet"),
      flow([101, 28], [139, 28], "escrow", f.amount, f.amount, [120, 17]),
      flow([240, 28], [278, 28], "wallet", 0, f.amount, [259, 20]),
      flow([190, 46], [51, 47], "payer", f.backToPayer, f.amount, [120, 106], true),
    );
  return svg(
    "svg",
    common,
    node(1, 38, "payer", "Payer credits"),
    node(140, 38, "escrow", "In escrow"),
    node(279, 2, "wallet", "Agent wallet"),
    node(279, 74, "fees", "Fee"),
    flow([101, 56], [139, 56], "escrow", f.amount, f.amount, [120, 45]),
    flow([240, 56], [278, 20], "wallet", f.toAgent, f.amount, [268, 11, "end"]),
    flow([240, 56], [278, 92], "fees", f.fee, f.amount, [268, 109, "end"]),
  );
}
