/**
 * The `x402 fund` case (D30; docs/x402.md): the bench's open job funded over x402, a POST to
 * /api/v0/x402/fund with PAYMENT-SIGNATURE, measured against the same fund through
 * /api/v0/transition on the same server in the same rounds (x402.ts), so that the difference is
 * what the payment adds. The payment is the stock client's (`@x402/evm`'s AuthCaptureEvmScheme
 * with a fixed throwaway key and the one spend-control line, as docs/x402.md's walk), made for
 * the 402 that a service signing with the servers' key (test-key.ts) answers for this body.
 *
 * A payment is good for maxTimeoutSeconds (300 s) of the payer's clock, shorter than a run with
 * long settings, and wrk sends the same request all along: the payment is therefore signed by a
 * client whose clock runs an hour ahead, which the EVM binding allows (validBefore may be any
 * time up to the capture deadline, a day away here). The service cannot see one authorization
 * presented again (D30, as D26 says for jobs), so every request funds the job anew, as the
 * transition twin does.
 */
import { decodePaymentRequiredHeader } from "@x402/core/http";
import type { PaymentPayload } from "@x402/core/types";
import { AuthCaptureEvmScheme } from "@x402/evm/auth-capture/client";
import { x402Client } from "@x402/fetch";
import { privateKeyToAccount } from "viem/accounts";
import { x402IdentityOf } from "../../keys/x402-keys.ts";
import { createHandler } from "../../shared/http/service.ts";
import { DEMO_ASSET, DEMO_NETWORK } from "../../shared/x402/demo-network.ts";
import { nobleRecover } from "../../shared/x402/recover.ts";
import { OPEN_JOB, SIGNING_KEY, signer } from "./cases.ts";
import type { Target } from "./load.ts";

/** The payer: a fixed throwaway key (no chain, no funds: D30). */
const PAYER_KEY = `0x${"42".repeat(32)}` as const;
/** How far ahead the payer's clock runs when it signs: the payment lasts an hour of any run. */
const CLOCK_AHEAD_MS = 3_600_000;

/** The fund body: the open job, credits for it, and a hold that ends a day after the run starts. */
const body = JSON.stringify({
  job: OPEN_JOB,
  payer_credits: 1000,
  expires_at: new Date(Date.now() + 86_400_000).toISOString(),
});

/** The 402 for `body`, from a service that signs and pays with the servers' key, in process. */
async function paymentFor(): Promise<PaymentPayload> {
  const service = createHandler({
    now: Date.now,
    randomHex: (length) => "0".repeat(length),
    sealing: { mode: "on", signer },
    x402: { identity: x402IdentityOf(SIGNING_KEY), recover: nobleRecover },
  });
  const answer = await service(
    new Request("http://127.0.0.1/api/v0/x402/fund", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body,
    }),
  );
  const header = answer.headers.get("PAYMENT-REQUIRED");
  if (answer.status !== 402 || header === null) throw new Error(`x402 fund: the 402 came as ${answer.status}`);
  const client = new x402Client().register("eip155:*", new AuthCaptureEvmScheme(privateKeyToAccount(PAYER_KEY)));
  client.setSpendControls({ allowedAssets: [{ network: DEMO_NETWORK, asset: DEMO_ASSET }] });
  const realNow = Date.now;
  Date.now = () => realNow() + CLOCK_AHEAD_MS;
  try {
    return await client.createPaymentPayload(decodePaymentRequiredHeader(header));
  } finally {
    Date.now = realNow;
  }
}

/** The payment every request of the case carries. */
export const PAYMENT: PaymentPayload = await paymentFor();

/** The paid fund (PAYMENT-SIGNATURE is standard base64 of the payload: transports-v2/http.md). */
export const PAID_FUND: Target = {
  method: "POST",
  path: "/api/v0/x402/fund",
  body,
  headers: { "PAYMENT-SIGNATURE": btoa(JSON.stringify(PAYMENT)) },
};

/** Its twin: the same fund of the same job through transition, unpaid. */
export const UNPAID_TWIN: Target = {
  method: "POST",
  path: "/api/v0/transition",
  body: JSON.stringify({ action: "fund", ...JSON.parse(body) }),
};
