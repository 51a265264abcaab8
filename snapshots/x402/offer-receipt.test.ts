/**
 * D30: the 402's offer and the funded job's receipt are signed (the offer-receipt extension,
 * EdDSA JWS with the service key), and `@x402/extensions` 2.27.0 verifies both with no key
 * given: the kid is a did:jwk DID URL of the key /.well-known/jwks.json publishes.
 */
import { describe, expect, test } from "bun:test";
import { decodePaymentRequiredHeader } from "@x402/core/http";
import {
  decodeSignedOffers,
  extractJWSHeader,
  extractOffersFromPaymentRequired,
  extractReceiptFromResponse,
  verifyOfferSignatureJWS,
  verifyReceiptMatchesOffer,
  verifyReceiptSignatureJWS,
} from "@x402/extensions/offer-receipt";
import { DEMO_NETWORK } from "../../shared/x402/demo-network.ts";
import { CREATE } from "../support/helpers.ts";
import { SIGNER } from "../support/sealed.ts";
import { post, stockPayer, x402Service } from "../support/x402-payer.ts";

type Body = Record<string, any>;
const service = x402Service();
const URL = "http://localhost/api/v0/x402/fund";

describe("the offer-receipt extension on POST /api/v0/x402/fund", () => {
  test("signs the offer and the receipt, and @x402/extensions verifies both with no key given", async () => {
    const job = ((await (await service(post("/api/v0/transition", { action: "create", ...CREATE }))).json()) as Body)
      .job;
    const body = JSON.stringify({ job, payer_credits: 1000 });
    const unpaid = await service(new Request(URL, { method: "POST", body }));
    const required = decodePaymentRequiredHeader(unpaid.headers.get("PAYMENT-REQUIRED")!);
    const [signedOffer] = extractOffersFromPaymentRequired(required);
    const offer = await verifyOfferSignatureJWS(signedOffer as never);
    expect(offer).toMatchObject({
      version: 1,
      resourceUrl: URL,
      scheme: "auth-capture",
      network: DEMO_NETWORK,
      amount: "100",
    });
    expect(offer.payTo).toBe(required.accepts[0]!.payTo);
    const { alg, kid } = extractJWSHeader((signedOffer as { signature: string }).signature);
    expect(alg).toBe("EdDSA");
    expect(kid).toStartWith("did:jwk:");
    const jwk = JSON.parse(Buffer.from(kid!.slice("did:jwk:".length).split("#")[0]!, "base64url").toString());
    expect(jwk.x).toBe(SIGNER.keys[0]!.x);

    const { account, pay } = stockPayer(service);
    const funded = await pay(URL, { method: "POST", body });
    expect(funded.status).toBe(200);
    const receipt = extractReceiptFromResponse(funded)!;
    const signed = await verifyReceiptSignatureJWS(receipt as never);
    expect(signed).toMatchObject({ version: 1, network: DEMO_NETWORK, resourceUrl: URL, payer: account.address });
    expect(signed.transaction).toBe(((await funded.json()) as Body).job.x402Payment);
    const [decoded] = decodeSignedOffers([signedOffer!]);
    expect(verifyReceiptMatchesOffer(receipt, decoded!, [account.address])).toBe(true);
  });

  test("refuses a receipt whose payload was edited", async () => {
    const job = ((await (await service(post("/api/v0/transition", { action: "create", ...CREATE }))).json()) as Body)
      .job;
    const funded = await stockPayer(service).pay(URL, {
      method: "POST",
      body: JSON.stringify({ job, payer_credits: 1000 }),
    });
    const receipt = extractReceiptFromResponse(funded) as { format: "jws"; signature: string };
    const [header, payload, signature] = receipt.signature.split(".");
    const edited = JSON.parse(Buffer.from(payload!, "base64url").toString());
    edited.payer = "0x1111111111111111111111111111111111111111";
    const forged = `${header}.${Buffer.from(JSON.stringify(edited)).toString("base64url")}.${signature}`;
    expect(verifyReceiptSignatureJWS({ format: "jws", signature: forged })).rejects.toThrow();
  });
});
