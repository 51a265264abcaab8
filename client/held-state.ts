/**
 * The client-held state a keeper holds (D20): what it reads (the state, the balances, a job,
 * whether a job was received, a receipt), how it changes without a call (commit, a top-up,
 * reset), and what it shares (the demo pack, the h1./r1. links, D19, and what they bring in,
 * D28). The actions that go through the service are the keeper's (keeper.ts), which extends it.
 */
import { type ActivityKind, type DemoState, freshState, withActivity } from "../shared/client-state/pack.ts";
import type { JobRecord, ReceiptRecord } from "../shared/client-state/share-links.ts";
import { STARTING_CREDITS } from "../shared/protocol/constants.ts";
import {
  event,
  exportText,
  importJobText,
  importPackText,
  importReceiptText,
  resetText,
  topUpText,
} from "./activity.ts";
import { type Balances, balancesOf } from "./balances.ts";
import type { HandBackRefusal } from "./hand-back.ts";
import { afterReceipt, type ReceiptTaken } from "./receipt-import.ts";
import { removalRefusal, withoutJob } from "./removal.ts";
import { handoffToken, openLink, packText, readPackText, receiptToken, type Shared, shareLink } from "./sharing.ts";
import { afterHandoff, type Done, isReceived, refused } from "./state.ts";
import { topUpRefusal } from "./top-up.ts";

/** What a link brought in: what it holds, whether the state changed (false: it was up to date), and the job its receipt settled. */
export type Imported = Shared & { changed: boolean; settled?: JobRecord };

/** How a link is taken in. */
export interface ImportOptions {
  /**
   * The caller checked the receipt's signature (verifyReceipt against the service's JWKS) and it
   * holds: only then may the receipt settle the job held (receipt-import.ts). The keeper cannot
   * check it itself without the service's keys (and the page's script keeps jose apart).
   */
  signatureValid?: boolean;
}

/** Options of a keeper. */
export interface KeeperOptions {
  /** The state to start from (a loaded pack); a fresh one by default (D20). */
  state?: DemoState;
  /** The clock of the activity log's stamps (default Date.now). */
  now?: () => number;
  /** Called with the new state after every change. */
  onChange?: (state: DemoState) => void;
}

/** One client-held state: read, changed without a call, shared. */
export class HeldState {
  #state: DemoState;
  readonly #now: () => number;
  readonly #onChange: ((state: DemoState) => void) | undefined;

  constructor(options: KeeperOptions = {}) {
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

  /**
   * Adds `amount` payer credits, with no fee, counted in the state's top-ups (so its pack adds
   * up) and logged as a top-up event (D29).
   */
  topUp(amount: number): Done<{ payerCredits: number }> {
    const refusal = topUpRefusal(amount, this.#state.payerCredits);
    if (refusal !== null) return refused("invalid_input", refusal);
    const { payerCredits, toppedUp } = this.#state;
    this.commit(
      { ...this.#state, payerCredits: payerCredits + amount, toppedUp: toppedUp + amount },
      "top-up",
      topUpText(amount),
    );
    return { ok: true, payerCredits: this.#state.payerCredits };
  }

  /**
   * Removes the held job `id` from this state, its receipt kept; refused, changing nothing, for a
   * job whose credits count in the balances (removal.ts). No activity kind names it (the kinds are listed in D29).
   */
  removeJob(id: string): Done<{ state: DemoState }> {
    const refusal = removalRefusal(this.#state, id);
    if (refusal !== null) return refused(this.job(id) ? "invalid_input" : "unknown_job", refusal);
    this.commit(withoutJob(this.#state, id));
    return { ok: true, state: this.#state };
  }

  /** Starts over: the starting credits, an empty wallet, no jobs or receipts (D20). */
  reset(): void {
    this.commit(freshState(), "reset", resetText(STARTING_CREDITS));
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
   * replacing the one with its id, received (someone else's) unless this state created it (D28);
   * a link of a job it created brings only its worker's step, or is refused with its differences.
   * A receipt settles the job held at an earlier step when `signatureValid` and it is that job's
   * receipt (receipt-import.ts). A link that brings nothing new (the same job or receipt again)
   * changes nothing and logs no event: `changed` is false.
   */
  importLink(link: string | Shared, { signatureValid = false }: ImportOptions = {}): Done<Imported> | HandBackRefusal {
    const shared = typeof link === "string" ? openLink(link) : ({ ok: true, ...link } as const);
    if (!shared.ok) return shared;
    const state = this.#state;
    const next: ReceiptTaken | HandBackRefusal =
      shared.kind === "handoff" ? afterHandoff(state, shared.job) : afterReceipt(state, shared.receipt, signatureValid);
    if (!next.ok) return next;
    if (next.state === state) return { ...shared, changed: false };
    const { settled } = next;
    this.commit(
      next.state,
      "import",
      shared.kind === "handoff"
        ? importJobText(shared.job, isReceived(next.state, shared.job.id))
        : importReceiptText(shared.receipt, settled !== undefined),
    );
    return { ...shared, changed: true, ...(settled ? { settled } : {}) };
  }
}
