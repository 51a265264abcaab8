/**
 * The balance history the page draws: the four balances after each change, oldest first, with
 * what changed them (the activity kind that came with the change; a change that logged none,
 * which only an older page's top-up did, is a top-up) and the job it was about, if any. The activity log holds no balances, so the page records a point whenever the balances
 * change and keeps the last 80 in this browser's storage, beside the state; it is never in a demo
 * pack. Pure functions: the page passes the stored list in and saves what comes back.
 */
import { type Balances, OWN_FIGURES, type OwnFigure } from "../../../client/balances.ts";
import type { DemoState } from "../../../client/index.ts";
import { LIMITS } from "../../../shared/protocol/constants.ts";

/** The four figures that add up (received jobs' escrow is someone else's, D28). */
export type Figures = Pick<Balances, OwnFigure>;

/** The four figures after one change. */
export interface HistoryPoint extends Figures {
  /** When it was recorded (ISO-8601). */
  at: string;
  /** What changed them: an activity kind, "top-up", or "start" for the first point. */
  after: string;
  /** The title of the job the change was about ("" for a top-up, a reset or an import of a pack). */
  job: string;
}

/** The longest job title a point keeps. */
const JOB_MAX = 80;

/** The job title an activity text names between its quotes (client/activity.ts), or "". */
const jobIn = (text: string | undefined): string => /"(.*)"/.exec(text ?? "")?.[1]?.slice(0, JOB_MAX) ?? "";

/** Most points kept: as many as the activity log keeps events. */
export const HISTORY_MAX = LIMITS.activityMax;

const isFigure = (value: unknown): value is number =>
  typeof value === "number" && Number.isSafeInteger(value) && value >= 0;

/** The points a stored text holds; none when it does not read as a list of points. */
export function readHistory(text: string | null): HistoryPoint[] {
  if (text === null) return [];
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(raw)) return [];
  const points: HistoryPoint[] = [];
  for (const item of raw.slice(-HISTORY_MAX)) {
    if (typeof item !== "object" || item === null) return [];
    const p = item as Record<string, unknown>;
    if (typeof p.at !== "string" || typeof p.after !== "string" || !OWN_FIGURES.every((f) => isFigure(p[f]))) return [];
    const { at, after, payerCredits, inEscrow, agentWallet, feesPaid } = p as unknown as HistoryPoint;
    const job = typeof p.job === "string" ? p.job.slice(0, JOB_MAX) : "";
    points.push({ at, after: after.slice(0, 20), job, payerCredits, inEscrow, agentWallet, feesPaid });
  }
  return points;
}

const same = (a: Figures, b: Figures): boolean => OWN_FIGURES.every((f) => a[f] === b[f]);

/**
 * `points` with `balances` (those of `state`) added when they differ from the last point's; null
 * when nothing changed. `newEvent` says whether the change logged an event (its kind names the
 * point); a change that logged none is a top-up.
 */
export function withPoint(
  points: readonly HistoryPoint[],
  balances: Figures,
  state: DemoState,
  newEvent: boolean,
  now: number,
): HistoryPoint[] | null {
  const last = points.at(-1);
  if (last && same(last, balances)) return null;
  const after = !last ? "start" : newEvent ? (state.activity[0]?.kind ?? "change") : "top-up";
  const job = last && newEvent ? jobIn(state.activity[0]?.text) : "";
  const { payerCredits, inEscrow, agentWallet, feesPaid } = balances;
  const point = { at: new Date(now).toISOString(), after, job, payerCredits, inEscrow, agentWallet, feesPaid };
  return [...points, point].slice(-HISTORY_MAX);
}
