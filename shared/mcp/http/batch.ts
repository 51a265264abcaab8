/**
 * JSON-RPC batches on /mcp: a body that is an array of messages. MCP had them in its
 * revisions up to 2025-03-26 and dropped them from 2025-06-18 on, so a batch is answered only
 * for a client of those revisions (one that names no later revision in Mcp-Protocol-Version,
 * which those revisions did not send), and each call in it counts toward the rate limit (D23)
 * as a request of its own: one batch of 100 calls is 100 requests, not one.
 */
import { isObject } from "../../lib/json.ts";
import { MCP_REVISIONS } from "../../protocol/constants.ts";

/** The revisions whose clients may send a batch: 2025-03-26 and earlier. */
export const BATCH_REVISIONS: readonly string[] = MCP_REVISIONS.slice(MCP_REVISIONS.indexOf("2025-03-26"));

/** Why `body` (a parsed JSON-RPC body) cannot be answered under `revision` (the Mcp-Protocol-Version header), or null. */
export function batchRefusal(body: unknown, revision: string | null): string | null {
  if (!Array.isArray(body) || revision === null || BATCH_REVISIONS.includes(revision)) return null;
  return `Invalid Request: a JSON-RPC batch (an array of messages) is part of MCP ${BATCH_REVISIONS.join(", ")} only; this request names ${JSON.stringify(revision.slice(0, 40))} in Mcp-Protocol-Version. Send each message as a request of its own.`;
}

/** How many requests `body` counts as toward the rate limit: each call (a message with an id) of a batch, else one. */
export const callsIn = (body: unknown): number =>
  Array.isArray(body) ? Math.max(1, body.filter((message) => isObject(message) && "id" in message).length) : 1;
