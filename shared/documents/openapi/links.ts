/**
 * OpenAPI links that carry the job from each step to the next, so a contract tester (or a
 * reader) can walk create → fund → submit → release (or dispute) by itself: each link sends the
 * answer's job back as `job` (the client holds it, D26), with the values the next action needs;
 * and from simulate's receipt to verify.
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
} as const;

/**
 * The link of simulate's 200 answer, whose receipt is required: check its figures. Not on
 * transition's 200: a link belongs to a status, not to the action sent, and create, fund and
 * submit answer 200 with no receipt, so the link would send verify nothing there. Transition's
 * 200 says in words where its receipt is (TRANSITION_SUCCESS).
 */
export const SIMULATE_LINKS = {
  verifyReceipt: {
    operationId: "verify",
    description: "Check the figures of the walk's receipt.",
    requestBody: { receipt: "$response.body#/receipt" },
  },
} as const;

/** The description of transition's 200: where its receipt is, since no link can say it. */
export const TRANSITION_SUCCESS =
  "Success. Only release and dispute answers hold a receipt; send it to verify as { receipt } to check its figures.";
