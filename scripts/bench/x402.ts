/**
 * The `x402 fund` case (x402-case.ts; D30): the paid fund against its unpaid twin, the same fund
 * through transition, on the same server in the same alternating rounds, so that the difference
 * in server CPU per request, round by round, is what paying over x402 adds. Its yardstick is one
 * secp256k1 recovery (the one costly step of a payment: the payer's signature) timed in a loop
 * in a child process (recover-loop.ts), once before the rounds and once after; the target
 * (x402-target.ts): the added CPU at most 1.3 × the run's median recovery. Both answers are checked once first: the
 * paid one must carry PAYMENT-RESPONSE and a job that records the payment, so that a payment the
 * service refused (a cheaper 402) can never pass for a measured one.
 */
import { join } from "node:path";
import { authorizationDigest } from "../../shared/x402/payment-info.ts";
import { outputOf } from "../harness/child-output.ts";
import { alternate, type Contender } from "./alternate.ts";
import { log } from "./bench-settings.ts";
import type { LoadGenerator } from "./load.ts";
import { parseReportLine } from "./load.ts";
import { expectStatus } from "./measure.ts";
import { extent, median } from "./median.ts";
import type { RecoveryResult, X402FundResult } from "./results.ts";
import { cpuDifferences } from "./seals.ts";
import { BUN, ROOT, type Server } from "./servers.ts";
import { PAID_FUND, PAYMENT, UNPAID_TWIN } from "./x402-case.ts";
import { X402_CASE_NAME } from "./x402-target.ts";

/** Calls per batch, and batches per measurement. */
const CALLS = 1_000;
const BATCHES = 5;

const RECOVERY_METHOD =
  "the Bun host's recovery (tiny-secp256k1, libsecp256k1 in WASM) of the bench payment's signer, tight loop in a " +
  `child bun process; ${BATCHES} batches of ${CALLS.toLocaleString("en-US")} calls after a warm-up batch, per measurement`;

/** The digest and signature the payer signed, in hex, for recover-loop.ts. */
function signedDigest(): { digest: string; signature: string } {
  const { authorization, signature } = PAYMENT.payload as {
    authorization: Record<string, string>;
    signature: string;
  };
  const extra = PAYMENT.accepted.extra as { name: string; version: string };
  const digest = authorizationDigest(
    {
      name: extra.name,
      version: extra.version,
      chainId: Number(PAYMENT.accepted.network.split(":")[1]),
      verifyingContract: PAYMENT.accepted.asset as `0x${string}`,
    },
    {
      from: authorization.from as `0x${string}`,
      to: authorization.to as `0x${string}`,
      value: BigInt(authorization.value!),
      validAfter: BigInt(authorization.validAfter!),
      validBefore: BigInt(authorization.validBefore!),
      nonce: Buffer.from(authorization.nonce!.slice(2), "hex"),
    },
  );
  return { digest: Buffer.from(digest).toString("hex"), signature: signature.slice(2) };
}

/** One measurement: µs per recovery, the median of its batches. */
async function measureRecovery(): Promise<number> {
  const { digest, signature } = signedDigest();
  const child = Bun.spawn([BUN, join(ROOT, "scripts/bench/recover-loop.ts")], {
    cwd: ROOT,
    env: {
      ...process.env,
      RECOVER_DIGEST: digest,
      RECOVER_SIGNATURE: signature,
      RECOVER_CALLS: String(CALLS),
      RECOVER_BATCHES: String(BATCHES),
    },
    stdout: "pipe",
    stderr: "pipe",
  });
  const { stdout, stderr } = await outputOf(child);
  const us = median(parseReportLine<{ usPerRecovery: number[] }>(stdout + stderr, "recover-loop").usPerRecovery);
  log(`${X402_CASE_NAME}: one secp256k1 recovery in a loop: ${us.toFixed(1)} µs`);
  return us;
}

/** The paid fund against its unpaid twin on `service`, with the recovery measured before and after. */
export async function measureX402(generator: LoadGenerator, service: Server): Promise<X402FundResult> {
  const paid = await expectStatus(service, PAID_FUND, 200, X402_CASE_NAME);
  const job = JSON.parse(new TextDecoder().decode(paid.body)).job as Record<string, unknown>;
  if (!paid.headers.has("payment-response") || typeof job.x402Payment !== "string")
    throw new Error(`${X402_CASE_NAME}: the answer is not a paid fund (no PAYMENT-RESPONSE or x402Payment)`);
  await expectStatus(service, UNPAID_TWIN, 200, `${X402_CASE_NAME} (transition twin)`);
  const runs = [await measureRecovery()];
  const contenders: Contender[] = [
    { label: "transition fund", server: service, target: UNPAID_TWIN },
    { label: "x402 fund", server: service, target: PAID_FUND },
  ];
  log(`${X402_CASE_NAME}: ${contenders.map((x) => x.label).join(" vs ")}`);
  const [unpaidSide, paidSide] = await alternate(generator, contenders, X402_CASE_NAME);
  runs.push(await measureRecovery());
  const added = cpuDifferences(paidSide!, unpaidSide!);
  const recovery: RecoveryResult = { method: RECOVERY_METHOD, runs, median: median(runs), ...extent(runs) };
  return {
    name: X402_CASE_NAME,
    paid: paidSide!,
    unpaid: unpaidSide!,
    addedCpuUs: added && median(added),
    addedCpuRange: added && extent(added),
    recovery,
  };
}
