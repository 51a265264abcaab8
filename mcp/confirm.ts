/**
 * A person confirms what cannot be undone (D24): before wallet_release or wallet_dispute acts, a
 * client that declared elicitation is asked, naming the job, the amount and where the credits
 * go. On 2026-07-28 the call answers `input_required` with an elicitation and a `requestState`
 * that the SDK's HMAC codec seals over the job id, the action and the amount (a per-process key:
 * one stdio process serves every round); the retried call's state is verified before the tool
 * runs, and one minted for another job, action or amount is refused. A 2025-era client gets the
 * same question as an elicitation request, through the SDK's shim over the same handler. A
 * client that declared no elicitation is not asked (an autonomous agent must not be stuck): the
 * action goes ahead as it always did.
 */
import {
  acceptedContent,
  createRequestStateCodec,
  type InputRequiredResult,
  inputRequired,
} from "@modelcontextprotocol/server";
import { invalidParams, type ToolCallContext } from "../shared/mcp/server.ts";

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

/** The outcome: go ahead, the person said no, or ask first (the answer to give). */
export type Confirmation = { kind: "go" } | { kind: "declined" } | { kind: "ask"; answer: InputRequiredResult };

/** Confirmations sealed with a key of this process. */
export function confirmations() {
  const codec = createRequestStateCodec<Confirmable>({
    key: crypto.getRandomValues(new Uint8Array(32)),
    ttlSeconds: 600,
  });
  return {
    /** For the server's requestState hook: throws on a state this process did not mint, or an old one. */
    verify: codec.verify,
    /** Whether `asked` may go ahead in this call. */
    async check(context: ToolCallContext, asked: Confirmable, question: Question): Promise<Confirmation> {
      if (!context.clientCapabilities?.elicitation) return { kind: "go" };
      const state = context.mcp.mcpReq.requestState<Confirmable>();
      if (state !== undefined) {
        if (state.job_id !== asked.job_id || state.action !== asked.action || state.amount !== asked.amount)
          throw invalidParams(
            `This confirmation was given to ${state.action} job ${state.job_id} for ${state.amount} credits, not to ${asked.action} job ${asked.job_id} for ${asked.amount}. Call the tool again without requestState to be asked for this one.`,
          );
        const answer = acceptedContent<{ confirm?: unknown }>(context.mcp.mcpReq.inputResponses, "confirm");
        return answer?.confirm === true ? { kind: "go" } : { kind: "declined" };
      }
      return {
        kind: "ask",
        answer: inputRequired({
          inputRequests: {
            confirm: inputRequired.elicit({
              message: question.message,
              requestedSchema: {
                type: "object",
                properties: { confirm: { type: "boolean", title: question.title, description: question.message } },
                required: ["confirm"],
              },
            }),
          },
          requestState: await codec.mint(asked),
        }),
      };
    },
  };
}
