/**
 * POST /mcp (D24): the engines as MCP tools over Streamable HTTP, served by the official SDK's
 * `createMcpHandler` to 2026-07-28 clients (stateless by design: no initialize, the revision
 * and capabilities in every request's `_meta`, the `Mcp-Method`/`Mcp-Name` headers checked) and
 * to 2025-era clients through its stateless fallback (no session: the client holds the job, as
 * everywhere else). Each request gets its own MCP server, built with the request's headers (the
 * demo key and Idempotency-Key count as on the engines, D14, D15). What stays ours: the body
 * limit (D9: 413 as a JSON-RPC error with the catalog's message), the error boundary (D21)
 * around the tools, and CORS as for the engines (D17) plus the MCP headers. Its guard, its
 * preflight and the 405 of GET and DELETE (no standalone stream, no sessions to end) are its
 * route's (shared/http/routes.ts, cors-and-errors.ts). A client must accept both
 * `application/json` and `text/event-stream` (406 otherwise), as the transport requires. The SDK
 * and the MCP server load on the first POST (its import takes long enough that a start of the
 * engines should not pay it).
 */
import type { DocumentSettings } from "../../documents/built-documents.ts";
import type { HostContext } from "../../engine/context.ts";
import { readLimitedBody } from "../../http/body-limit.ts";
import { type ErrorReporter, notify } from "../../http/error-boundary.ts";
import { HeaderTextReader } from "../../http/header-text.ts";
import { type RateLimiter, type RateVerdict, retryAfter } from "../../http/rate-limit.ts";
import { LIMITS, VERSION } from "../../protocol/constants.ts";
import { ERROR_CATALOG } from "../../protocol/errors.ts";
import { badArguments } from "../bad-arguments.ts";
import { MCP_INSTRUCTIONS } from "../instructions.ts";
import type { Resources } from "../resources.ts";
import { batchRefusal, callsIn } from "./batch.ts";
import { MCP_CORS, rpcError } from "./cors-and-errors.ts";
import { unsupportedVersion } from "./protocol-version.ts";

/** The SDK's serving entry and the MCP server's modules, imported when first needed. */
async function loadModules() {
  const [sdk, server, box, resources] = await Promise.all([
    import("@modelcontextprotocol/server"),
    import("../mcp-server.ts"),
    import("../engine-box.ts"),
    import("../resources.ts"),
  ]);
  return {
    createMcpHandler: sdk.createMcpHandler,
    createMcpServer: server.createMcpServer,
    engineBox: box.engineBox,
    documentResources: resources.documentResources,
  };
}

/** Answers a POST to /mcp from the client `clientKey`, once its guard let it in (shared/http/routes.ts; the service adds its X-Request-Id). */
export type McpEndpoint = (request: Request, clientKey: string) => Promise<Response>;

/**
 * The /mcp endpoint of a service whose documents live at `settings.siteUrl`; `report` gets an
 * exception a tool call met (the call itself answers internal_error, D21); `limiter` (D23)
 * counts each call of a batch beyond the request the service counted already (batch.ts).
 */
export function mcpEndpoint(
  settings: DocumentSettings,
  context: () => HostContext,
  report: ErrorReporter | undefined,
  limiter?: RateLimiter,
): McpEndpoint {
  let handler: Promise<(request: Request, parsedBody: unknown) => Promise<Response>> | undefined;

  async function createHandler() {
    const { createMcpHandler, createMcpServer, engineBox, documentResources } = await loadModules();
    const resources: Resources = documentResources(settings);
    const mcp = createMcpHandler(
      ({ requestInfo }) => {
        const request = requestInfo ?? new Request("http://localhost/mcp");
        return createMcpServer({
          boxes: [engineBox(context, new HeaderTextReader(request.headers), (error) => notify(error, request, report))],
          resources,
          instructions: MCP_INSTRUCTIONS,
          version: VERSION,
        });
      },
      { legacy: "stateless", maxRequestBodySize: LIMITS.bodyBytesMax },
    );
    return (request: Request, parsedBody: unknown) => mcp.fetch(request, { parsedBody });
  }

  /** Counts `extra` more requests of `clientKey`; a 429 JSON-RPC error when one is refused. A failing limiter lets them through, as the service's gate does. */
  async function charge(request: Request, clientKey: string, extra: number): Promise<Response | undefined> {
    if (limiter === undefined) return undefined;
    for (let i = 0; i < extra; i++) {
      let verdict: RateVerdict;
      try {
        verdict = await limiter.limit(request, clientKey);
      } catch (error) {
        notify(error, request, report);
        return undefined;
      }
      if (!verdict.allowed) {
        const seconds = retryAfter(limiter.policy, verdict);
        return rpcError(
          429,
          -32000,
          `Too many requests: each call of a batch counts (D23). Retry after ${seconds} s.`,
          {
            "Retry-After": String(seconds),
          },
        );
      }
    }
    return undefined;
  }

  return async (request, clientKey) => {
    const bytes = await readLimitedBody(request, LIMITS.bodyBytesMax);
    // Past D9's limit: the catalog's words as a JSON-RPC error, like every /mcp refusal.
    if (bytes === null) return rpcError(413, -32000, ERROR_CATALOG.payload_too_large.message, { Connection: "close" });
    let parsedBody: unknown;
    try {
      parsedBody = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
    } catch {
      return rpcError(400, -32700, "Parse error: the body is not JSON.");
    }
    const revision = request.headers.get("mcp-protocol-version");
    const unknown = unsupportedVersion(revision, parsedBody);
    if (unknown) return rpcError(400, -32000, unknown.message, {}, unknown.id);
    const unbatched = batchRefusal(parsedBody, revision);
    if (unbatched !== null) return rpcError(400, -32600, unbatched);
    const limited = await charge(request, clientKey, callsIn(parsedBody) - 1);
    if (limited) return limited;
    const refused = badArguments(parsedBody);
    if (refused) return rpcError(200, refused.error.code, refused.error.message, {}, refused.id);
    handler ??= createHandler();
    const answer = await (await handler)(request, parsedBody);
    const headers = new Headers(answer.headers);
    // Hop-by-hop: the runtime's own to set (the SDK's event stream names it; workerd drops it).
    headers.delete("Connection");
    for (const [name, value] of Object.entries(MCP_CORS)) headers.set(name, value);
    return new Response(answer.body, { status: answer.status, headers });
  };
}
