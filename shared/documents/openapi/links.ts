/**
 * OpenAPI links that carry the job from each step to the next, so a contract tester (or a
 * reader) can walk create → fund → submit → release (or dispute) → verify by itself: each link
 * sends the answer's job back as `job` (the client holds it, SPEC), with the values the next
 * action needs.
 */
import { STARTING_CREDITS } from "../../protocol/constants.ts";

const JOB = "$response.body#/job";

/** The links of a transition's 200 answer: the next action, by the job's status. */
export const TRANSITION_LINKS = {
  fund: {
    operationId: "transition",
    description: `When job.status is open: fund it from the starting ${STARTING_CREDITS} payer credits.`,
    requestBody: { action: "fund", job: JOB, payer_credits: STARTING_CREDITS },
  },
  submit: {
    operationId: "transition",
    description: "When job.status is funded: submit proof.",
    requestBody: { action: "submit", job: JOB, proof_url: "https://example.com/proof" },
  },
  release: {
    operationId: "transition",
    description: "When job.status is submitted: release it (the agent is paid, less the fee).",
    requestBody: { action: "release", job: JOB },
  },
  dispute: {
    operationId: "transition",
    description: "When job.status is submitted: dispute it (the whole amount returns to the payer).",
    requestBody: { action: "dispute", job: JOB },
  },
  quoteNext: {
    operationId: "quote",
    description: "Quote the next action on the job before taking it (here: fund an open job).",
    requestBody: { action: "fund", job: JOB, payer_credits: STARTING_CREDITS },
  },
  verifyReceipt: {
    operationId: "verify",
    description: "When the answer has a receipt (release, dispute): check its figures.",
    requestBody: { receipt: "$response.body#/receipt" },
  },
} as const;
