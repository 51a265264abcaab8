/**
 * A 2025-era request to /mcp whose Mcp-Protocol-Version header names a revision this service
 * does not speak: refused before the SDK sees it, naming every revision the service speaks,
 * 2026-07-28 first (the SDK's own answer lists only the revisions negotiated through
 * initialize, so a client never learns the stateless one is there). A 2026-07-28 request, which
 * claims its revision in `_meta`, keeps the SDK's answer: the stateless revisions, as
 * server/discover lists them.
 */
import { isObject } from "../../lib/json.ts";
import { MCP_REVISIONS } from "../../protocol/constants.ts";

const VERSION_META = "io.modelcontextprotocol/protocolVersion";

/** The error of a request whose header names a revision not in MCP_REVISIONS and whose body claims none, or null. */
export function unsupportedVersion(header: string | null, body: unknown): { id: unknown; message: string } | null {
  if (header === null || (MCP_REVISIONS as readonly string[]).includes(header)) return null;
  const meta = isObject(body) && isObject(body.params) && isObject(body.params._meta) ? body.params._meta : undefined;
  if (meta?.[VERSION_META] !== undefined) return null;
  return {
    id: isObject(body) && "id" in body ? body.id : null,
    message: `Bad Request: Unsupported protocol version: ${header.slice(0, 40)} (supported versions: ${MCP_REVISIONS.join(", ")})`,
  };
}
