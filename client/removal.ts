/**
 * Which held jobs may leave this browser, as pure functions. A job received through a handoff
 * link is its payer's (D28) and in none of the four figures, and an open or disputed job of this
 * payer holds nothing in them: these may go. A funded or submitted job of this payer holds its
 * amount in escrow, and a released one its fee in Fees paid (balances.ts counts both from the
 * jobs): without it the figures would no longer add up, so it stays. Its receipt stays either way.
 */
import type { DemoState } from "../shared/client-state/pack.ts";
import type { JobRecord } from "../shared/client-state/share-links.ts";
import { credits } from "./activity.ts";
import { isReceived } from "./state.ts";

/** Why `job` (received through a handoff link when `received`) stays, or null when it may be removed. */
export function keptBecause(job: JobRecord, received: boolean): string | null {
  if (received || job.status === "open" || job.status === "disputed") return null;
  return job.status === "released"
    ? `Kept here: its fee of ${credits(job.fee)} counts in Fees paid.`
    : `Kept here: its ${credits(job.amount)} credits are in escrow until it is released or disputed.`;
}

/** Why the held job `id` may not be removed from `state`, or null when it may. */
export function removalRefusal(state: DemoState, id: string): string | null {
  const job = state.jobs.find((j) => j.id === id);
  return job ? keptBecause(job, isReceived(state, id)) : `No job ${id} is held here.`;
}

/** `state` without the job `id` (nor its mark as received); its receipt and the balances stay. */
export const withoutJob = (state: DemoState, id: string): DemoState => ({
  ...state,
  jobs: state.jobs.filter((j) => j.id !== id),
  receivedJobs: state.receivedJobs.filter((j) => j !== id),
});
