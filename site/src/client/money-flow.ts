/**
 * Where a settled job's credits went, drawn (SETTLEMENT.md "Fees"): on release the amount went from
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

const W = 72;
const H = 40;

/**
 * A place credits can be: a box named `name` at (x, y), the name on two lines when it has two
 * words. The picture is 260 units wide, so it is drawn at least at its own size from 360 px wide
 * up and its 12-unit labels never render under 12 px.
 */
const node = (x: number, y: number, place: string, name: string) => {
  const words = name.split(" ");
  return [
    svg("rect", { x, y, width: W, height: H, rx: 6, class: `node ${place}` }),
    svg(
      "text",
      { x: x + W / 2, y: y + (words.length > 1 ? 17 : 24), "text-anchor": "middle", class: "name" },
      words.map((word, i) => svg("tspan", { x: x + W / 2, dy: i === 0 ? 0 : 14 }, i === 0 ? word : ` ${word}`)),
    ),
  ];
};

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
  };
  if (f.backToPayer > 0)
    return svg(
      "svg",
      { ...common, viewBox: "0 0 260 132" },
      node(1, 30, "payer", "Payer credits"),
      node(94, 30, "escrow", "In escrow"),
      node(187, 30, "wallet none", "Agent wallet"),
      flow([73, 50], [93, 50], "escrow", f.amount, f.amount, [83.5, 22]),
      flow([166, 50], [186, 50], "wallet", 0, f.amount, [176.5, 22]),
      flow([130, 70], [37, 71], "payer", f.backToPayer, f.amount, [83.5, 128], true),
    );
  return svg(
    "svg",
    { ...common, viewBox: "0 0 260 128" },
    node(1, 46, "payer", "Payer credits"),
    node(94, 46, "escrow", "In escrow"),
    node(187, 6, "wallet", "Agent wallet"),
    node(187, 86, "fees", "Fee"),
    flow([73, 66], [93, 66], "escrow", f.amount, f.amount, [83.5, 38]),
    flow([166, 66], [186, 26], "wallet", f.toAgent, f.amount, [181, 12, "end"]),
    flow([166, 66], [186, 106], "fees", f.fee, f.amount, [181, 124, "end"]),
  );
}
