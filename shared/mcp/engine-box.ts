/**
 * The engine tools as a tool box: a call runs the engine in this process on the clock and
 * randomness the host gives (the HTTP server's own, or the real ones for stdio), with the
 * demo key from the `demo_key` argument or else the headers the host passes (the MCP request's
 * Authorization, X-Service-Key and Idempotency-Key), under the same rules as the engines (D14,
 * D15). The engines' body limit holds on a tool's arguments (D9, on stdio too), and an exception
 * is the catalog's internal_error as an isError result, reported to the host and never shown (D21).
 */
import type { HostContext } from "../engine/context.ts";
import { failure } from "../engine/respond.ts";
import { run } from "../engine/run.ts";
import { isObject } from "../lib/json.ts";
import { LIMITS } from "../protocol/constants.ts";
import { reject } from "../protocol/errors.ts";
import type { HeaderReader } from "../protocol/keys.ts";
import type { ToolBox } from "./mcp-server.ts";
import { DEMO_KEY_ARGUMENT, engineTools, routeOfTool, toolResult } from "./tools.ts";

let TOOLS: ReturnType<typeof engineTools> | undefined;

/** Headers with the demo key of the arguments in place of the request's own, when one is given. */
function withDemoKey(headers: HeaderReader, demoKey: unknown): HeaderReader {
  if (typeof demoKey !== "string" || demoKey.trim() === "") return headers;
  return {
    get: (name) => {
      const lower = name.toLowerCase();
      if (lower === "authorization") return `Bearer ${demoKey}`;
      if (lower === "x-service-key") return null;
      return headers.get(name);
    },
  };
}

const encoder = new TextEncoder();

/**
 * The five engine tools over `context()` (read once per call) and the request's `headers`;
 * `report` is given every exception a call meets (the host logs it).
 */
export function engineBox(
  context: () => HostContext,
  headers: HeaderReader,
  report: (error: unknown) => void = () => {},
): ToolBox {
  TOOLS ??= engineTools();
  return {
    tools: TOOLS,
    call(name, args) {
      const route = routeOfTool(name);
      if (route === undefined) return undefined;
      const { [DEMO_KEY_ARGUMENT]: demoKey, ...body } = isObject(args) ? args : {};
      const text = JSON.stringify(body);
      if (encoder.encode(text).length > LIMITS.bodyBytesMax) return toolResult(failure(reject("payload_too_large")));
      try {
        return toolResult(run(route, text, withDemoKey(headers, demoKey), context()), route);
      } catch (error) {
        try {
          report(error);
        } catch {
          // The answer must not depend on the log (D21).
        }
        return toolResult(failure(reject("internal_error")));
      }
    },
  };
}
