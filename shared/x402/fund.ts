/**
 * POST /api/v0/x402/fund (D30): transition's fund, paid over x402 (transports-v2/http.md). The
 * body is read exactly as transition reads a fund body (`action` `fund` or omitted), and its
 * state checked as transition checks it, so a body the engine refuses gets transition's status
 * and error, never a 402, and nobody signs for a job that cannot be funded. Then, without
 * PAYMENT-SIGNATURE: 402 with the one offer this body gets (offer.ts). With it: the offer the
 * payment accepted must be that one, the payment must pass every chain-free check of the EVM
 * binding's authorize (check-payment.ts), and the job is funded as transition funds it, held
 * until the offer's capture deadline, with PAYMENT-RESPONSE. A payment refused: 402 again, with
 * its reason. Pure, like the engines: the clock reading and the keys come in.
 */

import { readActionBody } from "../engine/action-body.ts";
import { apply, stateProblem } from "../engine/apply.ts";
import type { EngineContext } from "../engine/context.ts";
import { failure } from "../engine/respond.ts";
import { sealPolicy } from "../engine/sealing.ts";
import { transitionBody } from "../engine/transition.ts";
import { isObject, type JsonObject, sameJson } from "../lib/json.ts";
import { toIso } from "../protocol/datetime.ts";
import { invalid, invalidAction } from "../protocol/errors.ts";
import type { HeaderReader } from "../protocol/keys.ts";
import { checkPayment } from "./check-payment.ts";
import { DEMO_NETWORK, MAX_TIMEOUT_SECONDS, payToOf, type X402Identity } from "./demo-network.ts";
import { decodeHeader, PAYMENT_SIGNATURE } from "./header-codec.ts";
import { captureDeadlineOf, offerFor } from "./offer.ts";
import { paymentRequired, settledHeaders, type X402Result } from "./payment-answers.ts";
import type { Recover } from "./recover.ts";
import { checkKind } from "./requirements-check.ts";
import type { PaymentRequirements } from "./wire.ts";
import { refuse, X402_VERSION } from "./wire.ts";

/** What the fund route reads besides the body: the headers, the engine's context, the demo key's id and the resource's URL. */
export interface FundRequest {
  body: JsonObject;
  headers: HeaderReader;
  ctx: EngineContext;
  keyId: string | null;
  url: string;
}

/** What the service brings: its addresses on the demo network and the secp256k1 recovery. */
export interface X402Keys {
  identity: X402Identity;
  recover: Recover;
}

/**
 * Whether `accepted` is the offer this body gets: every member as offered, except that a hold
 * given as ttl_seconds (or the default) ends where it ended when the offer was made, up to
 * maxTimeoutSeconds ago, and maxTimeoutSeconds itself is one this route makes (1 to 300).
 */
function acceptedOffer(
  accepted: unknown,
  terms: { relative: boolean; expected: number },
  make: (deadline: number) => PaymentRequirements,
): boolean {
  if (!isObject(accepted) || !isObject(accepted.extra)) return false;
  const deadline = accepted.extra.captureDeadline;
  const timeout = accepted.maxTimeoutSeconds;
  if (typeof deadline !== "number" || typeof timeout !== "number" || !Number.isInteger(timeout)) return false;
  if (timeout < 1 || timeout > MAX_TIMEOUT_SECONDS) return false;
  const { relative, expected } = terms;
  if (relative ? deadline > expected || deadline < expected - MAX_TIMEOUT_SECONDS - 1 : deadline !== expected)
    return false;
  return sameJson(accepted, { ...make(deadline), maxTimeoutSeconds: timeout });
}

/** Answers one fund over x402. */
export function x402Fund({ body, headers, ctx, keyId, url }: FundRequest, keys: X402Keys): X402Result {
  const action = body.action;
  if (action !== undefined && (typeof action !== "string" || action.trim() !== "fund"))
    return failure(invalidAction(action, ["fund"]));
  const read = readActionBody(
    action === undefined ? { action: "fund", ...body } : body,
    headers,
    ctx.now,
    sealPolicy(ctx.sealing, "commit"),
  );
  if (!read.ok) return failure(read.errors[0]!);
  const request = read.value;
  if (request.action !== "fund") return failure(invalidAction(action, ["fund"]));
  const problem = stateProblem(request, ctx.now);
  if (problem) return failure(problem);
  const job = request.job!;
  const expected = captureDeadlineOf(request.expires_at, ctx.now);
  const payTo = payToOf(job);
  const make = (captureDeadline: number) => offerFor({ job, payTo, captureDeadline, now: ctx.now }, keys.identity);
  const offer = make(expected);
  const header = headers.get(PAYMENT_SIGNATURE);
  if (header === null) return paymentRequired(offer, url, ctx);
  const payment = decodeHeader(header);
  if (payment === null)
    return failure(
      invalid(
        "PAYMENT-SIGNATURE",
        "PAYMENT-SIGNATURE must be standard base64 of a JSON object (an x402 PaymentPayload).",
      ),
    );
  const relative = request.ttl_seconds !== undefined || request.expires_at === undefined;
  const accepted = payment.accepted;
  const now = Math.floor(ctx.now / 1000);
  // The payment's scheme and network are judged first, with the binding's reasons (steps 2, 3).
  const kind = payment.x402Version === X402_VERSION && isObject(accepted) ? checkKind(offer, accepted) : null;
  if (kind !== null) return paymentRequired(offer, url, ctx, kind);
  if (isObject(accepted) && !acceptedOffer(accepted, { relative, expected }, make)) {
    const refusal = refuse(
      "invalid_payment_requirements",
      "accepted is not the offer this body gets: pay the offer of this 402.",
    );
    return paymentRequired(offer, url, ctx, refusal);
  }
  // What the payment accepted is this body's offer, made when the 402 was (the same terms).
  const terms = isObject(accepted) ? (accepted as unknown as PaymentRequirements) : offer;
  const passed = checkPayment(payment, terms, now, keys.identity, keys.recover);
  if (!passed.ok) return paymentRequired(offer, url, ctx, passed);
  // The hold ends at the capture deadline the payer signed (D30).
  // The engine's fund writes the payment into the job (x402Payer, x402Payment), under its seal.
  const x402 = { payer: `${DEMO_NETWORK}:${passed.payer}`, payment: passed.payment };
  const funded = { ...request, expires_at: toIso(passed.captureDeadline * 1000), x402 };
  const chained = request.jobSeal === "valid";
  const answer = transitionBody(apply(funded, ctx.now), keyId, request.idempotency_key, ctx.sealing, chained);
  return { status: 200, body: answer, headers: settledHeaders(passed, url, ctx) };
}
