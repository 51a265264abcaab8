/**
 * Whether the job of an opened handoff link may be imported, and what the shared panel says
 * about it. The rule of what a hand-back of an own job may bring is the client's
 * (client/hand-back.ts): a refusal lists the differences, "Differences", in the page's words.
 * The seal check adds to it: for an own job, importing waits while the seal is checked and is
 * blocked when the service says the seal does not hold; a job that is not yours, whose seal does
 * not hold, or which says it is past open with no seal the service vouches for, is imported only
 * on "Import anyway", a second, deliberate click.
 */
import {
  afterHandoff,
  type DemoState,
  type Difference,
  differenceText,
  type HandBackRefusal,
  isReceived,
  type JobRecord,
} from "../../../client/index.ts";
import { JOB_MEMBERS } from "../../../shared/protocol/job-members.ts";
import type { JobMemberRow } from "../../../shared/protocol/member-rows.ts";
import { type Child, credits, h } from "./dom.ts";
import { pageWords } from "./page-words.ts";
import type { SealCheck } from "./seal-checks.ts";
import { when, whenToSecond } from "./view-parts.ts";

/** What the panel may do with a handed-off job, and the note that says why. */
export interface Gate {
  /** Import job is disabled. */
  blocked: boolean;
  /** "Import anyway" is offered: a job not yours whose seal does not hold, or past open and unsealed. */
  anyway: boolean;
  /** The note under the job (id shared-import-note), and the list of differences, if any. */
  note: Child[];
  /** The seal check the panel shows: a hand-back of a job that left sealed and came back without one is a warning, not "Not sealed". */
  check: SealCheck;
}

/** The page's words for an own job that left sealed and comes back without a seal. */
export const SEAL_LOST =
  "Your copy left sealed by the service; this one comes back without a seal: it was changed after the service sealed it, or it went through a service that does not seal.";

/** How many differences the panel lists; the rest are counted. */
const LISTED_MAX = 5;

/** The page's words for an own job whose seal does not hold. */
export const OWN_SEAL_FAILED =
  "Do not import this: the service says it is not the job it sealed. It was changed after the service sealed it, or it went through another service. Your copy stays as it is.";
/** The page's words for a job not yours whose seal does not hold. */
export const THEIR_SEAL_FAILED =
  "Careful: the service says this job is not as it sealed it. It was changed after the service sealed it, or it went through another service, and its receipt will not be signed. Import it only if you trust whoever sent the link.";
/** The page's words for a job not yours, past open, that carries no seal the service vouches for (none, or an older version's). */
export const THEIR_UNSEALED =
  "Careful: this job carries no seal the service vouches for, yet it says its credits were funded: nothing shows it is as the service wrote it (a link can lose its seal when something in it is changed). Import it only if you trust whoever sent the link.";
/** The page's words while an own job's seal is checked. */
export const SEAL_WAIT = "Checking the seal… Import waits for the service's answer.";

/** The note under a shared job or receipt (shared-import-note, which a blocked Import button names); a warning when `error`. */
export const gateNote = (text: string, error = false): HTMLElement =>
  h("p", { id: "shared-import-note", ...(error && { class: "error" }) }, text);

/** What importing the handed-off `job` does: a job this page created takes its proof; any other is received (D28). */
function importNote(state: DemoState, job: JobRecord, own: boolean): string {
  if (own) return "This is your job: importing brings its worker's step (the proof, its note and time) into your copy.";
  // What is left to its agent: proof once funded; nothing before.
  const next =
    job.status === "open"
      ? " It waits for its payer to fund it: nothing for you to do yet."
      : job.status === "funded"
        ? " You can submit proof and hand it back."
        : "";
  const receivedJob =
    `It stays its payer's: its ${credits(job.amount)} credits are not in your balances, and only the payer can fund, ` +
    `release or dispute it.${next}`;
  return state.jobs.some((j) => j.id === job.id)
    ? `You received this job before; importing replaces your copy. ${receivedJob}`
    : `Importing adds it to your jobs as received. ${receivedJob}`;
}

/**
 * A difference with its times as the page writes them ("7 Dec 2026, 14:06 UTC"), to the second
 * when the two fall in the same minute; as stamped when they differ only below the second.
 */
function inPageTimes(d: Difference): Difference {
  const kind = (JOB_MEMBERS[d.member as keyof typeof JOB_MEMBERS] as JobMemberRow | undefined)?.kind;
  if (kind !== "stamp" && kind !== "utc-stamp") return d;
  for (const format of [when, whenToSecond]) {
    const [yours, theirs] = [format(d.yours) || d.yours, format(d.theirs) || d.theirs];
    if (yours !== theirs) return { ...d, yours, theirs };
  }
  return d;
}

/** A refused hand-back: why, and what differs. */
function refusal(taken: HandBackRefusal): Child[] {
  const { differences } = taken;
  const seal = differences.some((d) => d.member === "seal");
  const lead = taken.differences.some((d) => d.member === "status")
    ? pageWords(taken.message)
    : `This is your job, and this link changes more than its worker's step${seal ? ", or lost its seal" : ""}: it cannot be imported. Nothing changed.`;
  const listed = differences.slice(0, LISTED_MAX).map((d) => h("li", {}, `${differenceText(inPageTimes(d))}.`));
  if (differences.length > LISTED_MAX) listed.push(h("li", {}, `And ${differences.length - LISTED_MAX} more.`));
  return [gateNote(lead, true), h("ul", { class: "differences", "aria-label": "Differences" }, listed)];
}

/** The gate of handed-off `job` in `state`, with its seal check. */
export function handBackGate(state: DemoState, job: JobRecord, check: SealCheck): Gate {
  const taken = afterHandoff(state, job);
  const own = state.jobs.some((j) => j.id === job.id) && !isReceived(state, job.id);
  if (!taken.ok) {
    const lost = taken.differences.some((d) => d.member === "seal");
    const shown: SealCheck = lost ? { state: "invalid", message: SEAL_LOST } : check;
    // A job not yours is refused for its own figures (client/state.ts), with no list of differences.
    const said = own ? refusal(taken) : [gateNote(pageWords(taken.message), true)];
    return { blocked: true, anyway: false, note: said, check: shown };
  }
  if (own && check.state === "invalid")
    return { blocked: true, anyway: false, note: [gateNote(OWN_SEAL_FAILED, true)], check };
  if (own && check.state === "pending") return { blocked: true, anyway: false, note: [gateNote(SEAL_WAIT)], check };
  // A job not yours past open whose seal does not hold, or that carries none the service vouches
  // for (a changed link can simply drop its seal), is taken only on a second, deliberate click.
  const unvouched = (check.state === "missing" || check.state === "older") && job.status !== "open";
  if (check.state === "invalid" || (!own && unvouched))
    return {
      blocked: true,
      anyway: true,
      note: [
        gateNote(
          `${check.state === "invalid" ? THEIR_SEAL_FAILED : THEIR_UNSEALED} ${importNote(state, job, own)}`,
          true,
        ),
      ],
      check,
    };
  return { blocked: false, anyway: false, note: [gateNote(importNote(state, job, own))], check };
}
