/**
 * The two verifiers of a receipt's signature agree (SETTLEMENT.md D27): the service's (verify's
 * signature_valid, shared/seal/jws.ts) and the client's offline verifyReceipt (jose, with the
 * JWKS). Only the one spelling the service writes holds: every part of the compact JWS the
 * canonical base64url of its bytes, the bits of its last character that encode no byte zero (RFC
 * 4648 §3.5). A part whose last character is changed to another that decodes to the same bytes is
 * refused by both, as the original is accepted by both.
 */
import { describe, expect, test } from "bun:test";
import { verifyReceipt } from "../../client/index.ts";
import { call, fixedContext } from "../support/helpers.ts";
import { JWKS, SIGNER, sealedWalk } from "./sealed-walk.ts";

type Body = Record<string, any>;

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
/** `part` with bit 0 of its last character flipped: spare whenever its length is not a multiple of 4. */
const respelled = (part: string): string => part.slice(0, -1) + ALPHABET[ALPHABET.indexOf(part.at(-1)!) ^ 1];

/** The service's verdict on `receipt`'s signature. */
const serviceVerdict = (receipt: Body): unknown =>
  call("verify", { receipt }, {}, { ...fixedContext(), sealing: { mode: "on", signer: SIGNER } }).body.signature_valid;

describe("a receipt's signature in another spelling of the same bytes", () => {
  const { receipt } = sealedWalk();
  const parts = receipt.signature!.split(".");
  const PARTS = (["header", "payload", "signature"] as const)
    .map((name, i) => [name, i] as const)
    .filter(([, i]) => parts[i]!.length % 4 !== 0);

  test("both verifiers accept the signature as the service wrote it", async () => {
    expect(serviceVerdict(receipt)).toBe(true);
    expect(await verifyReceipt(receipt, JWKS)).toMatchObject({ ok: true, kid: SIGNER.kid });
  });

  test("the signature part, 86 characters, has spare bits to respell (and so may the others)", () => {
    expect(PARTS.map(([name]) => name)).toContain("signature");
    for (const [, i] of PARTS)
      expect(Buffer.from(respelled(parts[i]!), "base64url")).toEqual(Buffer.from(parts[i]!, "base64url"));
  });

  test.each(PARTS)("its %s part respelled: both verifiers refuse it", async (_, i) => {
    const signature = parts.map((part, j) => (j === i ? respelled(part) : part)).join(".");
    const altered = { ...receipt, signature };
    expect(serviceVerdict(altered)).toBe(false);
    expect(await verifyReceipt(altered, JWKS)).toMatchObject({ ok: false, reason: "bad_signature" });
  });
});
