/**
 * walk_a_job as the stdio server offers it: with the wallet tools, which keep the job, the
 * balances and the receipt in the demo pack, so the model carries nothing from call to call and
 * the person sees the walk in the web UI after importing the pack. escrow_verify checks the
 * receipt at the end, as anyone holding it could.
 */
import type { Walk } from "../shared/mcp/prompts.ts";
import { FEE_TEXT } from "../shared/protocol/fees.ts";

export const WALLET_WALK: Walk = {
  description: `Create, fund, submit and release (or dispute) one demo job with the wallet tools, which keep it in the demo pack. No money moves; release keeps a ${FEE_TEXT} fee.`,
  text: (args) =>
    [
      `Walk one demo escrow job with the wallet tools: title ${JSON.stringify(args.title)}, amount ${args.amount} credits, criteria ${JSON.stringify(args.criteria)}. No money moves. The wallet keeps the job, the balances and the receipt in its demo pack: refer to the job by its job_id, and never send a job yourself.`,
      "1. wallet_balances: the payer's credits (1000 to start); wallet_top_up adds more if the amount does not fit.",
      "2. wallet_create with that title, amount and criteria: keep the job_id it answers.",
      "3. wallet_fund with the job_id: the amount moves from the payer's credits into escrow.",
      "4. wallet_submit with the job_id and a proof_url (the worker's step; a worker elsewhere gets the job from wallet_handoff_link and hands it back with a link you open with wallet_open_link).",
      `5. wallet_release with the job_id to pay the agent the amount less the ${FEE_TEXT} fee, or wallet_dispute to refund the whole amount; a person may be asked to confirm first. The answer holds the receipt.`,
      "6. escrow_verify with that receipt: it should say valid true, and signature_valid true when the receipt is signed.",
      "If a call answers isError, read its error and message, fix the arguments and try again; a refusal changes nothing.",
    ].join("\n"),
};
