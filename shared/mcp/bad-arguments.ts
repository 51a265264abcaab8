/**
 * A tools/call or prompts/get whose `arguments` is there but not an object: JSON-RPC's invalid
 * params with a message that says what to send, on /mcp and on stdio alike. The SDK
 * answers the same code with its schema validator's report, which no agent should have to read.
 */
import { isObject } from "../lib/json.ts";

/** JSON-RPC's invalid params code. */
const INVALID_PARAMS = -32602;

/** The JSON-RPC error for `message` (a parsed JSON-RPC message) when its arguments are not an object; undefined otherwise. */
export function badArguments(message: unknown): { id: unknown; error: { code: number; message: string } } | undefined {
  if (!isObject(message) || (message.method !== "tools/call" && message.method !== "prompts/get")) return undefined;
  const args = isObject(message.params) ? message.params.arguments : undefined;
  if (args === undefined || isObject(args)) return undefined;
  const kind = args === null ? "null" : Array.isArray(args) ? "an array" : typeof args;
  return {
    id: message.id ?? null,
    error: {
      code: INVALID_PARAMS,
      message: `params.arguments must be an object of named arguments, not ${kind}; tools/list gives each tool's inputSchema.`,
    },
  };
}
