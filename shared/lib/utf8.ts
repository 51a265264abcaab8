/**
 * UTF-8 of a text into one reused buffer: what an answer's length and a receipt's signing input
 * need, without a new array per request. Three bytes per UTF-16 unit always fit; the buffer
 * grows as needed (to three times the largest text met, which D9 bounds) and never shrinks.
 */
const encoder = new TextEncoder();
let scratch = new Uint8Array(16_384);

/** The UTF-8 of `text` as a view of the reused buffer, valid until the next call: read it at once, never keep it. */
export function utf8View(text: string): Uint8Array {
  if (scratch.length < text.length * 3) scratch = new Uint8Array(text.length * 3);
  return scratch.subarray(0, encoder.encodeInto(text, scratch).written);
}
