/**
 * When each catalog error happens (shared/protocol/errors.ts), in words: what /api/errors.json,
 * OpenAPI's error descriptions and the reference page say beside each code. Kept apart from the
 * catalog's messages, which the engines and the web page use, so the page does not carry it.
 */
import type { ErrorCode } from "../protocol/errors.ts";

export const ERROR_WHEN: Record<ErrorCode, string> = {
  invalid_json: "Body missing, not valid UTF-8, not parseable JSON, not an object, or an array.",
  invalid_action:
    'action missing or not allowed for the route. verify accepts only release or dispute, only when an action is sent, with the message "action must be release or dispute." (D12a).',
  missing_field:
    "A required string or integer is omitted, null or blank after trimming; job missing on a non-create action; a submitted verify job without action; verify without receipt or job; a receipt without one of its claimed fee fields; with SEALS=required, a job without a seal (field job.seal, D27).",
  invalid_field:
    "A present field has the wrong type, is empty when it must not be, exceeds its max length, is sent on the wrong action, or expiry fields conflict; with SEALS=required, a job whose seal does not match it (field job.seal, D27). The message names the field and its rule.",
  illegal_transition:
    "Job status does not match what the action requires (fund needs open, submit needs funded, release and dispute need submitted); verify rejects a terminal job whose status does not match the action, and a job neither submitted nor terminal.",
  insufficient_credits: "Fund (or the fund step of simulate) with payer_credits below the job amount.",
  hold_expired:
    "Release after the funded job's expiresAt (now strictly after it). Dispute still works. simulate cannot reach it (D13a).",
  method_not_allowed: "A verb other than those the path serves. The Allow header lists them.",
  not_found: "A path the service does not serve (D9).",
  payload_too_large: "A request body over 65,536 bytes, by Content-Length or as it streams in (D9).",
  internal_error:
    "An unexpected failure inside the service (a bug), on any path. Nothing of it reaches the body, and no known input produces it (D21).",
  rate_limited:
    "Only when the operator enables a rate limit (RATE_LIMIT=<requests>/<seconds>; on Workers with the RATE_LIMITER binding; off by default, D23): a client address sent more requests to the engines and /mcp (each call of a JSON-RPC batch counting) than the limit within the window. Documents, the key set and the site's files are not counted and never refused, nor are CORS preflights. Retry-After, RateLimit-Policy and RateLimit say how long to wait.",
  seals_unavailable:
    "Only under SEALS=required on a host without a usable signing key (a Worker without its SIGNING_KEY secret, or with one it cannot read): every engine request, before its body is parsed (a body over the size limit is still 413), and every /mcp tool call (D27). A host that can keep a key file makes one instead, and one that cannot make it does not start.",
};
