/**
 * Calls to the engines from the browser: POST JSON, the demo key as `Authorization: Bearer`,
 * and every outcome as a value (an HTTP error, or a network failure with its own message).
 */
import type { EngineRoute } from "../../../shared/protocol/constants.ts";
import { enginePath } from "../../../shared/protocol/constants.ts";

/** What a call gives back: the JSON body on 2xx, else a message to show beside the action. */
export type ApiResult =
  | { ok: true; body: Record<string, any> }
  | { ok: false; status: number; message: string; body?: Record<string, any> };

/** The engine URL of `route` under `base` ("" means this page's origin). */
export function engineUrl(base: string, route: EngineRoute): string {
  return `${base.replace(/\/+$/, "")}${enginePath(route)}`;
}

/** Posts `body` to an engine. */
export async function postEngine(
  base: string,
  route: EngineRoute,
  body: unknown,
  demoKey: string | null,
): Promise<ApiResult> {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (demoKey) headers.Authorization = `Bearer ${demoKey}`;
  let response: Response;
  try {
    response = await fetch(engineUrl(base, route), { method: "POST", headers, body: JSON.stringify(body) });
  } catch {
    return {
      ok: false,
      status: 0,
      message: `Could not reach the service at ${engineUrl(base, route)}. Check the API base URL and your connection.`,
    };
  }
  let json: Record<string, any> | undefined;
  try {
    json = (await response.json()) as Record<string, any>;
  } catch {
    json = undefined;
  }
  if (response.ok && json?.ok === true) return { ok: true, body: json };
  const message = typeof json?.message === "string" ? json.message : `The service answered HTTP ${response.status}.`;
  return { ok: false, status: response.status, message, ...(json && { body: json }) };
}
