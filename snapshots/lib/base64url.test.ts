/**
 * base64url (shared/lib/base64url.ts): the runtime's encoder and the btoa path give the same
 * text, which decodes back to the same bytes, for every length and byte value.
 */
import { describe, expect, test } from "bun:test";
import { base64UrlToBytes, bytesToBase64Url, viaBtoa } from "../../shared/lib/base64url.ts";

describe("base64url", () => {
  test("both encoders agree with Node's base64url, without padding, and decode back", () => {
    for (let length = 0; length < 300; length++) {
      const bytes = Uint8Array.from({ length }, (_, i) => (i * 37 + length * 11) % 256);
      const expected = Buffer.from(bytes).toString("base64url");
      expect(bytesToBase64Url(bytes)).toBe(expected);
      expect(viaBtoa(bytes)).toBe(expected);
      expect(base64UrlToBytes(expected)).toEqual(bytes);
    }
  });

  test("text that is not base64url, or padded, decodes to null", () => {
    for (const text of ["a+b", "ab/c", "abc=", "a"]) expect(base64UrlToBytes(text)).toBeNull();
  });
});
