/**
 * D30: the demo network's addresses derive from the signing key by their HKDF infos, as the
 * seal key does (checked here against viem, independently); the asset and a job's payTo are
 * the published keccak tags; the fee bounds contain SETTLEMENT's fee; and the WASM recovery
 * the Bun host uses agrees with the portable one.
 */
import { describe, expect, test } from "bun:test";
import { hkdfSync } from "node:crypto";
import { keccak256, toBytes, toHex } from "viem";
import { privateKeyToAccount, signMessage } from "viem/accounts";
import { wasmKeccak, wasmRecover } from "../../api/host/x402-wasm.ts";
import { settleRelease } from "../../shared/protocol/fees.ts";
import {
  ASSET_TAG,
  DEMO_ASSET,
  DEMO_NETWORK,
  FEE_KEY_INFO,
  OPERATOR_KEY_INFO,
  PAY_TO_TAG,
  payToOf,
} from "../../shared/x402/demo-network.ts";
import { installKeccak } from "../../shared/x402/evm-words.ts";
import { feeBounds } from "../../shared/x402/offer.ts";
import { nobleRecover, signatureParts } from "../../shared/x402/recover.ts";
import { PAIR } from "../support/sealed.ts";
import { IDENTITY } from "../support/x402-payer.ts";

const derived = (info: string) => {
  const { d } = PAIR.privateKey.export({ format: "jwk" }) as { d: string };
  return toHex(new Uint8Array(hkdfSync("sha256", Buffer.from(d, "base64url"), Buffer.alloc(0), info, 32)));
};

describe("the demo network (D30)", () => {
  test("is eip155:402402, and its asset the last 20 bytes of keccak of its tag", () => {
    expect(DEMO_NETWORK).toBe("eip155:402402");
    expect(DEMO_ASSET.toLowerCase()).toBe(`0x${keccak256(toBytes(ASSET_TAG)).slice(-40)}`);
  });

  test("derives the operator and fee addresses from the signing key by their HKDF infos", () => {
    expect(IDENTITY.operator).toBe(privateKeyToAccount(derived(OPERATOR_KEY_INFO)).address);
    expect(IDENTITY.feeRecipient).toBe(privateKeyToAccount(derived(FEE_KEY_INFO)).address);
    expect(IDENTITY.operator).not.toBe(IDENTITY.feeRecipient);
  });

  test("gives each job its own payTo, keccak of the tag, id and createdAt", () => {
    const job = { id: "as_0123456789", createdAt: "2026-01-01T00:00:00.000Z" };
    expect(payToOf(job).toLowerCase()).toBe(
      `0x${keccak256(toBytes(`${PAY_TO_TAG}:${job.id}:${job.createdAt}`)).slice(-40)}`,
    );
    expect(payToOf({ ...job, id: "as_0123456788" })).not.toBe(payToOf(job));
  });

  test.each([1, 9, 10, 19, 20, 30, 100, 101, 1234, 9_007_199_254_740_991])(
    "bounds the fee of %p around SETTLEMENT's, 500 bps where that is exact",
    (amount) => {
      const { minFeeBps, maxFeeBps } = feeBounds(amount);
      const fee = settleRelease(amount).fee;
      expect(minFeeBps).toBe(500);
      expect((BigInt(amount) * BigInt(minFeeBps)) / 10_000n).toBeLessThanOrEqual(BigInt(fee));
      expect((BigInt(amount) * BigInt(maxFeeBps)) / 10_000n).toBeGreaterThanOrEqual(BigInt(fee));
      if (Math.floor((amount * 500) / 10_000) === fee) expect(maxFeeBps).toBe(500);
    },
  );
});

describe("the secp256k1 recoveries", () => {
  test("recover the same signer, WASM and portable", async () => {
    const account = privateKeyToAccount(derived("any key"));
    for (const message of ["a", "b", "c"]) {
      const signature = toBytes(await signMessage({ message, privateKey: derived("any key") }));
      const digest = toBytes(keccak256(toBytes(`\x19Ethereum Signed Message:\n${message.length}${message}`)));
      const parts = signatureParts(signature)!;
      const wasm = wasmRecover(digest, parts.rs, parts.bit)!;
      expect(toHex(wasm)).toBe(toHex(nobleRecover(digest, parts.rs, parts.bit)!));
      expect(`0x${keccak256(wasm.subarray(1)).slice(-40)}`).toBe(account.address.toLowerCase());
    }
  });

  test("hash-wasm's keccak agrees with the portable one and is installed; a wrong one is not", () => {
    for (const text of ["", "abc", "x".repeat(500)])
      expect(toHex(wasmKeccak(toBytes(text)))).toBe(keccak256(toBytes(text)));
    expect(installKeccak(() => new Uint8Array(32))).toBe(false);
    expect(installKeccak(wasmKeccak)).toBe(true);
  });

  test("refuse a high-s or wrongly sized signature", () => {
    expect(signatureParts(new Uint8Array(64))).toBeNull();
    const high = new Uint8Array(65).fill(0xff);
    high[64] = 27;
    expect(signatureParts(high)).toBeNull();
  });
});
