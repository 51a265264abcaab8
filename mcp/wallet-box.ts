/**
 * The wallet tools as a tool box: a demo payer's credits, escrow and agent wallet kept by the
 * client library's state keeper in a demo pack file (pack-file.ts), acting through the engine in
 * this process. Every call loads the pack, acts, and saves only when something changed, holding
 * the pack's lock so that two processes on one pack never lose each other's changes (pack-lock.ts); a
 * refusal changes nothing. A refusal is the engine tools' shape (the catalog's error body, D8):
 * the engine's own body when the engine refused, else invalid_field naming the argument (a job
 * id the wallet does not hold or holds for its payer, D28; a bad top-up or link, ESCROW_PACK for a pack it cannot use), or
 * `declined` when the person said no to a release or dispute (confirm.ts). A result names the
 * pack by its file name and setting, never by its path on this machine.
 */
import { balancesOf, type EscrowApi, type EscrowError, EscrowKeeper, type Jwks } from "../client/index.ts";
import type { ToolAnswer, ToolBox, ToolCallContext } from "../shared/mcp/mcp-server.ts";
import { MODE, MONEY } from "../shared/protocol/constants.ts";
import { errorBody, invalid, type Rejection, reject } from "../shared/protocol/errors.ts";
import { type Confirmable, confirmations, type Question } from "./confirm.ts";
import { loadPack, type Pack, packBusy, savePack } from "./pack-file.ts";
import { LOCK_TIMES, type LockTimes, PackBusy, withFileLock } from "./pack-lock.ts";
import { definition } from "./wallet-definition.ts";
import { type Args, fieldsOfArgs, text, WALLET_TOOLS, type WalletTool } from "./wallet-tools.ts";

const asResult = (value: Record<string, unknown>, isError: boolean): ToolAnswer => ({
  content: [{ type: "text", text: JSON.stringify(value) }],
  structuredContent: value,
  ...(isError && { isError: true }),
});

const refusal = (rejection: Rejection): ToolAnswer => asResult(errorBody(rejection), true);

/** A keeper's refusal as the catalog's error body: the engine's own, or the argument it concerns. */
function refusalOf(error: EscrowError, tool: WalletTool): ToolAnswer {
  if (error.body) return asResult(error.body as unknown as Record<string, unknown>, true);
  if (error.code === "unknown_job" || error.code === "not_payer") return refusal(invalid("job_id", error.message));
  if (error.code === "invalid_input") return refusal(invalid(tool.field ?? "job_id", error.message));
  return refusal(reject("internal_error"));
}

/** The question for a release or dispute, from the quote's figures. */
function question(asked: Confirmable, title: string, quote: Record<string, unknown>): Question {
  const job = `job ${asked.job_id} ("${title}")`;
  return asked.action === "release"
    ? {
        title: `Release ${asked.amount} credits`,
        message: `Release ${job}? ${asked.amount} credits leave escrow: ${quote.agent_payout} to the agent wallet and a ${quote.fee} credit fee. This cannot be undone.`,
      }
    : {
        title: `Dispute: refund ${asked.amount} credits`,
        message: `Dispute ${job}? All ${asked.amount} credits in escrow return to the payer credits; the agent gets nothing. This cannot be undone.`,
      };
}

/**
 * How the wallet box waits for its pack's lock, whether a release or dispute needs a person
 * (ESCROW_CONFIRM=required), and the public keys receipts are checked against (the JWKS of the
 * signer the engine signs with; none when it signs nothing: then no receipt settles a job).
 */
export interface WalletOptions {
  lock?: LockTimes;
  confirmRequired?: boolean;
  keys?: Jwks;
}

/** The wallet tools over `pack`, acting through `api` (the engine in this process). */
export function walletBox(
  pack: Pack,
  api: EscrowApi,
  { lock = LOCK_TIMES, confirmRequired = false, keys }: WalletOptions = {},
) {
  const confirms = confirmations(confirmRequired);
  const box: ToolBox = {
    tools: WALLET_TOOLS.map(definition),
    call(name, args, context) {
      const tool = WALLET_TOOLS.find((t) => t.name === name);
      return tool && callTool(tool, args, context);
    },
  };

  /** Asks for a confirmation when `tool` needs one: undefined to go ahead, else the answer to give now. */
  async function confirmFirst(tool: WalletTool, keeper: EscrowKeeper, args: Args, context: ToolCallContext) {
    if (!tool.confirm) return undefined;
    const id = text(args, "job_id");
    // Quoted first: an action the keeper or the engine would refuse (a job not held, one held
    // for its payer, a wrong status) is refused without asking anyone.
    const quote = await keeper.quote(id, tool.confirm, fieldsOfArgs(args, tool.fields ?? []));
    if (!quote.ok) return refusalOf(quote, tool);
    const job = keeper.job(id)!;
    const asked: Confirmable = { job_id: id, action: tool.confirm, amount: job.amount };
    const confirmation = await confirms.check(context, asked, question(asked, job.title, quote));
    if (confirmation.kind === "go") return undefined;
    if (confirmation.kind === "ask") return confirmation.answer;
    const message =
      confirmation.kind === "cannot_ask"
        ? `The ${tool.confirm} of job ${id} needs a person's confirmation (ESCROW_CONFIRM=required), and this client cannot ask one (it declared no elicitation); nothing changed (the job is still ${job.status}).`
        : `The ${tool.confirm} of job ${id} was not confirmed; nothing changed (the job is still ${job.status}).`;
    // The error body's shape with the wallet's own code: nothing was wrong with the call.
    return asResult({ ok: false, mode: MODE, money: MONEY, error: "declined", message }, true);
  }

  /**
   * Runs `tool`: a confirmation first when it needs one (on the pack as it is, without the lock:
   * a person may take a while), then, holding the pack's lock unless the tool only reads (so no
   * other process acts on the pack meanwhile, pack-lock.ts), loads the pack, acts, and saves what
   * changed; answers the outcome with the wallet after it.
   */
  async function callTool(tool: WalletTool, args: Args, context: ToolCallContext): Promise<ToolAnswer> {
    if (tool.confirm) {
      const loaded = loadPack(pack);
      if (!loaded.ok) return refusal(invalid("ESCROW_PACK", loaded.message));
      const early = await confirmFirst(tool, new EscrowKeeper(api, { state: loaded.state }), args, context);
      if (early) return early;
    }
    if (tool.readOnly) return act(tool, args);
    try {
      return await withFileLock(pack.path, () => act(tool, args), lock);
    } catch (error) {
      if (!(error instanceof PackBusy)) throw error;
      return refusal(invalid("ESCROW_PACK", packBusy(pack, error.message, lock.waitMs)));
    }
  }

  /** Loads the pack, runs `tool` on it, saves what changed, and answers the outcome with the wallet after it. */
  async function act(tool: WalletTool, args: Args): Promise<ToolAnswer> {
    const loaded = loadPack(pack);
    if (!loaded.ok) return refusal(invalid("ESCROW_PACK", loaded.message));
    let changed = false;
    const keeper = new EscrowKeeper(api, { state: loaded.state, onChange: () => (changed = true) });
    const outcome = await tool.run(keeper, args, { keys });
    if (changed) savePack(pack, keeper.state);
    if (!outcome.ok) return refusalOf(outcome as EscrowError, tool);
    const state = keeper.state;
    const wallet = {
      balances: balancesOf(state),
      jobs: state.jobs.map(({ id, title, amount, status }) => ({
        id,
        title,
        amount,
        status,
        received: keeper.received(id),
      })),
      pack: pack.label,
    };
    return asResult({ ...(outcome as Record<string, unknown>), ok: true, wallet }, false);
  }

  return { box, verifyRequestState: confirms.verify };
}
