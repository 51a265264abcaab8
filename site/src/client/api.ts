/**
 * Calls to the engines from the browser: POST JSON, the demo key as `Authorization: Bearer`,
 * and every outcome as a value (an HTTP error, or a network failure with its own message).
 */
import type { EngineRoute } from "../../../shared/protocol/constants.ts";
import { enginePath } from "../../../shared/protocol/constants.ts";
import type { EngineAnswers } from "./answers.ts";

/** What a call gives back: the answer on 2xx with `ok: true`, else a message to show beside the action. */
export type ApiResult<T> = { ok: true; body: T } | { ok: false; status: number; message: string; body?: unknown };

/** The engine URL of `route` under `base` ("" means this page's origin). */
export function engineUrl(base: string, route: EngineRoute): string {
  return `${base.replace(/\/+$/, "")}${enginePath(route)}`;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

/** Posts `body` to an engine; its answer is read as that route's (answers.ts). */
export async function postEngine<R extends keyof EngineAnswers>(
  base: string,
  route: R,
  body: unknown,
  demoKey: string | null,
): Promise<ApiResult<EngineAnswers[R]>> {
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
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    json = undefined;
  }
  const answer = isObject(json) ? json : undefined;
  if (response.ok && answer?.ok === true) return { ok: true, body: json as EngineAnswers[R] };
  const message =
    typeof answer?.message === "string" ? answer.message : `The service answered HTTP ${response.status}.`;
  return { ok: false, status: response.status, message, ...(json ? { body: json } : {}) };
}
