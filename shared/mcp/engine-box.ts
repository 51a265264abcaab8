/**
 * The engine tools as a tool box: a call runs the engine in this process on the clock and
 * randomness the host gives (the HTTP server's own, or the real ones for stdio), with the
 * demo key from the `demo_key` argument or else the headers the host passes (the MCP request's
 * Authorization, X-Service-Key and Idempotency-Key), under the same rules as the engines (D14, D15).
 */
import type { EngineContext } from "../engine/context.ts";
import { run } from "../engine/run.ts";
import { isObject } from "../lib/json.ts";
import type { HeaderReader } from "../protocol/keys.ts";
import type { ToolBox } from "./server.ts";
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

/** The five engine tools over `context()` (read once per call) and the request's `headers`. */
export function engineBox(context: () => EngineContext, headers: HeaderReader): ToolBox {
  TOOLS ??= engineTools();
  return {
    tools: TOOLS,
    call(name, args) {
      const route = routeOfTool(name);
      if (route === undefined) return undefined;
      const { [DEMO_KEY_ARGUMENT]: demoKey, ...body } = isObject(args) ? args : {};
      return toolResult(run(route, JSON.stringify(body), withDemoKey(headers, demoKey), context()));
    },
  };
}
