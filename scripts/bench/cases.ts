/**
 * The cases `bun run bench` measures: each engine route with a realistic body, one error
 * response, and two GET documents, each as it is and compressed. Bodies carrying a job are
 * produced by walking the engine itself with a fixed clock and the key the bench's servers sign
 * with (the tests' key, test-key.ts), so they are exactly what a client would send back, seals
 * included: a sealed job costs the service a seal check and a new seal (D27). Each case is held against the same-answer floor (floor-server.ts), with the
 * targets of docs/performance.md: engines 0.75, documents 0.95.
 */
import { readSigningKey } from "../../api/host/key-settings.ts";
import { signerFromKeys } from "../../api/host/keys.ts";
import { run } from "../../shared/engine/run.ts";
import { TEST_SIGNING_JWK } from "../harness/test-key.ts";

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
}

const NOW = Date.parse("2026-01-01T00:00:00.000Z");
const signer = signerFromKeys(readSigningKey(JSON.stringify(TEST_SIGNING_JWK)));
const ctx = {
  now: NOW,
  randomHex: (length: number) => `${"0".repeat(length - 1)}1`,
  sealing: { mode: "on" as const, signer },
};
const CREATE = { title: "Summarise a paper", amount: 100, criteria: "Five bullet points" };

const step = (body: Record<string, unknown>): Record<string, any> => {
  const result = run("transition", JSON.stringify(body), undefined, ctx);
  if (result.status !== 200) throw new Error(`fixture step failed: ${JSON.stringify(result.body)}`);
  return result.body.job as Record<string, any>;
};

const open = step({ action: "create", ...CREATE });
const funded = step({ action: "fund", job: open, payer_credits: 1000 });
const submitted = step({ action: "submit", job: funded, proof_url: "https://example.com/summary" });
const released = run("transition", JSON.stringify({ action: "release", job: submitted }), undefined, ctx).body;

const json = (value: unknown): string => JSON.stringify(value);

/** What browsers and the fetch of Node, Bun and Deno send: documents then come compressed. */
export const ACCEPT_COMPRESSED = { "Accept-Encoding": "gzip, deflate, br" };

/** Every case, in table order. */
export const CASES: BenchCase[] = [
  {
    name: "transition fund",
    method: "POST",
    path: "/api/v0/transition",
    body: json({ action: "fund", job: open, payer_credits: 1000 }),
    status: 200,
    target: 0.75,
  },
  {
    name: "transition release",
    method: "POST",
    path: "/api/v0/transition",
    body: json({ action: "release", job: submitted, release_note: "Looks good" }),
    status: 200,
    target: 0.75,
  },
  {
    name: "quote",
    method: "POST",
    path: "/api/v0/quote",
    body: json({ action: "release", job: submitted }),
    status: 200,
    target: 0.75,
  },
  {
    name: "validate",
    method: "POST",
    path: "/api/v0/validate",
    body: json({ action: "submit", job: funded, proof_url: "https://example.com/summary" }),
    status: 200,
    target: 0.75,
  },
  {
    name: "simulate",
    method: "POST",
    path: "/api/v0/simulate",
    body: json({ ...CREATE, payer_credits: 1000, proof_url: "https://example.com/summary" }),
    status: 200,
    target: 0.75,
  },
  {
    name: "verify (receipt)",
    method: "POST",
    path: "/api/v0/verify",
    body: json({ receipt: released.receipt }),
    status: 200,
    target: 0.75,
  },
  {
    name: "error invalid_field",
    method: "POST",
    path: "/api/v0/transition",
    body: json({ action: "create", ...CREATE, amount: "100" }),
    status: 400,
    target: 0.75,
  },
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
