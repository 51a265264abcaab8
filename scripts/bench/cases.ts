/**
 * The cases `bun run bench` measures: each engine route with a realistic body, one error
 * response, and two GET documents, each as it is and compressed. Bodies carrying a job are
 * produced by walking the engine itself with a fixed clock and the key the bench's servers sign
 * with (the tests' key, test-key.ts), so they are exactly what a client would send back, seals
 * included: a sealed job costs the service a seal check (an HMAC), a committed job a new seal, and
 * a settled one a receipt signature (Ed25519; D27). A server with SEALS=off gets the
 * same bodies and ignores the seals, as a client would send them. Each case is held against the
 * same-answer floor (floor-server.ts), with the targets of docs/performance.md: engines 0.75,
 * documents 0.95; each engine case also against the same build with SEALS=off (`seals`).
 */

import { signerFromKeys } from "../../keys/ed25519-keys.ts";
import { readSigningKey } from "../../keys/signing-key.ts";
import { run } from "../../shared/engine/run.ts";
import { TEST_SIGNING_JWK } from "../harness/test-key.ts";
import type { SealsTarget } from "./results.ts";

/** One measured case: a request against the service and its same-answer floor. */
export interface BenchCase {
  /** Short name shown in the table. */
  name: string;
  method: "GET" | "POST";
  path: string;
  /** The JSON body of a POST (sent to the service and, unchanged, to the floor). */
  body?: string;
  /** Extra request headers, sent to the service and its floor alike. */
  headers?: Record<string, string>;
  /** The HTTP status the service must answer, checked once before measuring. */
  status: number;
  /** Target ratio to the floor (docs/performance.md). */
  target: number;
  /** An engine case, also measured against the same build with SEALS=off, and its seals target (results.ts). */
  seals?: SealsTarget;
  /**
   * What the seals-on answer must hold for the case to measure seals (seals.ts): the new job's
   * seal, the receipt's signature, or the verdict that the body's seal or signature held. A body
   * not sealed with the servers' key would otherwise be answered unsealed, more cheaply.
   */
  sealsMarks?: readonly string[];
}

const NOW = Date.parse("2026-01-01T00:00:00.000Z");
/** The servers' key: the tests' (test-key.ts), which every bench server signs with. */
export const SIGNING_KEY = readSigningKey(JSON.stringify(TEST_SIGNING_JWK));
/** The servers' signer, over that key. */
export const signer = signerFromKeys(SIGNING_KEY);
const ctx = {
  now: NOW,
  randomHex: (length: number) => `${"0".repeat(length - 1)}1`,
  sealing: { mode: "on" as const, signer },
};
const CREATE = { title: "Summarise a paper", amount: 100, criteria: "Five bullet points" };
const PROOF = "https://example.com/summary";

const step = (body: Record<string, unknown>): Record<string, any> => {
  const result = run("transition", JSON.stringify(body), undefined, ctx);
  if (result.status !== 200) throw new Error(`fixture step failed: ${JSON.stringify(result.body)}`);
  return result.body.job as Record<string, any>;
};

/** The bench's open job, sealed with the servers' key: what a fund sends back. */
export const OPEN_JOB = step({ action: "create", ...CREATE });
const funded = step({ action: "fund", job: OPEN_JOB, payer_credits: 1000 });
const submitted = step({ action: "submit", job: funded, proof_url: PROOF });
const released = run("transition", JSON.stringify({ action: "release", job: submitted }), undefined, ctx).body;

/**
 * What the service's Ed25519 key signs for a receipt: the JWS signing input (protected header,
 * ".", the payload in base64url) of the bench's released receipt, 622 bytes.
 */
export const RECEIPT_SIGNING_INPUT: string = (() => {
  const token = (released as { receipt?: { signature?: unknown } }).receipt?.signature;
  if (typeof token !== "string") throw new Error("fixture receipt is not signed");
  return token.slice(0, token.lastIndexOf("."));
})();

const json = (value: unknown): string => JSON.stringify(value);

/** What browsers and the fetch of Node, Bun and Deno send: documents then come compressed. */
export const ACCEPT_COMPRESSED = { "Accept-Encoding": "gzip, deflate, br" };

/** What sealed answers hold: a job's seal, a receipt's signature, a seal or signature found valid. */
const SEALED = '"seal":"';
const SIGNED = '"signature":"';

/**
 * An engine case: a POST of `body` to `/api/v0/<route>`, held to the floor at 0.75 and to SEALS=off
 * by `seals`, its seals-on answer holding `marks`.
 */
const engine = (
  name: string,
  route: string,
  body: unknown,
  seals: SealsTarget,
  marks: readonly string[] = [],
  status = 200,
): BenchCase => ({
  name,
  method: "POST",
  path: `/api/v0/${route}`,
  body: json(body),
  status,
  target: 0.75,
  seals,
  sealsMarks: marks,
});

/** Every case, in table order. */
export const CASES: BenchCase[] = [
  engine("transition create", "transition", { action: "create", ...CREATE }, "keep", [SEALED]),
  engine("transition fund", "transition", { action: "fund", job: OPEN_JOB, payer_credits: 1000 }, "keep", [SEALED]),
  engine("transition submit", "transition", { action: "submit", job: funded, proof_url: PROOF }, "keep", [SEALED]),
  engine(
    "transition release",
    "transition",
    { action: "release", job: submitted, release_note: "Looks good" },
    "signatures",
    [SEALED, SIGNED],
  ),
  engine(
    "transition dispute",
    "transition",
    { action: "dispute", job: submitted, dispute_reason: "Two bullet points, not five" },
    "signatures",
    [SEALED, SIGNED],
  ),
  engine("quote", "quote", { action: "release", job: submitted }, "keep"),
  engine("validate", "validate", { action: "submit", job: funded, proof_url: PROOF }, "keep", ['"seal_valid":true']),
  engine("simulate", "simulate", { ...CREATE, payer_credits: 1000, proof_url: PROOF }, "signatures", [SEALED, SIGNED]),
  engine("verify (receipt)", "verify", { receipt: released.receipt }, "signatures", ['"signature_valid":true']),
  engine("error invalid_field", "transition", { action: "create", ...CREATE, amount: "100" }, "none", [], 400),
  {
    name: "GET /api/settlement.json",
    method: "GET",
    path: "/api/settlement.json",
    status: 200,
    target: 0.95,
  },
  { name: "GET /openapi.json", method: "GET", path: "/openapi.json", status: 200, target: 0.95 },
  {
    name: "GET /api/settlement.json, compressed",
    method: "GET",
    path: "/api/settlement.json",
    headers: ACCEPT_COMPRESSED,
    status: 200,
    target: 0.95,
  },
  {
    name: "GET /openapi.json, compressed",
    method: "GET",
    path: "/openapi.json",
    headers: ACCEPT_COMPRESSED,
    status: 200,
    target: 0.95,
  },
];
