/**
 * The x402 side of the tests (D30): a service with seals and the demo network's keys, derived
 * from the test key as every host derives them (keys/x402-keys.ts), and a payer made only of the
 * stock packages (`@x402/fetch`'s `wrapFetchWithPayment`, `@x402/evm`'s `AuthCaptureEvmScheme`,
 * a throwaway viem account) plus the one line an agent adds: the spend control that admits the
 * demo asset. Real time: the stock client signs with Date.now(), so the service reads it too.
 */
import { AuthCaptureEvmScheme } from "@x402/evm/auth-capture/client";
import { wrapFetchWithPayment, x402Client } from "@x402/fetch";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { x402IdentityOf } from "../../keys/x402-keys.ts";
import { createHandler } from "../../shared/http/service.ts";
import { DEMO_ASSET, DEMO_NETWORK } from "../../shared/x402/demo-network.ts";
import { nobleRecover, type Recover } from "../../shared/x402/recover.ts";
import { PAIR, SIGNER } from "./sealed.ts";

let counter = 0;
/** Distinct random hex for job ids. */
const randomHex = (length: number): string =>
  (Date.now().toString(16) + (counter++).toString(16).padStart(8, "0") + "0".repeat(length)).slice(-length);

/** The demo network identity of the test key. */
export const IDENTITY = x402IdentityOf(PAIR.privateKey);

/** A sealing service with the x402 paths, on the clock `now` (real time unless given), the recovery `recover` and SEALS=`mode`. */
export const x402Service = (
  now: () => number = Date.now,
  recover: Recover = nobleRecover,
  mode: "on" | "required" = "on",
) =>
  createHandler({
    now,
    randomHex,
    sealing: { mode, signer: SIGNER },
    x402: { identity: IDENTITY, recover },
  });

/** A payer: the stock client with a throwaway key and the one spend-control line. */
export function stockPayer(handler: (request: Request) => Promise<Response>) {
  const account = privateKeyToAccount(generatePrivateKey());
  const client = new x402Client().register("eip155:*", new AuthCaptureEvmScheme(account));
  client.setSpendControls({ allowedAssets: [{ network: DEMO_NETWORK, asset: DEMO_ASSET }] });
  const fetchOf = ((input: RequestInfo | URL, init?: RequestInit) => handler(new Request(input, init))) as typeof fetch;
  return { account, client, pay: wrapFetchWithPayment(fetchOf, client) };
}

/** POST `body` as JSON to `path` of the test origin. */
export const post = (path: string, body: unknown, headers: Record<string, string> = {}): Request =>
  new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
