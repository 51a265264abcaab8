/**
 * One Ed25519 signature in a loop, the yardstick of the seals target for the routes that sign
 * (release, dispute, simulate, verify of a receipt): run by signature.ts as a child `bun` process
 * of its own (so neither the bench's event loop nor a server's load shares its core's time), it
 * signs the bench's receipt signing input (cases.ts) with the servers' own Signer (the one
 * keys/ed25519-keys.ts builds, over the tests' key), in a tight loop: a warm-up, then SIGN_BATCHES
 * batches of SIGN_CALLS calls. Prints one `BENCH_JSON {"usPerSign":[...]}` line: µs per call of
 * each batch.
 */
import { RECEIPT_SIGNING_INPUT, signer } from "./cases.ts";
import { JSON_MARK } from "./load.ts";

const input = new TextEncoder().encode(RECEIPT_SIGNING_INPUT);
const calls = Number(process.env.SIGN_CALLS);
const batches = Number(process.env.SIGN_BATCHES);
if (!(calls > 0 && batches > 0)) throw new Error("sign-loop: SIGN_CALLS and SIGN_BATCHES must be positive");

let sink = 0;
const batch = (): number => {
  const started = performance.now();
  for (let i = 0; i < calls; i++) sink ^= signer.sign(input)[i & 63]!;
  return ((performance.now() - started) * 1000) / calls;
};

batch(); // warm-up: the JIT and the key's first use
const usPerSign = Array.from({ length: batches }, batch);
console.log(`${JSON_MARK}${JSON.stringify({ usPerSign, sink })}`);
