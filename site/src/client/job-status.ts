/**
 * Where a job stands, in words for its item, from the visitor's side: what its status asks for
 * next, what an ended hold still allows (SETTLEMENT.md "States and transitions": submit stays allowed,
 * release is refused with hold_expired, dispute needs the proof and stays allowed), and where a
 * settled job's credits went. A job received through a handoff link is its payer's (D28): its
 * receiver is the agent, whose pay is counted in the payer's page, never in this one's.
 */
import type { JobRecord, JobStatus } from "../../../client/index.ts";
import { holdEnded } from "./countdown.ts";
import { credits } from "./dom.ts";

/** True when `job` is funded or submitted and its hold has ended at `now`: release is refused (hold_expired). */
export const pastHold = (job: JobRecord, now: number): boolean =>
  (job.status === "funded" || job.status === "submitted") && !!job.expiresAt && holdEnded(job.expiresAt, now);

type Words = Record<JobStatus, (n: string, job: JobRecord) => string>;

/** Your own job: you are its payer (and, testing both sides, its agent too). */
const OWN: Words = {
  open: () => "Open: fund it to hold the amount in escrow.",
  funded: () => "Funded: waiting for the agent's proof.",
  submitted: () => "Submitted: release or dispute.",
  released: (_, j) => `Released. Fee ${credits(j.fee)} paid; ${credits(j.agentPayout)} went to the Agent wallet above.`,
  disputed: (n) => `Disputed: all ${n} credits came back to your payer credits, no fee.`,
};

/** A received job: its payer's steps are the payer's; you are its agent (D28). */
const RECEIVED: Words = {
  open: () => "Open: it waits for its payer to fund it; nothing for you to do yet.",
  funded: () => "Funded by its payer: submit your proof, then hand it back.",
  submitted: () => "Submitted: hand it back to its payer, who releases or disputes it.",
  released: (_, j) =>
    `Released by its payer: you (the agent) were paid ${credits(j.agentPayout)} (fee ${credits(j.fee)}) in the payer's page; this page's Agent wallet does not change.`,
  disputed: (n) => `Disputed by its payer: all ${n} credits went back to the payer, nothing to you.`,
};

/** What an ended hold leaves, by status and side. */
const ENDED = {
  funded: (n: string, received: boolean) =>
    received
      ? `The hold ended before proof: you can still submit it and hand it back, but its payer can then only dispute it (all ${n} credits back to the payer, nothing to you).`
      : `The hold ended before proof. The agent can still submit proof; after that only Dispute is possible, and it returns all ${n} credits to you. Release is no longer possible.`,
  submitted: (n: string, received: boolean) =>
    received
      ? `Submitted, hold ended: its payer can only dispute it now (all ${n} credits back to the payer).`
      : `Submitted, hold ended: release is refused; Dispute returns all ${n} credits to you.`,
};

/** Where `job` stands at `now`, for its payer or, when `received`, its agent. */
export function statusText(job: JobRecord, now: number, received: boolean): string {
  const n = credits(job.amount);
  if (pastHold(job, now)) return ENDED[job.status as keyof typeof ENDED](n, received);
  return (received ? RECEIVED : OWN)[job.status](n, job);
}
