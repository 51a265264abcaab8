/**
 * What stands in for a language model when the README's agent examples run in the tests: one
 * scripted model per framework that calls `escrow_quote` and then `escrow_transition` with one
 * create body and then answers with the text of the last tool result, so what an example prints
 * is what the service answered. No model, no key and no network beyond the local server:
 * `offline()` makes every other fetch of the process throw.
 */
import { assistantMessage, functionCall, modelResponder, ScriptedModel } from "@openai/agents/testing";
import { MockLanguageModelV4 } from "ai/test";
import { CREATE } from "../support/helpers.ts";

/** The create body both scripts send, the README's example job. */
export const CREATE_BODY = { action: "create", ...CREATE } as const;

/** The tool calls of each script, in order: quote the create, then commit it. */
export const SCRIPTED_CALLS = [
  { tool: "escrow_quote", args: CREATE_BODY },
  { tool: "escrow_transition", args: CREATE_BODY },
] as const;

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Replaces `globalThis.fetch` with one that refuses every URL off the loopback interface. */
export function offline(): void {
  const real = globalThis.fetch;
  const guarded = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : input);
    if (!LOOPBACK.has(url.hostname)) throw new Error(`offline: refused a fetch of ${url.href}`);
    return real(input, init);
  };
  globalThis.fetch = Object.assign(guarded, { preconnect: real.preconnect });
}

const USAGE = {
  inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 0, text: 0, reasoning: 0 },
};

/** The first text of an AI SDK tool result's output (an MCP tool answers `content`, see mcpToModelOutput). */
function aiSdkText(output: { type: string; value?: unknown }): string {
  if (output.type === "content") {
    return (output.value as { type: string; text?: string }[]).find((part) => part.type === "text")?.text ?? "";
  }
  return typeof output.value === "string" ? output.value : JSON.stringify(output.value);
}

/** An AI SDK language model that runs SCRIPTED_CALLS, then says the last tool result's text. */
export function scriptedAiSdkModel(): MockLanguageModelV4 {
  return new MockLanguageModelV4({
    doGenerate: async ({ prompt }) => {
      const results = prompt.flatMap((message) =>
        message.role === "tool" ? message.content.filter((part) => part.type === "tool-result") : [],
      );
      const next = SCRIPTED_CALLS[results.length];
      if (next) {
        const toolCallId = `call_${results.length + 1}`;
        return {
          content: [{ type: "tool-call", toolCallId, toolName: next.tool, input: JSON.stringify(next.args) }],
          finishReason: { unified: "tool-calls", raw: undefined },
          usage: USAGE,
          warnings: [],
        };
      }
      const last = results.at(-1);
      return {
        content: [{ type: "text", text: last ? aiSdkText(last.output) : "" }],
        finishReason: { unified: "stop", raw: undefined },
        usage: USAGE,
        warnings: [],
      };
    },
  });
}

/** The text of an Agents SDK function call result's output (the runner hands it back as `input_text` items). */
function agentsText(output: unknown): string {
  if (typeof output === "string") return output;
  const items = (Array.isArray(output) ? output : [output]) as { text?: unknown }[];
  const text = items.find((item) => typeof item.text === "string")?.text;
  return typeof text === "string" ? text : JSON.stringify(output);
}

/** An OpenAI Agents SDK model that runs SCRIPTED_CALLS, then says the last tool result's text. */
export function scriptedAgentsModel(): ScriptedModel {
  return new ScriptedModel([
    ...SCRIPTED_CALLS.map(({ tool, args }, index) => [functionCall(tool, args, { callId: `call_${index + 1}` })]),
    modelResponder(({ request }) => {
      const input = typeof request.input === "string" ? [] : request.input;
      const last = input.filter((item) => item.type === "function_call_result").at(-1);
      return [assistantMessage(last ? agentsText(last.output) : "")];
    }),
  ]);
}
