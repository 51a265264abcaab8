/**
 * A person confirms what cannot be undone (D24): before wallet_release or wallet_dispute acts, a
 * client that declared elicitation is asked, naming the job, the amount and where the credits
 * go. On 2026-07-28 the call answers `input_required` with an elicitation and a `requestState`
 * that the SDK's HMAC codec seals over the job id, the action and the amount (a per-process key:
 * one stdio process serves every round); the retried call's state is verified before the tool
 * runs, and one minted for another job, action or amount is refused. A 2025-era client gets the
 * same question as an elicitation request, sent here; a handler that fails counts as a no. A
 * client that declared no elicitation is not asked (an autonomous agent must not be stuck): the
 * action goes ahead as it always did, unless ESCROW_CONFIRM=required, which refuses it instead.
 *
 * Each question is answered once: its state carries a nonce, and a state whose answer
 * was taken (yes or no) is refused when it comes back, so a no cannot be turned into a yes by
 * resending the state with another answer. A retried call that carries the state but no answer
 * to the question is asked again, with a new state, as the revision says of a missing response.
 */
import {
  acceptedContent,
  createRequestStateCodec,
  type InputRequiredResult,
  inputRequired,
} from "@modelcontextprotocol/server";
import { invalidParams, type ToolCallContext } from "../shared/mcp/mcp-server.ts";

/** What a confirmation is for: bound into its requestState. */
export interface Confirmable {
  job_id: string;
  action: "release" | "dispute";
  amount: number;
}

/** The question: its message, and the yes/no it asks for. */
export interface Question {
  message: string;
  title: string;
}

/**
 * The outcome: go ahead, the person said no, the client cannot ask and ESCROW_CONFIRM=required
 * says a person must, or ask first (the answer to give).
 */
export type Confirmation =
  | { kind: "go" }
  | { kind: "declined" }
  | { kind: "cannot_ask" }
  | { kind: "ask"; answer: InputRequiredResult };

/** A minted question's state: what it confirms, and its nonce. */
type Asked = Confirmable & { nonce: string };

/** How long a state is good for; an answered nonce is kept as long. */
const TTL_SECONDS = 600;

/** Confirmations sealed with a key of this process; `required`: refuse when the client cannot ask. */
export function confirmations(required = false) {
  const codec = createRequestStateCodec<Asked>({
    key: crypto.getRandomValues(new Uint8Array(32)),
    ttlSeconds: TTL_SECONDS,
  });
  /** Nonce -> when its answer may be forgotten (its state has expired by then). */
  const answered = new Map<string, number>();
  const take = (nonce: string): void => {
    const now = Date.now();
    for (const [old, until] of answered) if (until < now) answered.delete(old);
    answered.set(nonce, now + TTL_SECONDS * 1000);
  };
  return {
    /** For the server's requestState hook: throws on a state this process did not mint, or an old one. */
    verify: codec.verify,
    /** Whether `asked` may go ahead in this call. */
    async check(context: ToolCallContext, asked: Confirmable, question: Question): Promise<Confirmation> {
      if (!context.clientCapabilities?.elicitation) return { kind: required ? "cannot_ask" : "go" };
      const state = context.mcp.mcpReq.requestState<Asked>();
      if (state !== undefined) {
        if (state.job_id !== asked.job_id || state.action !== asked.action || state.amount !== asked.amount)
          throw invalidParams(
            `This confirmation was given to ${state.action} job ${state.job_id} for ${state.amount} credits, not to ${asked.action} job ${asked.job_id} for ${asked.amount}. Call the tool again without requestState to be asked for this one.`,
          );
        if (answered.has(state.nonce))
          throw invalidParams(
            `This confirmation of the ${state.action} of job ${state.job_id} was answered already, and an answer is final. Call the tool again without requestState to be asked again.`,
          );
        // No response to the question at all: ask again, with a new state.
        if (context.mcp.mcpReq.inputResponses?.confirm !== undefined) {
          take(state.nonce);
          const answer = acceptedContent<{ confirm?: unknown }>(context.mcp.mcpReq.inputResponses, "confirm");
          return answer?.confirm === true ? { kind: "go" } : { kind: "declined" };
        }
      }
      const requestedSchema = {
        type: "object" as const,
        properties: { confirm: { type: "boolean" as const, title: question.title, description: question.message } },
        required: ["confirm"],
      };
      // A 2025-era request (no _meta envelope): ask with an elicitation request, here, so that a
      // client whose handler fails counts as a no, as a declined form does.
      if (context.mcp.mcpReq.envelope === undefined) {
        try {
          const answer = await context.mcp.mcpReq.elicitInput({ message: question.message, requestedSchema });
          return answer.action === "accept" && answer.content?.confirm === true ? { kind: "go" } : { kind: "declined" };
        } catch {
          return { kind: "declined" };
        }
      }
      return {
        kind: "ask",
        answer: inputRequired({
          inputRequests: { confirm: inputRequired.elicit({ message: question.message, requestedSchema }) },
          requestState: await codec.mint({ ...asked, nonce: crypto.randomUUID() }),
        }),
      };
    },
  };
}
