/**
 * One Ed25519 signature in a loop, the yardstick of issue 31's target for the routes that sign
 * (release, dispute, simulate, verify of a receipt): run by signature.ts as a child `bun` process
 * of its own (so neither the bench's event loop nor a server's load shares its core's time), it
 * signs SIGN_INPUT (the bench's receipt signing input, cases.ts) with the servers' key (the tests'
 * key, test-key.ts) through node:crypto's one-shot `sign(null, data, privateKey)`, as the service
 * does (api/host/keys.ts), in a tight loop: a warm-up, then SIGN_BATCHES batches of SIGN_CALLS
 * calls. Prints one `BENCH_JSON {"usPerSign":[...]}` line: µs per call of each batch.
 */
import { createPrivateKey, sign } from "node:crypto";
import { TEST_SIGNING_JWK } from "../harness/test-key.ts";
import { JSON_MARK } from "./load.ts";

const input = new TextEncoder().encode(process.env.SIGN_INPUT ?? "");
if (input.length === 0) throw new Error("sign-loop: SIGN_INPUT is empty");
const calls = Number(process.env.SIGN_CALLS ?? 5000);
const batches = Number(process.env.SIGN_BATCHES ?? 5);
const key = createPrivateKey({ key: { ...TEST_SIGNING_JWK }, format: "jwk" });

let sink = 0;
const batch = (): number => {
  const started = performance.now();
  for (let i = 0; i < calls; i++) sink ^= sign(null, input, key)[i & 63]!;
  return ((performance.now() - started) * 1000) / calls;
};

batch(); // warm-up: the JIT and the key's first use
const usPerSign = Array.from({ length: batches }, batch);
console.log(`${JSON_MARK}${JSON.stringify({ usPerSign, bytes: input.length, sink })}`);
