/**
 * The `offer-receipt` extension (extension-offer-and-receipt.md): the 402's offer and the
 * settlement's receipt, each signed as a JWS (§3.1.1, §3.3) with the service's Ed25519 key
 * (EdDSA, the key that signs receipts, D27), in the places §4.1 and §5 give them
 * (`extensions["offer-receipt"].info.offers[]` and `.info.receipt`). The header's `kid` is a
 * did:jwk DID URL of the public key, so `@x402/extensions` 2.27.0 resolves it with no key given;
 * the JWKS at /.well-known/jwks.json publishes the same key (§4.5.1: the signer's authorization).
 * The payload is the canonical JSON the package writes (members sorted, no spaces). Without a
 * signer (SEALS=off) nothing is signed and the extension is left out.
 */
import { bytesToBase64Url, textToBase64Url } from "../lib/base64url.ts";
import type { Signer } from "../seal/signer.ts";
import type { PaymentRequirements } from "./wire.ts";

/** The extension's key in `extensions`. */
export const OFFER_RECEIPT = "offer-receipt";

/** The payload version (§4.2, §5). */
const VERSION = 1;

/** Each signer's protected header in base64url, made on its first JWS rather than on every one. */
const HEADERS = new WeakMap<Signer, string>();

/** The protected header { alg: EdDSA, kid }, its kid the did:jwk DID URL of the current key: what a verifier resolves with no key given. */
function protectedHeaderOf(signer: Signer): string {
  let header = HEADERS.get(signer);
  if (header === undefined) {
    const { x } = signer.keys[0]!;
    // alg is written out: the package's key import (jose) needs it from the JWK.
    const jwk = textToBase64Url(JSON.stringify({ alg: "EdDSA", crv: "Ed25519", kty: "OKP", use: "sig", x }));
    header = textToBase64Url(JSON.stringify({ alg: "EdDSA", kid: `did:jwk:${jwk}#0` }));
    HEADERS.set(signer, header);
  }
  return header;
}

/** JSON with members sorted, as the package's `canonicalize` writes it (for the values written here). */
function canonical(value: Record<string, string | number>): string {
  const keys = Object.keys(value).sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${JSON.stringify(value[key])}`).join(",")}}`;
}

/** A compact JWS (RFC 7515) of `payload`: header { alg: EdDSA, kid: did:jwk }, signed by the current key. */
function jws(signer: Signer, payload: Record<string, string | number>): string {
  const input = `${protectedHeaderOf(signer)}.${textToBase64Url(canonical(payload))}`;
  return `${input}.${bytesToBase64Url(signer.sign(new TextEncoder().encode(input)))}`;
}

/** The schema §4 and §5 publish beside `info` (an extension's `schema`, x402-specification-v2.md §5.1.2). */
const schemaOf = (member: "offers" | "receipt") => ({
  $schema: "https://json-schema.org/draft/2020-12/schema",
  type: "object",
  properties: { [member]: member === "offers" ? { type: "array" } : { type: "object" } },
  required: [member],
});

/** The extension of a 402: the signed offer of `offer` (accepts[0]) for `resourceUrl`, valid as long as a payer may sign it. */
export function offerExtension(signer: Signer, resourceUrl: string, offer: PaymentRequirements, now: number) {
  const payload = {
    version: VERSION,
    resourceUrl,
    scheme: offer.scheme,
    network: offer.network,
    asset: offer.asset,
    payTo: offer.payTo,
    amount: offer.amount,
    validUntil: Math.floor(now / 1000) + offer.maxTimeoutSeconds,
  };
  return {
    info: { offers: [{ format: "jws", acceptIndex: 0, signature: jws(signer, payload) }] },
    schema: schemaOf("offers"),
  };
}

/** The extension of a settlement: the signed receipt of `payer`'s payment `transaction` on `network` for `resourceUrl`. */
export function receiptExtension(
  signer: Signer,
  resourceUrl: string,
  payer: string,
  network: string,
  transaction: string,
  now: number,
) {
  const payload = { version: VERSION, network, resourceUrl, payer, issuedAt: Math.floor(now / 1000), transaction };
  return { info: { receipt: { format: "jws", signature: jws(signer, payload) } }, schema: schemaOf("receipt") };
}
