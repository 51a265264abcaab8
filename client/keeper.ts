/**
 * The state keeper: the client side of the protocol (the client holds everything and sends the job back
 * on every call). It takes the five actions on the state it holds (held-state.ts: the credits,
 * the wallet, the jobs, the receipts and the activity of a DemoState, D20, and the packs and
 * links it shares) through any EscrowApi, and applies each answer as SETTLEMENT.md "What the client keeps" says: fund moves the
 * amount into escrow, release pays agent_credits_delta into the wallet while the fee leaves,
 * dispute returns the amount. A refused action changes nothing.
 */
import type { JobRecord } from "../shared/client-state/share-links.ts";
import type { Terminal } from "../shared/protocol/constants.ts";
import { actionText, simulateText, verifyText } from "./activity.ts";
import type { Answer, EscrowError } from "./answer.ts";
import type { CallOptions, EscrowApi } from "./api.ts";
import { HeldState, type KeeperOptions } from "./held-state.ts";
import type { ActionRequest, FormInput, SimulateRequest } from "./requests.ts";
import { checkSeal, type SealVerdict } from "./seal-check.ts";
import { type ActionFields, afterAction, refused, upsertJob } from "./state.ts";

export type { KeeperOptions } from "./held-state.ts";

/** Keeps one client-held state (held-state.ts) and takes the actions on it through `api`. */
export class EscrowKeeper extends HeldState {
  /** `api`: the engines the actions go through; replaceable (a new demo key or API base), the state stays. */
  constructor(
    public api: EscrowApi,
    options: KeeperOptions = {},
  ) {
    super(options);
  }

  /** Creates a job; it joins the held jobs, open. */
  async create(fields: ActionFields<"create">, options?: CallOptions): Promise<Answer<"transition">> {
    const answer = await this.api.transition({ action: "create", ...fields } as ActionRequest<"create">, options);
    if (answer.ok)
      this.commit(
        { ...this.state, jobs: upsertJob(this.state.jobs, answer.job) },
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
    const sent = this.state.payerCredits;
    const body = { action, job, payer_credits: sent, ...fields } as ActionRequest<"fund">;
    const answer = await this.api.transition(body, options);
    if (!answer.ok) return answer;
    this.commit(afterAction(this.state, action, sent, answer), action, actionText(action, job, answer));
    return answer;
  }

  /** The money impact of `action` on job `id` at the current balance; changes nothing. */
  async quote(id: string, action: "fund" | "submit" | Terminal, fields: object = {}): Promise<Answer<"quote">> {
    const job = this.#heldFor(id, action);
    if ("ok" in job) return job;
    const body = { action, job, payer_credits: this.state.payerCredits, ...fields } as ActionRequest<"fund">;
    return this.api.quote(body);
  }

  /** The whole walk for these fields at the current balance; only the activity log changes. */
  async simulate(fields: FormInput<Omit<SimulateRequest, "payer_credits">>): Promise<Answer<"simulate">> {
    const body = { ...fields, payer_credits: this.state.payerCredits } as SimulateRequest;
    const answer = await this.api.simulate(body);
    if (answer.ok) this.commit(this.state, "simulate", simulateText(answer));
    return answer;
  }

  /** Asks the service whether the held job `id`'s seal holds (seal-check.ts: validate or verify); changes nothing. */
  checkSeal(id: string): Promise<SealVerdict | EscrowError> {
    const job = this.job(id);
    return job ? checkSeal(this.api, job) : Promise.resolve(refused("unknown_job", `No job ${id} is held here.`));
  }

  /** Asks the service to recompute the receipt of job `jobId`; the log notes whether it matched. */
  async verify(jobId: string): Promise<Answer<"verify">> {
    const receipt = this.receipt(jobId);
    if (!receipt) return refused("unknown_job", `No receipt of job ${jobId} is held here.`);
    const answer = await this.api.verify({ receipt });
    if (answer.ok) this.commit(this.state, "verify", verifyText(receipt, answer));
    return answer;
  }
}
