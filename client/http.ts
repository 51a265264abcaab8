/**
 * The HTTP transport: POST JSON to `<baseUrl>/api/v0/<engine>` with `fetch`, the demo key as
 * `Authorization: Bearer` (D14) and the Idempotency-Key header when a call asks for one.
 * Runs wherever `fetch` does (browsers, Bun, Node 20, Deno, Workers).
 */
import { type EngineRoute, enginePath } from "../shared/protocol/constants.ts";
import type { Delivery } from "./answer.ts";
import { apiOver, type EscrowApi } from "./api.ts";

/** How to reach a service. */
export interface HttpOptions {
  /** The service's origin, such as `http://localhost:3000`; "" for the page's own origin in a browser. */
  baseUrl: string;
  /** An optional demo key; only its key_id ever comes back (D14). */
  demoKey?: string;
  /** A fetch to use instead of the global one (a test's handler, a proxy agent). */
  fetch?: (url: string, init: RequestInit) => Promise<Response>;
}

/** The engine URL of `route` under `baseUrl`. */
export const engineUrl = (baseUrl: string, route: EngineRoute): string =>
  `${baseUrl.replace(/\/+$/, "")}${enginePath(route)}`;

/** The five engines over HTTP. */
export function httpApi(options: HttpOptions): EscrowApi {
  const send = options.fetch ?? ((url: string, init: RequestInit) => fetch(url, init));
  return apiOver(async (route, body, headers): Promise<Delivery> => {
    const url = engineUrl(options.baseUrl, route);
    let response: Response;
    try {
      response = await send(url, { method: "POST", headers, body: JSON.stringify(body) });
    } catch {
      return {
        status: 0,
        unreachable: `Could not reach the service at ${url}. Check the API base URL and your connection.`,
      };
    }
    let json: unknown;
    try {
      json = await response.json();
    } catch {
      json = undefined;
    }
    // Retry-After in whole seconds (the service's form, D23); a date or nothing leaves it out.
    const wait = response.headers.get("retry-after")?.trim() ?? "";
    return /^\d{1,9}$/.test(wait)
      ? { status: response.status, json, retryAfter: Number(wait) }
      : { status: response.status, json };
  }, options.demoKey);
}
