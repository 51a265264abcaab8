/**
 * The wallet tools of the local MCP server: a demo payer's credits, escrow and agent wallet
 * kept by the client library's state keeper in a demo pack file (pack-file.ts), with the five
 * actions, a top-up, and the h1./r1. links of D19 that hand a job to another agent (or to a
 * person in the browser) and take it back with proof. Every call loads the pack, acts through
 * the in-process engine, and saves only when something changed; a refusal changes nothing.
 */
import { balancesOf, type EscrowApi, type EscrowError, EscrowKeeper } from "../client/index.ts";
import { fieldsOf } from "../shared/documents/tools.ts";
import type { ToolBox } from "../shared/mcp/server.ts";
import type { ToolDefinition, ToolResult } from "../shared/mcp/tools.ts";
import { FEE_TEXT } from "../shared/protocol/fees.ts";
import type { FieldName } from "../shared/protocol/fields.ts";
import type { Schema } from "../shared/schemas/convert.ts";
import { loadPack, savePack } from "./pack-file.ts";

type Args = Record<string, unknown>;
type Run = (keeper: EscrowKeeper, args: Args) => Promise<{ ok: boolean }> | { ok: boolean };

const JOB_ID: Schema = { type: "string", pattern: "^as_[0-9a-f]{10}$", description: "The id of a job in the wallet." };
const PAGE: Schema = {
  type: "string",
  description: "Optional page address to put the token after (#handoff/ or #receipt/): the web UI's URL.",
};
const text = (args: Args, name: string): string => (typeof args[name] === "string" ? (args[name] as string) : "");
const fieldsOfArgs = (args: Args, names: readonly FieldName[]) =>
  Object.fromEntries(names.filter((n) => args[n] !== undefined).map((n) => [n, args[n]]));

/** One wallet tool: its definition and what it does to the keeper. */
interface WalletTool {
  name: string;
  title: string;
  description: string;
  properties: Record<string, Schema>;
  required?: string[];
  readOnly?: boolean;
  run: Run;
}

const job = (
  fields: readonly FieldName[],
  run: (k: EscrowKeeper, id: string, f: Args) => Promise<{ ok: boolean }>,
) => ({
  properties: { job_id: JOB_ID, ...fieldsOf(fields) },
  run: (k: EscrowKeeper, args: Args) => run(k, text(args, "job_id"), fieldsOfArgs(args, fields)),
});

const WALLET_TOOLS: WalletTool[] = [
  {
    name: "wallet_balances",
    title: "Wallet balances and jobs",
    description:
      "The demo wallet: payer credits, credits in escrow, the agent wallet, fees paid, and every job (id, title, amount, status). They add up to the starting credits plus top-ups.",
    properties: {},
    readOnly: true,
    run: () => ({ ok: true }),
  },
  {
    name: "wallet_top_up",
    title: "Top up payer credits",
    description: "Adds credits to the payer balance, with no fee.",
    properties: { amount: { type: "integer", minimum: 1, description: "Credits to add." } },
    required: ["amount"],
    run: (k, args) => k.topUp(typeof args.amount === "number" ? args.amount : Number.NaN),
  },
  {
    name: "wallet_create",
    title: "Create a job",
    description: "Creates a job (open) and keeps it in the wallet.",
    ...(() => {
      const fields = ["title", "amount", "criteria", "client_ref", "callback_url", "idempotency_key"] as const;
      return {
        properties: fieldsOf(fields),
        run: (k: EscrowKeeper, args: Args) => k.create(fieldsOfArgs(args, fields) as never),
      };
    })(),
    required: ["title", "amount", "criteria"],
  },
  {
    name: "wallet_fund",
    title: "Fund a job",
    description:
      "Funds an open job from payer credits: the amount moves into escrow. Optional hold: ttl_seconds or expires_at.",
    ...job(["ttl_seconds", "expires_at"], (k, id, f) => k.fund(id, f)),
    required: ["job_id"],
  },
  {
    name: "wallet_submit",
    title: "Submit proof",
    description: "Submits proof on a funded job (the worker's step).",
    ...job(["proof_url", "proof_note"], (k, id, f) => k.submit(id, f as never)),
    required: ["job_id", "proof_url"],
  },
  {
    name: "wallet_release",
    title: "Release a job",
    description: `Releases a submitted job: the agent wallet gets the amount less the ${FEE_TEXT} fee; keeps the receipt.`,
    ...job(["release_note"], (k, id, f) => k.release(id, f)),
    required: ["job_id"],
  },
  {
    name: "wallet_dispute",
    title: "Dispute a job",
    description: "Disputes a submitted job: the whole amount returns to the payer; keeps the receipt.",
    ...job(["dispute_reason"], (k, id, f) => k.dispute(id, f)),
    required: ["job_id"],
  },
  {
    name: "wallet_handoff_link",
    title: "Hand a job off",
    description:
      "A handoff link (h1.) carrying the job only (no credits, receipts or key), for another agent's wallet_open_link or the web UI.",
    properties: { job_id: JOB_ID, page_url: PAGE },
    required: ["job_id"],
    readOnly: true,
    run: (k, args) =>
      k.handoffLink(text(args, "job_id"), args.page_url === undefined ? undefined : text(args, "page_url")),
  },
  {
    name: "wallet_receipt_link",
    title: "Share a receipt",
    description: "A receipt link (r1.) of a released or disputed job, for another wallet or the web UI.",
    properties: { job_id: JOB_ID, page_url: PAGE },
    required: ["job_id"],
    readOnly: true,
    run: (k, args) =>
      k.receiptLink(text(args, "job_id"), args.page_url === undefined ? undefined : text(args, "page_url")),
  },
  {
    name: "wallet_open_link",
    title: "Open a link",
    description:
      "Opens a handoff (h1.) or receipt (r1.) link, or a page address holding one, checks it, and keeps what it holds: a job (replacing the one with its id) or a receipt. A bad link changes nothing.",
    properties: { link: { type: "string", description: "The link or bare token." } },
    required: ["link"],
    run: (k, args) => k.importLink(text(args, "link")),
  },
];

const definition = (tool: WalletTool): ToolDefinition => ({
  name: tool.name,
  title: tool.title,
  description: tool.description,
  inputSchema: { type: "object", properties: tool.properties, ...(tool.required && { required: tool.required }) },
  annotations: {
    readOnlyHint: tool.readOnly === true,
    destructiveHint: false,
    idempotentHint: tool.readOnly === true,
    openWorldHint: false,
  },
});

const asResult = (value: Record<string, unknown>, isError: boolean): ToolResult => ({
  content: [{ type: "text", text: JSON.stringify(value) }],
  structuredContent: value,
  ...(isError && { isError: true }),
});

/** The wallet tools over the pack at `path`, acting through `api` (the engine in this process). */
export function walletBox(path: string, api: EscrowApi): ToolBox {
  return {
    tools: WALLET_TOOLS.map(definition),
    call(name, args) {
      const tool = WALLET_TOOLS.find((t) => t.name === name);
      return tool && callTool(tool, path, api, args);
    },
  };
}

/** Loads the pack, runs `tool` on it, saves what changed, and answers the outcome with the wallet after it. */
async function callTool(tool: WalletTool, path: string, api: EscrowApi, args: Args): Promise<ToolResult> {
  const loaded = loadPack(path);
  if (!loaded.ok) return asResult({ ok: false, code: "invalid_input", status: 0, message: loaded.message }, true);
  let changed = false;
  const keeper = new EscrowKeeper(api, { state: loaded.state, onChange: () => (changed = true) });
  const outcome = await tool.run(keeper, args);
  if (changed) savePack(path, keeper.state);
  const state = keeper.state;
  const wallet = {
    balances: balancesOf(state),
    jobs: state.jobs.map(({ id, title, amount, status }) => ({ id, title, amount, status })),
    pack: path,
  };
  if (!outcome.ok) return asResult(outcome as EscrowError as unknown as Record<string, unknown>, true);
  return asResult({ ...(outcome as Record<string, unknown>), ok: true, wallet }, false);
}
