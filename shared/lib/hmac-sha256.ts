/**
 * HMAC-SHA256 (RFC 2104 over FIPS 180-4's SHA-256) in plain JavaScript, synchronous, for many
 * texts that begin with one prefix under one key (a seal's protected header): the key's pads and
 * the prefix are absorbed once, and each text then costs only its own blocks and the outer one.
 * For runtimes whose own HMAC costs more per call than this: workerd's `node:crypto` `createHmac`
 * goes through layers of JavaScript (a Buffer per input, a handle per MAC) for about 10 µs a call,
 * where this takes a few (docs/performance.md, "The Worker in workerd"). Texts are hashed as UTF-8,
 * as `createHmac(...).update(text)` hashes them (a lone surrogate as U+FFFD).
 */
import { bytesToBase64Url } from "./base64url.ts";
import { SHA256_K } from "./sha256.ts";

const INITIAL = Int32Array.from([
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
]);
// Signed 32-bit words throughout: V8 keeps them as small integers, where uint32 values above
// 2^31 would become doubles.
const K = new Int32Array(SHA256_K.buffer.slice(0));
const w = new Int32Array(64);
const encoder = new TextEncoder();
/** The message of one call: the prefix's last partial block, the text, its padding; grows, never shrinks. */
let scratch = new Uint8Array(4096);
const outer = new Uint8Array(64);
const digest = new Uint8Array(32);

/** Absorbs the 64-byte blocks of `bytes` from `offset` to `end` into `h`. */
function blocks(h: Int32Array, bytes: Uint8Array, offset: number, end: number): void {
  for (; offset < end; offset += 64) {
    for (let i = 0; i < 16; i++) {
      const at = offset + i * 4;
      w[i] = (bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!;
    }
    for (let i = 16; i < 64; i++) {
      const a = w[i - 15]!,
        b = w[i - 2]!;
      const s0 = ((a >>> 7) | (a << 25)) ^ ((a >>> 18) | (a << 14)) ^ (a >>> 3);
      const s1 = ((b >>> 17) | (b << 15)) ^ ((b >>> 19) | (b << 13)) ^ (b >>> 10);
      w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) | 0;
    }
    let a = h[0]!,
      b = h[1]!,
      c = h[2]!,
      d = h[3]!,
      e = h[4]!,
      f = h[5]!,
      g = h[6]!,
      hh = h[7]!;
    for (let i = 0; i < 64; i++) {
      const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
      const t1 = (hh + S1 + ((e & f) ^ (~e & g)) + K[i]! + w[i]!) | 0;
      const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
      const t2 = (S0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
      hh = g;
      g = f;
      f = e;
      e = (d + t1) | 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) | 0;
    }
    h[0] = (h[0]! + a) | 0;
    h[1] = (h[1]! + b) | 0;
    h[2] = (h[2]! + c) | 0;
    h[3] = (h[3]! + d) | 0;
    h[4] = (h[4]! + e) | 0;
    h[5] = (h[5]! + f) | 0;
    h[6] = (h[6]! + g) | 0;
    h[7] = (h[7]! + hh) | 0;
  }
}

/** Pads the message `bytes[0, length)` in place (FIPS 180-4 5.1.1) for `bitLength` bits in all; returns the padded length. */
function pad(bytes: Uint8Array, length: number, bitLength: number): number {
  const padded = (((length + 8) >> 6) + 1) << 6;
  bytes.fill(0, length, padded);
  bytes[length] = 0x80;
  const high = Math.floor(bitLength / 0x1_0000_0000);
  for (let i = 0; i < 4; i++) {
    bytes[padded - 8 + i] = (high >>> (24 - 8 * i)) & 0xff;
    bytes[padded - 4 + i] = (bitLength >>> (24 - 8 * i)) & 0xff;
  }
  return padded;
}

/** Writes `h` big-endian into `out` from `offset`. */
function write(h: Int32Array, out: Uint8Array, offset: number): void {
  for (let i = 0; i < 8; i++) {
    const word = h[i]!;
    out[offset + i * 4] = word >>> 24;
    out[offset + i * 4 + 1] = (word >>> 16) & 0xff;
    out[offset + i * 4 + 2] = (word >>> 8) & 0xff;
    out[offset + i * 4 + 3] = word & 0xff;
  }
}

/** SHA-256 of `bytes`: a key longer than a block is hashed first (RFC 2104 §2). */
function sha256(bytes: Uint8Array): Uint8Array {
  const message = new Uint8Array((((bytes.length + 8) >> 6) + 1) << 6);
  message.set(bytes);
  const h = INITIAL.slice();
  blocks(h, message, 0, pad(message, bytes.length, bytes.length * 8));
  const out = new Uint8Array(32);
  write(h, out, 0);
  return out;
}

/**
 * HMAC-SHA256 under `key` of texts beginning with `prefix`, as a function of the rest of each
 * text, in one or two pieces: the MAC in base64url, as `createHmac("sha256", key).update(prefix)
 * .update(rest).update(end).digest("base64url")` gives it.
 */
export function hmacSha256(key: Uint8Array, prefix: string): (rest: string, end?: string) => string {
  const block = new Uint8Array(64);
  block.set(key.length > 64 ? sha256(key) : key);
  const inner = INITIAL.slice();
  const outerState = INITIAL.slice();
  for (let i = 0; i < 64; i++) outer[i] = block[i]! ^ 0x5c;
  blocks(outerState, outer, 0, 64);
  for (let i = 0; i < 64; i++) block[i] = block[i]! ^ 0x36;
  blocks(inner, block, 0, 64);
  // The prefix's whole blocks are absorbed now; its tail starts every call's message.
  const head = encoder.encode(prefix);
  const whole = head.length & ~63;
  blocks(inner, head, 0, whole);
  const tail = head.subarray(whole);
  const state = new Int32Array(8);
  return (rest, end = "") => {
    const most = tail.length + (rest.length + end.length) * 3 + 72;
    if (scratch.length < most) scratch = new Uint8Array(most);
    scratch.set(tail);
    let length = tail.length + encoder.encodeInto(rest, scratch.subarray(tail.length)).written;
    if (end !== "") length += encoder.encodeInto(end, scratch.subarray(length)).written;
    state.set(inner);
    blocks(state, scratch, 0, pad(scratch, length, (64 + whole + length) * 8));
    write(state, outer, 0);
    state.set(outerState);
    blocks(state, outer, 0, pad(outer, 32, (64 + 32) * 8));
    write(state, digest, 0);
    return bytesToBase64Url(digest);
  };
}
