/**
 * The state keeper: the client side of SPEC (the client holds everything and sends the job back
 * on every call). It keeps the payer credits, the agent wallet, the jobs, the receipts and the
 * activity log of a DemoState (D20), takes the five actions through any EscrowApi, and applies
 * each answer as SPEC says: fund moves the amount into escrow, release pays
 * agent_credits_delta into the wallet while the fee leaves, dispute returns the amount. A refused
 * action, a bad pack and a bad link change nothing. How packs and links are read is sharing.ts.
 */
import { type ActivityKind, type DemoState, freshState, withActivity } from "../shared/client-state/pack.ts";
import type { JobRecord, ReceiptRecord } from "../shared/client-state/share-links.ts";
import { STARTING_CREDITS, type Terminal } from "../shared/protocol/constants.ts";
import {
  actionText,
  event,
  exportText,
  importJobText,
  importPackText,
  importReceiptText,
  resetText,
  simulateText,
  verifyText,
} from "./activity.ts";
import type { Answer } from "./answer.ts";
import type { CallOptions, EscrowApi } from "./api.ts";
import { type Balances, balancesOf } from "./balances.ts";
import type { ActionRequest, FormInput, SimulateRequest } from "./requests.ts";
import { handoffToken, openLink, packText, readPackText, receiptToken, type Shared, shareLink } from "./sharing.ts";
import {
  type ActionFields,
  afterAction,
  afterHandoff,
  type Done,
  isReceived,
  refused,
  upsertJob,
  upsertReceipt,
} from "./state.ts";
import { topUpRefusal } from "./top-up.ts";

/** Options of a keeper. */
export interface KeeperOptions {
  /** The state to start from (a loaded pack); a fresh one by default (D20). */
  state?: DemoState;
  /** The clock of the activity log's stamps (default Date.now). */
  now?: () => number;
  /** Called with the new state after every change. */
  onChange?: (state: DemoState) => void;
}

/** Keeps one client-held state and takes the actions on it through `api`. */
export class EscrowKeeper {
  #state: DemoState;
  readonly #now: () => number;
  readonly #onChange: ((state: DemoState) => void) | undefined;

  /** `api`: the engines the actions go through; replaceable (a new demo key or API base), the state stays. */
  constructor(
    public api: EscrowApi,
    options: KeeperOptions = {},
  ) {
    this.#state = options.state ?? freshState();
    this.#now = options.now ?? Date.now;
    this.#onChange = options.onChange;
  }

  /** The whole state, as a pack holds it. Treat it as read-only: change it through the keeper. */
  get state(): DemoState {
    return this.#state;
  }
  /** Payer credits, escrow, agent wallet and fees paid. */
  balances(): Balances {
    return balancesOf(this.#state);
  }
  /** The job with `id`, if held. */
  job(id: string): JobRecord | undefined {
    return this.#state.jobs.find((j) => j.id === id);
  }
  /** True when the held job `id` was received through a handoff link: its payer is someone else (D28). */
  received(id: string): boolean {
    return isReceived(this.#state, id);
  }
  /** The receipt of job `jobId`, if held. */
  receipt(jobId: string): ReceiptRecord | undefined {
    return this.#state.receipts.find((r) => r.job_id === jobId);
  }

  /** Makes `next` the state, with an event of `kind` stamped now when given. */
  commit(next: DemoState, kind?: ActivityKind, text?: string): void {
    this.#state = kind && text !== undefined ? withActivity(next, event(kind, text, this.#now())) : next;
    this.#onChange?.(this.#state);
  }

  /** Adds `amount` payer credits, with no fee (SPEC "Client-side conventions"). */
  topUp(amount: number): Done<{ payerCredits: number }> {
    const refusal = topUpRefusal(amount, this.#state.payerCredits);
    if (refusal !== null) return refused("invalid_input", refusal);
    this.commit({ ...this.#state, payerCredits: this.#state.payerCredits + amount });
    return { ok: true, payerCredits: this.#state.payerCredits };
  }

  /** Starts over: the starting credits, an empty wallet, no jobs or receipts (D20). */
  reset(): void {
    this.commit(freshState(), "reset", resetText(STARTING_CREDITS));
  }

  /** Creates a job; it joins the held jobs, open. */
  async create(fields: ActionFields<"create">, options?: CallOptions): Promise<Answer<"transition">> {
    const answer = await this.api.transition({ action: "create", ...fields } as ActionRequest<"create">, options);
    if (answer.ok)
      this.commit(
        { ...this.#state, jobs: upsertJob(this.#state.jobs, answer.job) },
        "create",
        actionText("create", answer.job, answer),
      );
    return answer;
  }
  /** Funds job `id` from payer credits; the amount moves into escrow. */
  fund(id: string, fields: ActionFields<"fund"> = {}, options?: CallOptions): Promise<Answer<"transition">> {
    return this.#act("fund", id, fields, options);
  }
  /** Submits proof on job `id`. */
  submit(id: string, fields: ActionFields<"submit">, options?: CallOptions): Promise<Answer<"transition">> {
    return this.#act("submit", id, fields, options);
  }
  /** Releases job `id`: the agent wallet gets agent_credits_delta, the fee leaves. */
  release(id: string, fields: ActionFields<"release"> = {}, options?: CallOptions): Promise<Answer<"transition">> {
    return this.#act("release", id, fields, options);
  }
  /** Disputes job `id`: the whole amount returns to the payer. */
  dispute(id: string, fields: ActionFields<"dispute"> = {}, options?: CallOptions): Promise<Answer<"transition">> {
    return this.#act("dispute", id, fields, options);
  }

  /** The held job `id` for `action`, or why not: none held, or a payer's action on a job received from its payer (D28). */
  #heldFor(id: string, action: string): JobRecord | ReturnType<typeof refused> {
    const job = this.job(id);
    if (!job) return refused("unknown_job", `No job ${id} is held here.`);
    if (action !== "submit" && this.received(id))
      return refused(
        "not_payer",
        `Job ${id} was handed to you by its payer: only the payer can ${action} it. Submit proof, then hand it back with its handoff link.`,
      );
    return job;
  }

  /** One action on a held job: the job and the balance go with it; the answer is applied as a change of balance. */
  async #act(action: "fund" | "submit" | "release" | "dispute", id: string, fields: object, options?: CallOptions) {
    const job = this.#heldFor(id, action);
    if ("ok" in job) return job;
    const sent = this.#state.payerCredits;
    const body = { action, job, payer_credits: sent, ...fields } as ActionRequest<"fund">;
    const answer = await this.api.transition(body, options);
    if (!answer.ok) return answer;
    this.commit(afterAction(this.#state, action, sent, answer), action, actionText(action, job, answer));
    return answer;
  }

  /** The money impact of `action` on job `id` at the current balance; changes nothing. */
  async quote(id: string, action: "fund" | "submit" | Terminal, fields: object = {}): Promise<Answer<"quote">> {
    const job = this.#heldFor(id, action);
    if ("ok" in job) return job;
    const body = { action, job, payer_credits: this.#state.payerCredits, ...fields } as ActionRequest<"fund">;
    return this.api.quote(body);
  }

  /** The whole walk for these fields at the current balance; only the activity log changes. */
  async simulate(fields: FormInput<Omit<SimulateRequest, "payer_credits">>): Promise<Answer<"simulate">> {
    const body = { ...fields, payer_credits: this.#state.payerCredits } as SimulateRequest;
    const answer = await this.api.simulate(body);
    if (answer.ok) this.commit(this.#state, "simulate", simulateText(answer));
    return answer;
  }

  /** Asks the service to recompute the receipt of job `jobId`; the log notes whether it matched. */
  async verify(jobId: string): Promise<Answer<"verify">> {
    const receipt = this.receipt(jobId);
    if (!receipt) return refused("unknown_job", `No receipt of job ${jobId} is held here.`);
    const answer = await this.api.verify({ receipt });
    if (answer.ok) this.commit(this.#state, "verify", verifyText(receipt, answer.valid));
    return answer;
  }

  /** The state as a demo pack file (D20), without the demo key; the export is its newest event. */
  exportPack(): string {
    const { jobs, receipts } = this.#state;
    this.commit(this.#state, "export", exportText(jobs.length, receipts.length));
    return packText(this.#state);
  }
  /** Replaces everything with the pack in `text`; a bad pack is refused and changes nothing. */
  importPack(text: string): Done<{ state: DemoState }> {
    const read = readPackText(text);
    if (!read.ok) return read;
    this.commit(read.state, "import", importPackText(read.state.jobs.length, read.state.receipts.length));
    return { ok: true, state: this.#state };
  }

  /** The handoff link of job `id` under `page` (the bare h1. token without one): the job only (D19). */
  handoffLink(id: string, page?: string): Done<{ link: string }> {
    const job = this.job(id);
    return job
      ? { ok: true, link: shareLink("handoff", handoffToken(job), page) }
      : refused("unknown_job", `No job ${id} is held here.`);
  }
  /** The receipt link of job `jobId`'s receipt under `page` (the bare r1. token without one). */
  receiptLink(jobId: string, page?: string): Done<{ link: string }> {
    const receipt = this.receipt(jobId);
    return receipt
      ? { ok: true, link: shareLink("receipt", receiptToken(receipt), page) }
      : refused("unknown_job", `No receipt of job ${jobId} is held here.`);
  }
  /**
   * Takes in what a link holds (a link, a bare token, or what openLink read): a receipt, or a job
   * replacing the one with its id, received (someone else's) unless this state created it (D28).
   */
  importLink(link: string | Shared): Done<Shared> {
    const shared = typeof link === "string" ? openLink(link) : ({ ok: true, ...link } as const);
    if (!shared.ok) return shared;
    const state = this.#state;
    if (shared.kind === "handoff") {
      const next = afterHandoff(state, shared.job);
      if (!next.ok) return next;
      this.commit(next.state, "import", importJobText(shared.job, isReceived(next.state, shared.job.id)));
    } else
      this.commit(
        { ...state, receipts: upsertReceipt(state.receipts, shared.receipt) },
        "import",
        importReceiptText(shared.receipt),
      );
    return shared;
  }
}
