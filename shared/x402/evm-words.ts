/**
 * The EVM encodings the x402 `auth-capture` checks need, and nothing more: keccak-256, 32-byte
 * ABI words (`abi.encode` of static types is their concatenation, Solidity ABI spec "Formal
 * Specification of the Encoding"), 0x hex, and addresses in their EIP-55 checksummed spelling.
 * Pure JavaScript (@noble/hashes), so every runtime and the Worker bundle hash alike.
 */
import { keccak_256 } from "@noble/hashes/sha3";

/** A 0x-prefixed, 20-byte address as text. */
export type Address = `0x${string}`;

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const encoder = new TextEncoder();

let implementation: (bytes: Uint8Array) => Uint8Array = keccak_256;

/** keccak-256 of bytes, or of the UTF-8 of a text (a type string). */
export const keccak = (input: Uint8Array | string): Uint8Array =>
  implementation(typeof input === "string" ? encoder.encode(input) : input);

/** Inputs whose digests an installed keccak must reproduce: empty, one block less one byte, one, several. */
const PROBES = [0, 135, 136, 416].map((length) => Uint8Array.from({ length }, (_, i) => (i * 7 + 1) & 0xff));

/**
 * Installs a host's faster keccak-256 (`hash-wasm`'s on Bun, about ten times @noble/hashes' on a
 * PaymentInfo) if it agrees with this module on a few probes; returns whether it was installed.
 */
export function installKeccak(faster: (bytes: Uint8Array) => Uint8Array): boolean {
  const agrees = PROBES.every((probe) => toHex(faster(probe)) === toHex(keccak_256(probe)));
  if (agrees) implementation = faster;
  return agrees;
}

/** The value of each hex digit's character code, -1 for any other character. */
const DIGIT = new Int8Array(128).fill(-1);
for (let i = 0; i < 16; i++) {
  DIGIT["0123456789abcdef".charCodeAt(i)] = i;
  DIGIT["0123456789ABCDEF".charCodeAt(i)] = i;
}

/** The bytes of 0x hex with an even number of digits, or null when it is not that (a table, not parseInt: a profile's hot spot). */
export function hexBytes(text: unknown): Uint8Array | null {
  if (typeof text !== "string" || text.length % 2 !== 0 || text[0] !== "0" || text[1] !== "x") return null;
  const bytes = new Uint8Array((text.length - 2) / 2);
  for (let i = 0; i < bytes.length; i++) {
    const high = DIGIT[text.charCodeAt(2 + i * 2)] ?? -1;
    const low = DIGIT[text.charCodeAt(3 + i * 2)] ?? -1;
    if (high < 0 || low < 0) return null;
    bytes[i] = (high << 4) | low;
  }
  return bytes;
}

/** Each byte's two lowercase hex digits. */
const PAIRS = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, "0"));

/** 0x lowercase hex of bytes. */
export function toHex(bytes: Uint8Array): `0x${string}` {
  let text = "0x";
  for (let i = 0; i < bytes.length; i++) text += PAIRS[bytes[i]!];
  return text as `0x${string}`;
}

/** True for a 0x address of 40 hex digits, any case (the checksum is a spelling, not checked here). */
export const isAddress = (value: unknown): value is Address => typeof value === "string" && ADDRESS.test(value);

/** The EIP-55 spelling of an address: hex digits upper-cased where the keccak of the lower-case text has a high nibble. */
export function checksummed(address: Address): Address {
  const lower = address.slice(2).toLowerCase();
  const hash = keccak(lower);
  let out = "0x";
  for (let i = 0; i < 40; i++) {
    const nibble = (hash[i >> 1]! >> (i % 2 === 0 ? 4 : 0)) & 0xf;
    out += nibble >= 8 ? lower[i]!.toUpperCase() : lower[i];
  }
  return out as Address;
}

/** True when two addresses name the same 20 bytes (case aside). */
export const sameAddress = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

/** The address of an uncompressed secp256k1 public key (65 bytes, 0x04 first): the last 20 bytes of keccak of its 64, lower case. */
export const rawAddressOf = (key: Uint8Array): Address => toHex(keccak(key.subarray(1)).subarray(12)) as Address;

/** The address of an uncompressed secp256k1 public key, in its EIP-55 spelling. */
export const addressOfPublicKey = (key: Uint8Array): Address => checksummed(rawAddressOf(key));

/** The 32-byte ABI word of an unsigned integer (bigint, or decimal or 0x text already checked). */
export function uintWord(value: bigint): Uint8Array {
  const word = new Uint8Array(32);
  let rest = value;
  for (let i = 31; i >= 0 && rest > 0n; i--) {
    word[i] = Number(rest & 0xffn);
    rest >>= 8n;
  }
  return word;
}

/** The 32-byte ABI word of an address: its 20 bytes, left-padded with zeros. */
export function addressWord(address: Address): Uint8Array {
  const word = new Uint8Array(32);
  word.set(hexBytes(address)!, 12);
  return word;
}

/** The concatenation of ABI words: `abi.encode` of static values. */
export function words(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.length * 32);
  for (let i = 0; i < parts.length; i++) out.set(parts[i]!, i * 32);
  return out;
}

/** The number of a uint256 word's bytes (a 32-byte hash read as an integer). */
export function wordValue(bytes: Uint8Array): bigint {
  let value = 0n;
  for (const byte of bytes) value = (value << 8n) | BigInt(byte);
  return value;
}
