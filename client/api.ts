/**
 * One interface over any transport: the five engines as typed calls. A transport only posts a
 * JSON body to an engine route with the request headers and hands back what came (http.ts over
 * fetch, in-process.ts calls the engine directly); this module types both ends.
 */
import type { EngineRoute } from "../shared/protocol/constants.ts";
import { type Answer, type Delivery, toAnswer } from "./answer.ts";
import type { SimulateRequest, TransitionRequest, VerifyRequest } from "./requests.ts";

/** Per-call options. */
export interface CallOptions {
  /** Sent as the Idempotency-Key header (D15); must equal the body's idempotency_key when both are sent. */
  idempotencyKey?: string;
}

/** Posts `body` to `route` with `headers`; resolves with what came back, never rejects. */
export type Post = (route: EngineRoute, body: unknown, headers: Record<string, string>) => Promise<Delivery>;

/** The five engines (SETTLEMENT.md "Engines"); each resolves with the answer or an EscrowError value. */
export interface EscrowApi {
  /** Commits one action and returns the next job, balances and, on release and dispute, a receipt. */
  transition(body: TransitionRequest, options?: CallOptions): Promise<Answer<"transition">>;
  /** Dry run of an action: next status and money impact; changes nothing. */
  quote(body: TransitionRequest, options?: CallOptions): Promise<Answer<"quote">>;
  /** Checks an action body and the job against the rules; changes nothing. */
  validate(body: TransitionRequest, options?: CallOptions): Promise<Answer<"validate">>;
  /** The whole walk create, fund, submit, then release or dispute, in one call. */
  simulate(body: SimulateRequest, options?: CallOptions): Promise<Answer<"simulate">>;
  /** Recomputes a receipt's (or a job's claimed) figures with the fee rules. */
  verify(body: VerifyRequest, options?: CallOptions): Promise<Answer<"verify">>;
}

/** Where the demo key goes (D14): `Authorization: Bearer`. */
function requestHeaders(demoKey: string | undefined, options: CallOptions | undefined): Record<string, string> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (demoKey) headers.authorization = `Bearer ${demoKey}`;
  if (options?.idempotencyKey !== undefined) headers["idempotency-key"] = options.idempotencyKey;
  return headers;
}

/** The typed API over one transport, with the demo key (if any) sent on every call. */
export function apiOver(post: Post, demoKey?: string): EscrowApi {
  const call =
    <R extends EngineRoute>(route: R) =>
    (body: unknown, options?: CallOptions): Promise<Answer<R>> =>
      post(route, body, requestHeaders(demoKey, options)).then((delivery) => toAnswer<R>(delivery));
  return {
    transition: call("transition"),
    quote: call("quote"),
    validate: call("validate"),
    simulate: call("simulate"),
    verify: call("verify"),
  };
}
