/**
 * The prompt an MCP client offers its user: walk one job through the tools, quoting before
 * each commit and carrying the job from each answer into the next call exactly as returned (the
 * client holds it, and its seal holds only while it is unchanged, D27).
 * Its arguments pass the create fields' own rules (fields.ts) before anything is rendered: a
 * missing, blank or negative argument is refused with the rule's message, never put in the text.
 */
import * as v from "valibot";
import { FEE_TEXT } from "../protocol/fees.ts";
import { FIELDS } from "../protocol/fields.ts";
import { SEND_JOB_BACK } from "../protocol/integrity-members.ts";

/** A prompt as prompts/list gives it. */
export const WALK_PROMPT = {
  name: "walk_a_job",
  title: "Walk a job through escrow",
  description: `Create, fund, submit and release (or dispute) one demo job with the escrow tools, quoting each step first. No money moves; release keeps a ${FEE_TEXT} fee.`,
  arguments: [
    { name: "title", description: "What the job is (1 to 80 characters).", required: true },
    { name: "amount", description: "Credits to hold in escrow (a whole number, 1 or more).", required: true },
    { name: "criteria", description: "What the proof must show.", required: true },
  ],
} as const;

/** The walk's arguments, checked. */
export interface WalkArguments {
  title: string;
  amount: number;
  criteria: string;
}

/** Prompt arguments are strings: an amount is its decimal digits, nothing else. */
const amountOf = (text: string | undefined): unknown =>
  text !== undefined && /^\s*\d+\s*$/.test(text) ? Number(text) : text;

/** The walk's arguments checked by the create fields' rules, or the first rule's message. */
export function walkArguments(
  args: Record<string, string | undefined>,
): { ok: true; value: WalkArguments } | { ok: false; message: string } {
  const value: Record<string, unknown> = {};
  for (const { name } of WALK_PROMPT.arguments) {
    const given = name === "amount" ? amountOf(args[name]) : args[name];
    if (given === undefined) return { ok: false, message: `walk_a_job needs the argument ${name}.` };
    const checked = v.safeParse(FIELDS[name].rule, given);
    if (!checked.success) return { ok: false, message: checked.issues[0].message };
    value[name] = checked.output;
  }
  return { ok: true, value: value as unknown as WalkArguments };
}

/** How a server walks a job: the prompt's description and its text for checked arguments. */
export interface Walk {
  description: string;
  text(args: WalkArguments): string;
}

/** The walk with the engine tools, carrying the job from answer to call (every server has them). */
export const ENGINE_WALK: Walk = {
  description: WALK_PROMPT.description,
  text: engineWalkText,
};

/** The messages of the walk prompt for these (checked) arguments. */
export const walkMessages = (args: WalkArguments, walk: Walk = ENGINE_WALK) => [
  { role: "user" as const, content: { type: "text" as const, text: walk.text(args) } },
];

function engineWalkText(args: WalkArguments): string {
  return [
    `Walk one demo escrow job with the escrow tools: title ${JSON.stringify(args.title)}, amount ${args.amount} credits, criteria ${JSON.stringify(args.criteria)}. No money moves; the service stores nothing, so keep the job from each answer and send it back as \`job\` on the next call. ${SEND_JOB_BACK} Never rebuild it, rename its members or add any.`,
    "1. escrow_quote with action create and those fields, then escrow_transition with the same body: keep the job it returns (with its id and its seal; a quote's job is a preview, never sealed: do not carry it on).",
    "2. escrow_quote with action fund, the job and payer_credits (1000 to start), then escrow_transition: the amount moves into escrow and payer_credits comes back lower.",
    "3. escrow_transition with action submit, the funded job and a proof_url.",
    `4. escrow_quote with action release to see the ${FEE_TEXT} fee and the agent payout, then escrow_transition to release (or action dispute to refund the whole amount). Keep the receipt.`,
    "5. escrow_verify with the receipt: it should say valid true, and signature_valid true when the receipt is signed (the job kept its seal at every step).",
    "If a call answers isError, read its error and message, fix the body and try again; a refusal changes nothing.",
  ].join("\n");
}
