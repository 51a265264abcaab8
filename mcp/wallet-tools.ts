/**
 * The wallet tools of the local MCP server, one row each: what a host sees (name, title,
 * description, input schema, what it answers, and the hints hosts use to decide when to ask a
 * person) and what it does to the keeper. wallet-box.ts runs them on the demo pack;
 * wallet-definition.ts gives each as tools/list does.
 *
 * The hints say what is true: wallet_balances and the link makers change nothing (read-only);
 * release and dispute cannot be undone (destructive, and confirmed first, confirm.ts); fund,
 * submit, release and dispute are idempotent (a repeat with the same arguments is refused as an
 * illegal transition and changes nothing); a top-up, a create or an opened link adds each time.
 */
import { credits, type EscrowKeeper, type Jwks, openLink, TOP_UP_MAX, verifyReceipt } from "../client/index.ts";
import { fieldsOf } from "../shared/documents/tools-json.ts";
import { FEE_TEXT } from "../shared/protocol/fees.ts";
import type { FieldName } from "../shared/protocol/fields.ts";
import type { Schema } from "../shared/schemas/convert.ts";
import type { WalletOutcome } from "./wallet-schemas.ts";

export type Args = Record<string, unknown>;
/** What a tool reads besides the keeper and its arguments: the signer's public keys (its JWKS) when it signs (D27). */
type WalletContext = { keys?: Jwks };
type Run = (keeper: EscrowKeeper, args: Args, wallet: WalletContext) => Promise<{ ok: boolean }> | { ok: boolean };

const JOB_ID: Schema = { type: "string", pattern: "^as_[0-9a-f]{10}$", description: "The id of a job in the wallet." };
const PAGE: Schema = {
  type: "string",
  description: "Optional page address to put the token after (#handoff/ or #receipt/): the web UI's URL.",
};

/** The string argument `name`, or "" when it is not a string. */
export const text = (args: Args, name: string): string =>
  typeof args[name] === "string" ? (args[name] as string) : "";
/** The arguments among `names` that were given. */
export const fieldsOfArgs = (args: Args, names: readonly FieldName[]) =>
  Object.fromEntries(names.filter((n) => args[n] !== undefined).map((n) => [n, args[n]]));

/** One wallet tool: its definition and what it does to the keeper. */
export interface WalletTool {
  name: string;
  title: string;
  description: string;
  properties: Record<string, Schema>;
  required?: string[];
  outcome: WalletOutcome;
  readOnly?: boolean;
  idempotent?: boolean;
  /** The action a person confirms first (D24): only what cannot be undone. */
  confirm?: "release" | "dispute";
  /** The argument a client-side refusal names (invalid_field), when not job_id. */
  field?: string;
  /** The job fields it takes besides job_id (what a confirmation's quote is sent). */
  fields?: readonly FieldName[];
  run: Run;
}

/** A tool on one held job: its id and `fields`. */
const onJob = (
  fields: readonly FieldName[],
  run: (k: EscrowKeeper, id: string, f: Args) => Promise<{ ok: boolean }>,
) => ({
  properties: { job_id: JOB_ID, ...fieldsOf(fields) },
  required: ["job_id"],
  outcome: "transition" as const,
  fields,
  run: (k: EscrowKeeper, args: Args) => run(k, text(args, "job_id"), fieldsOfArgs(args, fields)),
});

/** A read-only tool making a share link of one held job, under the optional page address. */
const linkOf = (make: (k: EscrowKeeper, id: string, page: string | undefined) => { ok: boolean }) => ({
  properties: { job_id: JOB_ID, page_url: PAGE },
  required: ["job_id"],
  outcome: "link" as const,
  readOnly: true,
  run: (k: EscrowKeeper, args: Args) =>
    make(k, text(args, "job_id"), args.page_url === undefined ? undefined : text(args, "page_url")),
});

const CREATE_FIELDS = ["title", "amount", "criteria", "client_ref", "callback_url", "idempotency_key"] as const;

export const WALLET_TOOLS: WalletTool[] = [
  {
    name: "wallet_balances",
    title: "Wallet balances and jobs",
    description:
      "The demo wallet: payer credits, credits in escrow, the agent wallet, fees paid, and every job (id, title, amount, status, received). The four add up to the starting credits plus top-ups. Jobs received through a handoff link are their payers': their escrow is receivedInEscrow, in none of the four.",
    properties: {},
    outcome: "none",
    readOnly: true,
    run: () => ({ ok: true }),
  },
  {
    name: "wallet_top_up",
    title: "Top up payer credits",
    description: "Adds credits to the payer balance, with no fee.",
    properties: {
      amount: {
        type: "integer",
        minimum: 1,
        maximum: TOP_UP_MAX,
        description: `Credits to add, at most ${credits(TOP_UP_MAX)} at a time.`,
      },
    },
    required: ["amount"],
    outcome: "credits",
    field: "amount",
    run: (k, args) => k.topUp(typeof args.amount === "number" ? args.amount : Number.NaN),
  },
  {
    name: "wallet_create",
    title: "Create a job",
    description: "Creates a job (open) and keeps it in the wallet.",
    properties: fieldsOf(CREATE_FIELDS),
    required: ["title", "amount", "criteria"],
    outcome: "transition",
    run: (k, args) => k.create(fieldsOfArgs(args, CREATE_FIELDS) as never),
  },
  {
    name: "wallet_fund",
    title: "Fund a job",
    description:
      "Funds an open job this wallet created from payer credits: the amount moves into escrow. Optional hold: ttl_seconds or expires_at.",
    ...onJob(["ttl_seconds", "expires_at"], (k, id, f) => k.fund(id, f)),
    idempotent: true,
  },
  {
    name: "wallet_submit",
    title: "Submit proof",
    description:
      "Submits proof on a funded job (the worker's step), this wallet's own or one received through a handoff link.",
    ...onJob(["proof_url", "proof_note"], (k, id, f) => k.submit(id, f as never)),
    required: ["job_id", "proof_url"],
    idempotent: true,
  },
  {
    name: "wallet_release",
    title: "Release a job",
    description: `Releases a submitted job this wallet created (not one received from its payer): the agent wallet gets the amount less the ${FEE_TEXT} fee; keeps the receipt. Cannot be undone: a client that can ask a person (elicitation) is asked to confirm first.`,
    ...onJob(["release_note"], (k, id, f) => k.release(id, f)),
    idempotent: true,
    confirm: "release",
  },
  {
    name: "wallet_dispute",
    title: "Dispute a job",
    description:
      "Disputes a submitted job this wallet created (not one received from its payer): the whole amount returns to the payer; keeps the receipt. Cannot be undone: a client that can ask a person (elicitation) is asked to confirm first.",
    ...onJob(["dispute_reason"], (k, id, f) => k.dispute(id, f)),
    idempotent: true,
    confirm: "dispute",
  },
  {
    name: "wallet_handoff_link",
    title: "Hand a job off",
    description:
      "A handoff link (h1.) carrying the job only (no credits, receipts or key), for another agent's wallet_open_link or the web UI; for a received job, the link that hands it back to its payer.",
    ...linkOf((k, id, page) => k.handoffLink(id, page)),
  },
  {
    name: "wallet_receipt_link",
    title: "Share a receipt",
    description: "A receipt link (r1.) of a released or disputed job, for another wallet or the web UI.",
    ...linkOf((k, id, page) => k.receiptLink(id, page)),
  },
  {
    name: "wallet_open_link",
    title: "Open a link",
    description:
      "Opens a handoff (h1.) or receipt (r1.) link, or a page address holding one, checks it, and keeps what it holds: a receipt, or a job. A job this wallet did not create is received: its payer's, in none of this wallet's figures; submit and hand it back. A link of a job this wallet created (a hand-back) brings only its worker's step: its proof, note and time (funded to submitted) and the service's fresh seal; any other difference from this wallet's copy is refused and listed in the message. A receipt whose signature holds for the signing key settles the job it is the receipt of, held here funded or submitted (settled in the result); one that contradicts a job held is refused. A bad link, or one that brings nothing new, changes nothing.",
    properties: { link: { type: "string", description: "The link or bare token." } },
    required: ["link"],
    outcome: "shared",
    field: "link",
    // A receipt settles a job held at an earlier step only when its signature holds for the
    // signer's public keys, checked here in the process (client/receipt-import.ts).
    run: async (k, args, { keys }) => {
      const opened = openLink(text(args, "link"));
      const signed = opened.ok && opened.kind === "receipt" && !!keys && (await verifyReceipt(opened.receipt, keys)).ok;
      return opened.ok ? k.importLink(opened, { signatureValid: signed }) : opened;
    },
  },
];
