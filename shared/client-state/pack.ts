/**
 * The client-held state (this folder: the format every client keeps, the web UI, the client
 * library and the stdio server's wallet alike). Here the whole state and its demo pack (D20): one JSON shape serves as the export
 * file and as the versioned localStorage record. Reading one checks everything first (each job
 * by the engine's client-held job rules, each receipt by the receipt rules verify applies, each
 * job's figures by the fee rule and each settled job against its receipt, figures.ts) and
 * returns either a complete state or one message: a bad file or record changes nothing.
 * The demo key is never part of it. A job received through a handoff link (D19) is someone
 * else's: its id is listed in `receivedJobs` (D28), and it counts in none of this state's own
 * figures. A pack must add up: its own figures hold the starting credits plus the
 * top-ups it records (`topped_up`; a pack from before them counts what is above the start as
 * topped up), and nothing in it may claim real money.
 */

import { isObject } from "../lib/json.ts";
import { LIMITS, MONEY, STARTING_CREDITS } from "../protocol/constants.ts";
import { parseDateTime } from "../protocol/datetime.ts";
import { heldFiguresRefusal } from "./figures.ts";
import { creditsHeld, SIMULATED, sumRefusal } from "./pack-sums.ts";

export { creditsHeld } from "./pack-sums.ts";

import { ACTIVITY_KINDS, type ActivityEvent, type ActivityKind, type DemoState } from "./demo-state.ts";
import { checkJob, checkReceipt } from "./share-links.ts";
import type { TokenResult } from "./tokens.ts";

export { ACTIVITY_KINDS, type ActivityEvent, type ActivityKind, type DemoState } from "./demo-state.ts";

/** The format name and version every pack carries. */
export const PACK_FORMAT = "agent-escrow-demo-pack";
export const PACK_VERSION = 1;
/** Most jobs or receipts a pack may hold (a browser's storage is small). */
export const PACK_LIST_MAX = 500;
/** Longest activity text kept. */
export const ACTIVITY_TEXT_MAX = 300;

/** A fresh state: 1,000 payer credits, an empty wallet, nothing else (D20). */
export const freshState = (): DemoState => ({
  payerCredits: STARTING_CREDITS,
  agentCredits: 0,
  toppedUp: 0,
  jobs: [],
  receivedJobs: [],
  receipts: [],
  activity: [],
});

/** `state` with `event` as the newest activity, keeping the last 80 (SETTLEMENT.md "Limits"). */
export function withActivity(state: DemoState, event: ActivityEvent): DemoState {
  return { ...state, activity: [event, ...state.activity].slice(0, LIMITS.activityMax) };
}

/** The pack of a state, as exported and stored. */
export function toPack(state: DemoState) {
  return {
    format: PACK_FORMAT,
    version: PACK_VERSION,
    money: MONEY,
    payer_credits: state.payerCredits,
    agent_credits: state.agentCredits,
    topped_up: state.toppedUp,
    jobs: state.jobs,
    received_jobs: state.receivedJobs,
    receipts: state.receipts,
    activity: state.activity,
  };
}

const isBalance = (value: unknown): value is number =>
  typeof value === "number" && Number.isSafeInteger(value) && value >= 0;

function readActivity(raw: unknown, index: number): TokenResult<ActivityEvent> {
  const where = `activity[${index}]`;
  if (!isObject(raw)) return { ok: false, message: `${where} must be an object.` };
  if (!ACTIVITY_KINDS.includes(raw.kind as ActivityKind))
    return { ok: false, message: `${where}.kind must be one of ${ACTIVITY_KINDS.join(", ")}.` };
  if (typeof raw.at !== "string" || parseDateTime(raw.at) === null)
    return { ok: false, message: `${where}.at must be an ISO-8601 datetime.` };
  if (typeof raw.text !== "string" || raw.text.length > ACTIVITY_TEXT_MAX)
    return { ok: false, message: `${where}.text must be a string of at most ${ACTIVITY_TEXT_MAX} characters.` };
  return { ok: true, value: { kind: raw.kind as ActivityKind, at: raw.at, text: raw.text } };
}

function readList<T>(
  raw: unknown,
  name: string,
  read: (item: unknown, index: number) => TokenResult<T>,
): TokenResult<T[]> {
  if (!Array.isArray(raw)) return { ok: false, message: `${name} must be a list.` };
  if (raw.length > PACK_LIST_MAX)
    return { ok: false, message: `${name} holds ${raw.length} entries; at most ${PACK_LIST_MAX} fit.` };
  const out: T[] = [];
  for (const [index, item] of raw.entries()) {
    const result = read(item, index);
    if (!result.ok) return result;
    out.push(result.value);
  }
  return { ok: true, value: out };
}

/** The received jobs' ids (D28): each names a held job once; a pack from before them (none) has none. */
function readReceived(raw: unknown, ids: ReadonlySet<string>): TokenResult<string[]> {
  if (raw === undefined) return { ok: true, value: [] };
  const list = readList(raw, "received_jobs", (item, i): TokenResult<string> => {
    if (typeof item === "string" && ids.has(item)) return { ok: true, value: item };
    return { ok: false, message: `received_jobs[${i}] must be the id of a job in jobs.` };
  });
  if (list.ok && new Set(list.value).size < list.value.length)
    return { ok: false, message: "received_jobs names a job twice." };
  return list;
}

/**
 * A pack read in full: the state it holds, or the first problem as a message. Unknown top-level
 * fields are ignored, but for those that would say its credits are real money; a `demo_key` in a
 * hand-edited file is never read; a pack without `received_jobs` holds only its own jobs, and one
 * without `topped_up` counts what its figures hold above the start as topped up. Activity past
 * the cap keeps its newest 80 events. Last, each job's figures must be its own (figures.ts) and
 * the four figures must add up.
 */
export function readPack(raw: unknown): TokenResult<DemoState> {
  const fail = (message: string) => ({ ok: false as const, message: `Not a demo pack: ${message}` });
  if (!isObject(raw)) return fail("the file must hold a JSON object.");
  if (raw.format !== PACK_FORMAT) return fail(`format must be "${PACK_FORMAT}".`);
  if (raw.version !== PACK_VERSION)
    return fail(`version is ${JSON.stringify(raw.version ?? null)}; only version ${PACK_VERSION} is read here.`);
  if (!isBalance(raw.payer_credits)) return fail("payer_credits must be an integer >= 0.");
  if (!isBalance(raw.agent_credits)) return fail("agent_credits must be an integer >= 0.");
  for (const [member, simulated] of Object.entries(SIMULATED))
    if (member in raw && raw[member] !== simulated)
      return fail("it claims real money. Demo packs hold simulated credits only; no money moves.");
  if (raw.topped_up !== undefined && !isBalance(raw.topped_up))
    return fail("the credits it says were topped up must be a whole number of 0 or more.");
  const jobs = readList(raw.jobs, "jobs", (item, i) => {
    const job = checkJob(item);
    return job.ok ? job : { ok: false, message: `jobs[${i}]: ${job.message}` };
  });
  if (!jobs.ok) return fail(jobs.message);
  const ids = new Set<string>();
  for (const job of jobs.value) {
    if (ids.has(job.id)) return fail(`job ${job.id} appears twice.`);
    ids.add(job.id);
  }
  const received = readReceived(raw.received_jobs, ids);
  if (!received.ok) return fail(received.message);
  const receipts = readList(raw.receipts, "receipts", (item, i) => {
    const receipt = checkReceipt(item);
    return receipt.ok ? receipt : { ok: false, message: `receipts[${i}]: ${receipt.message}` };
  });
  if (!receipts.ok) return fail(receipts.message);
  const activity = readList(raw.activity, "activity", readActivity);
  if (!activity.ok) return fail(activity.message);
  const state: DemoState = {
    payerCredits: raw.payer_credits,
    agentCredits: raw.agent_credits,
    toppedUp: 0,
    jobs: jobs.value,
    receivedJobs: received.value,
    receipts: receipts.value,
    activity: activity.value.slice(0, LIMITS.activityMax),
  };
  for (const job of state.jobs) {
    const wrong = heldFiguresRefusal(job, state.receipts);
    if (wrong) return fail(wrong);
  }
  state.toppedUp = isBalance(raw.topped_up) ? raw.topped_up : Math.max(0, creditsHeld(state) - STARTING_CREDITS);
  const refusal = sumRefusal(state);
  return refusal === null ? { ok: true, value: state } : fail(refusal);
}

/** readPack of a JSON text (a file or a storage record). */
export function parsePack(text: string): TokenResult<DemoState> {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, message: "Not a demo pack: the file is not JSON." };
  }
  return readPack(raw);
}
