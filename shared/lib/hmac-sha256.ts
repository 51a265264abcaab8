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
import { blocks, SHA256_INITIAL as INITIAL, pad, write } from "./sha256-blocks.ts";

const encoder = new TextEncoder();
/** The message of one call: the prefix's last partial block, the text, its padding; grows, never shrinks. */
let scratch = new Uint8Array(4096);
const outer = new Uint8Array(64);
const digest = new Uint8Array(32);

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
