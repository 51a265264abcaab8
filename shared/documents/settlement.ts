/**
 * /api/settlement.json: the protocol as data. States, transitions, fees, job, request and
 * receipt fields with their rules, the five engines, limits, and every decision a client needs
 * (DECISIONS_RANGE: D1 to the last) as rules. SETTLEMENT.md renders this same object for humans.
 */

import { ENGINE_LIST } from "../engine/catalog.ts";
import {
  ACTIONS,
  CONTENT_CODINGS,
  DOCUMENT_CACHE_CONTROL,
  FEE_RATE,
  LIMITS,
  MODE,
  MONEY,
  SERVICE,
  STARTING_CREDITS,
  STATUSES,
  TERMINAL_STATUSES,
  TRANSITIONS,
  VERSION,
} from "../protocol/constants.ts";
import { FEE_FORMULA } from "../protocol/fees.ts";
import { FIELD_NAMES, namesOf } from "../protocol/fields.ts";
import { JOB_MEMBER_NAMES, memberNamesOf } from "../protocol/job-members.ts";
import { ACTION_FIELDS, OWNED_FIELDS, SIMULATE_FIELDS } from "../protocol/request-shape.ts";
import { DECISIONS } from "./decisions.ts";
import { KEY_SET } from "./document-list.ts";
import { JOB_FIELDS, RECEIPT_FIELDS, REQUEST_FIELDS } from "./documented-fields.ts";
import { INVALID_FIELD_MESSAGES } from "./field-messages.ts";
import { demoPackSection, tokensSection } from "./settlement-client.ts";

/** The settlement document. */
export function settlement() {
  return {
    service: SERVICE,
    version: VERSION,
    mode: MODE,
    money: MONEY,
    summary:
      "A stateless demo escrow engine for jobs between a payer and an agent. Credits are simulated integers; no real money moves and the service takes no custody. The client holds the job, the payer credits and the agent wallet, and sends the job back on every action; the service computes the next status, the money impact and a receipt. A receipt is not proof of payment.",
    statuses: STATUSES,
    terminal_statuses: TERMINAL_STATUSES,
    walk: "create, fund, submit, then release or dispute",
    transitions: [
      {
        from: null,
        action: "create",
        condition: "title, amount, criteria valid",
        to: TRANSITIONS.create.to,
        also: "Job created with an id (not in quote); credits unchanged; fee and agentPayout 0.",
      },
      {
        from: TRANSITIONS.fund.from,
        action: "fund",
        condition: "payer_credits >= job amount",
        to: TRANSITIONS.fund.to,
        also: "Amount deducted from payer credits and held in escrow; fundedAt set; expiresAt set if expires_at or ttl_seconds was sent; no fee.",
      },
      {
        from: TRANSITIONS.submit.from,
        action: "submit",
        condition: "proof_url present",
        to: TRANSITIONS.submit.to,
        also: "proofUrl (and proofNote if given) set; submittedAt set; escrow stays held.",
      },
      {
        from: TRANSITIONS.release.from,
        action: "release",
        condition: "now is not after job expiresAt (when one exists)",
        to: TRANSITIONS.release.to,
        also: "fee, agent_payout and agent_credits_delta computed; escrow is not returned to the payer; resolvedAt set; receipt returned.",
      },
      {
        from: TRANSITIONS.dispute.from,
        action: "dispute",
        condition: "none; allowed even after expiresAt",
        to: TRANSITIONS.dispute.to,
        also: "fee 0, agent_payout 0, agent_credits_delta 0; returned_to_payer = amount; resolvedAt set; receipt returned.",
      },
    ],
    other_combinations:
      "Any other pair of job status and action is illegal_transition (409). Release after expiresAt is hold_expired (409).",
    fees: {
      release: {
        rate: FEE_RATE,
        fee: FEE_FORMULA,
        agent_payout: "amount - fee",
        agent_credits_delta: "agent_payout",
      },
      dispute: { fee: 0, agent_payout: 0, agent_credits_delta: 0, returned_to_payer: "amount" },
      fund: { fee: 0, note: "The full amount is held in escrow." },
      top_up: { fee: 0, note: "Client-side (reference UI)." },
      currency: "credits (integers)",
      real_money: false,
    },
    client_state: {
      payer_credits: `Client-held payer balance; the reference UI starts at ${STARTING_CREDITS}. Send it on fund (required) and on any other action (echoed as the resulting balance).`,
      agent_wallet:
        "Client-held. After a release add agent_credits_delta (equal to agent_payout); after a dispute leave it unchanged.",
      job: "Client-held. Send the job from the last response back as `job` on every action except create, exactly as it came: the same members, names and order, and its seal when it has one (D27).",
    },
    job: {
      form: "camelCase in responses, in this order; optional strings absent until set, never empty (D10)",
      fields: JOB_FIELDS,
    },
    request: {
      canonical_names: "snake_case; camelCase aliases are accepted, at the top level and inside job",
      fields: REQUEST_FIELDS,
      aliases: Object.fromEntries(FIELD_NAMES.map((name) => [name, namesOf(name)])),
      job_member_aliases: Object.fromEntries(JOB_MEMBER_NAMES.map((member) => [member, memberNamesOf(member)])),
      actions: Object.fromEntries(
        ACTIONS.map((action) => [
          action,
          { requires: TRANSITIONS[action].from, gives: TRANSITIONS[action].to, ...ACTION_FIELDS[action] },
        ]),
      ),
      owned_fields: Object.fromEntries(OWNED_FIELDS),
      simulate: SIMULATE_FIELDS,
      verify: {
        forms: ["{ receipt }", "{ job, action?, fee?, agent_payout?, returned_to_payer? }"],
        rules: [
          "Send receipt or job, not both (invalid_field job); neither is missing_field receipt.",
          'action, when sent, is release or dispute (invalid_action otherwise, message "action must be release or dispute.").',
          "A receipt's claims are release_fee (as fee), agent_payout and returned_to_payer; each is required (missing_field fee / agent_payout / returned_to_payer).",
          "The job must be terminal, or submitted together with an action (missing_field action). A terminal job whose status differs from the action, or a job neither submitted nor terminal, is illegal_transition with from = its status and expected = submitted.",
          "A terminal job's own fee and agentPayout are its claims unless claims are sent.",
          "When the service seals (D27), a job's seal and a receipt's signature are checked too: seal_valid and signature_valid, right after verified, each only when one was sent. Under SEALS=on valid is about the figures alone; under SEALS=required it is also false when the seal or signature is missing or does not hold. verify never refuses for them.",
        ],
      },
    },
    receipt: {
      form: "snake_case; optional fields only when set; key_id when a demo key was sent",
      fields: RECEIPT_FIELDS,
    },
    envelope: {
      success: {
        ok: true,
        mode: MODE,
        money: MONEY,
        optional: ["key_id", "key_optional", "idempotency_key", "idempotent"],
      },
      error: { ok: false, mode: MODE, money: MONEY, fields: ["error", "message", "field?", "...extra"] },
    },
    engines: Object.fromEntries(ENGINE_LIST.map((engine) => [engine.route, { path: engine.path, does: engine.does }])),
    limits: {
      title: `1 to ${LIMITS.titleMax} characters (code points)`,
      amount: `integer ${LIMITS.amountMin} to ${LIMITS.integerMax}`,
      payer_credits: `integer ${LIMITS.payerCreditsMin} to ${LIMITS.integerMax}`,
      criteria: "at least 1 character",
      proof_url: "at least 1 character",
      client_ref: `1 to ${LIMITS.clientRefMax} characters`,
      callback_url: `1 to ${LIMITS.callbackUrlMax} characters, https with a host`,
      notes: `proof_note, release_note, dispute_reason: at most ${LIMITS.noteMax} characters after trimming; whitespace-only is ignored`,
      idempotency_key: `1 to ${LIMITS.idempotencyKeyMax} characters after trimming`,
      ttl_seconds: `integer >= ${LIMITS.ttlSecondsMin}; the hold must end by ${LIMITS.expiresAtMax}`,
      expires_at: "RFC 3339 UTC date-time, strictly in the future at fund",
      body_bytes: LIMITS.bodyBytesMax,
      simulate_steps: LIMITS.simulateSteps,
      activity_log: `last ${LIMITS.activityMax} events (reference UI, client-side)`,
      rate_limits:
        "None by default. An operator may enable a limit per client address (D23): a request past it answers 429 rate_limited with Retry-After and the RateLimit and RateLimit-Policy headers.",
      before_the_service: `What the host answers before the service sees a request, so not in the catalog's JSON. Bun and Node: a request head over 16 KiB gets 431; Deno: one over about 64 KiB gets 400. Cloudflare Workers: a body over the plan's limit (100 MB Free and Pro, 200 MB Business, 500 MB by default on Enterprise) gets Cloudflare's 413 (from ${LIMITS.bodyBytesMax + 1} bytes up to it, the service's payload_too_large); a URL over 16 KB or request headers over 128 KB in all are refused; the site's files (not the API's paths) are the platform's static assets, without X-Request-Id.`,
    },
    documents: {
      caching: `The API sends every GET document with Cache-Control: ${DOCUMENT_CACHE_CONTROL} and an ETag; If-None-Match with a matching tag answers 304 (D18).`,
      compression:
        `The API sends a document ${CONTENT_CODINGS.join("- or ")}-compressed when Accept-Encoding asks for it (${CONTENT_CODINGS[0]} first at equal weight; q=0 refuses a coding; x-gzip is gzip), ` +
        `with Vary: Accept-Encoding on every form and one ETag per form: the plain ETag, or it with ${CONTENT_CODINGS.map((coding) => `-${coding}`).join(" or ")} before the closing quote. ` +
        "A document is compressed once per server process, on its first request there that accepts a coding; until then, or when compressing would not shrink it, it goes as it is. " +
        "Engine responses are never compressed. The static site leaves compression to its host.",
      key_set: `GET ${KEY_SET.path}: the deployment's Ed25519 public keys as a JSON Web Key Set (application/jwk-set+json, kid = RFC 7638 thumbprint), current first, then earlier ones still accepted; served by the API from its signing key (no static copy), with the same caching and ETag; {"keys":[]} when seals are off.`,
    },
    authentication: {
      required: false,
      headers: ["Authorization: Bearer <API_KEY>", "X-Service-Key: <API_KEY>"],
      key_id: "k_ + first 12 hex characters of SHA-256 of the UTF-8 token",
      note: "A demo key is not authentication and not an account. No request is ever refused for a missing or unknown key; without one the response has key_optional: true. The raw key is never stored, logged or returned.",
    },
    tokens: tokensSection(),
    demo_pack: demoPackSection(),
    invalid_field_messages: INVALID_FIELD_MESSAGES,
    decisions: DECISIONS,
  };
}
