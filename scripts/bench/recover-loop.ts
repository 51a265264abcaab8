/**
 * One secp256k1 recovery in a loop, the yardstick of the `x402 fund` case (x402.ts): run as a
 * child `bun` process of its own, as sign-loop.ts is, it recovers the bench payment's signer
 * (RECOVER_DIGEST and RECOVER_SIGNATURE, hex: the EIP-712 digest and the 65-byte signature) with
 * the recovery the Bun host hands the service (api/bun/runtime.ts: libsecp256k1 in WASM), in a
 * tight loop: a warm-up, then RECOVER_BATCHES batches of RECOVER_CALLS calls. Prints one
 * `BENCH_JSON {"usPerRecovery":[...]}` line: µs per call of each batch.
 */
import { bunRuntime } from "../../api/bun/runtime.ts";
import { signatureParts } from "../../shared/x402/recover.ts";
import { JSON_MARK } from "./load.ts";

const recover = bunRuntime("").recover!;
const digest = Buffer.from(process.env.RECOVER_DIGEST ?? "", "hex");
const parts = signatureParts(Buffer.from(process.env.RECOVER_SIGNATURE ?? "", "hex"));
const calls = Number(process.env.RECOVER_CALLS);
const batches = Number(process.env.RECOVER_BATCHES);
if (digest.length !== 32 || parts === null || !(calls > 0 && batches > 0))
  throw new Error("recover-loop: RECOVER_DIGEST, RECOVER_SIGNATURE, RECOVER_CALLS and RECOVER_BATCHES are needed");
if (recover(digest, parts.rs, parts.bit) === null) throw new Error("recover-loop: the signature recovers no key");

let sink = 0;
const batch = (): number => {
  const started = performance.now();
  for (let i = 0; i < calls; i++) sink ^= recover(digest, parts.rs, parts.bit)![i & 63]!;
  return ((performance.now() - started) * 1000) / calls;
};

batch(); // warm-up: the JIT and the WASM module's first calls
const usPerRecovery = Array.from({ length: batches }, batch);
console.log(`${JSON_MARK}${JSON.stringify({ usPerRecovery, sink })}`);
