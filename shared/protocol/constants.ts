/**
 * Constants of the service: identity, states, actions, limits and fees.
 * Shipped to the browser too (the reference UI reads its form limits here),
 * so nothing in this file may touch I/O or a runtime API.
 */

/** Service name, as /api/health.json and every document report it. */
export const SERVICE = "agent-escrow-demo";
/** The service version: the string "0" (SETTLEMENT.md's version). */
export const VERSION = "0";
/**
 * The public origin absolute URLs in documents name when SITE_URL is unset (D16's port): the
 * same default for the API, the site build and the stdio server, so their documents agree.
 */
export const DEFAULT_SITE_URL = "http://localhost:3000";
/** Every response says it is a demo... */
export const MODE = "demo";
/** ...and that no money moves. */
export const MONEY = false;

/** Job statuses, in walk order. */
export const STATUSES = ["open", "funded", "submitted", "released", "disputed"] as const;
export type JobStatus = (typeof STATUSES)[number];

/** Actions of transition, quote and validate, in walk order. */
export const ACTIONS = ["create", "fund", "submit", "release", "dispute"] as const;
export type Action = (typeof ACTIONS)[number];

/** The two terminal actions (simulate's `terminal`, verify's `action`). */
export const TERMINALS = ["release", "dispute"] as const;
export type Terminal = (typeof TERMINALS)[number];

/** The two terminal statuses, released and disputed. */
export const TERMINAL_STATUSES = ["released", "disputed"] as const;
export type TerminalStatus = (typeof TERMINAL_STATUSES)[number];
/** D30: what a release (capture) or a dispute (void) does to a hold funded over x402. */
export const X402_SETTLEMENTS = ["capture", "void"] as const;
export type X402Settlement = (typeof X402_SETTLEMENTS)[number];

/** The states and transitions table (SETTLEMENT.md): the status each action needs and gives. */
export const TRANSITIONS = {
  create: { from: null, to: "open" },
  fund: { from: "open", to: "funded" },
  submit: { from: "funded", to: "submitted" },
  release: { from: "submitted", to: "released" },
  dispute: { from: "submitted", to: "disputed" },
} as const satisfies Record<Action, { from: JobStatus | null; to: JobStatus }>;

/** The engines, by route name, and their paths (version segment v0). */
export const ENGINE_ROUTES = ["transition", "quote", "validate", "simulate", "verify"] as const;
export type EngineRoute = (typeof ENGINE_ROUTES)[number];
export const enginePath = (route: EngineRoute): `/api/v0/${EngineRoute}` => `/api/v0/${route}`;

/** The MCP endpoint: the engines as tools over Streamable HTTP, stateless. */
export const MCP_PATH = "/mcp";

/**
 * The MCP protocol revisions /mcp and the stdio server answer (the v2 SDK's), newest first: the
 * first is 2026-07-28 (stateless, server/discover); the rest are the legacy revisions a client
 * negotiates through the initialize handshake. snapshots/mcp/revisions.test.ts holds this list to
 * what the SDK serves.
 */
export const MCP_REVISIONS = [
  "2026-07-28",
  "2025-11-25",
  "2025-06-18",
  "2025-03-26",
  "2024-11-05",
  "2024-10-07",
] as const;

/** Limits. Character counts are Unicode code points (D1). */
export const LIMITS = {
  titleMax: 80,
  clientRefMax: 128,
  callbackUrlMax: 512,
  noteMax: 400,
  idempotencyKeyMax: 255,
  amountMin: 1,
  payerCreditsMin: 0,
  ttlSecondsMin: 1,
  /** D3: amount, payer_credits and ttl_seconds are safe integers. */
  integerMax: Number.MAX_SAFE_INTEGER,
  /** D9: bodies above this many bytes are 413 payload_too_large. */
  bodyBytesMax: 65_536,
  /** Latest instant a stamped expiresAt may reach (four-digit years, D4). */
  expiresAtMax: "9999-12-31T23:59:59.999Z",
  simulateSteps: 4,
  activityMax: 80,
} as const;

/** Job ids: `as_` and 10 lowercase hex characters. */
export const JOB_ID_PATTERN = /^as_[0-9a-f]{10}$/;
/** Demo key ids: `k_` and 12 lowercase hex characters (D14). */
export const KEY_ID_PATTERN = /^k_[0-9a-f]{12}$/;
/** D30: an x402 payer as a CAIP-10 account on an EVM network (`eip155:<chain id>:<address>`). */
export const PAYER_ACCOUNT_PATTERN = /^eip155:[0-9]{1,32}:0x[0-9a-fA-F]{40}$/;
/** D30: an x402 payment's identity, its ERC-3009 authorization's nonce (32 bytes, lowercase hex). */
export const PAYMENT_ID_PATTERN = /^0x[0-9a-f]{64}$/;

/** D22: the X-Request-Id a client may send (1 to 128 of these characters), and a fresh id's length in hex. */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;
export const FRESH_REQUEST_ID_LENGTH = 16;

/** Release fee rate: 5 percent, rounded to the nearest credit. */
export const FEE_RATE = 0.05;

/** Payer credits a fresh reference UI starts with (D20). */
export const STARTING_CREDITS = 1_000;

/** The content codings documents can be sent in, most preferred first (smallest first). */
export const CONTENT_CODINGS = ["br", "gzip"] as const;
export type ContentCoding = (typeof CONTENT_CODINGS)[number];

/** How long a client may keep a document (D18), and MCP lists and resources as well. */
export const DOCUMENT_CACHE_SECONDS = 300;
/** The Cache-Control of every document the API serves (D18). */
export const DOCUMENT_CACHE_CONTROL = `public, max-age=${DOCUMENT_CACHE_SECONDS}`;

/** The stdio wallet's demo pack without ESCROW_PACK, and the signing key file without SIGNING_KEY_FILE, under the home folder. */
export const HOME_FILES = {
  pack: "~/.agent-escrow-demo/pack.json",
  signingKey: "~/.agent-escrow-demo/signing-key.json",
} as const;
