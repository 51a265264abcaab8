/**
 * base64url (shared/lib/base64url.ts): the runtime's encoder and the btoa path give the same
 * text, which decodes back to the same bytes, for every length and byte value.
 */
import { describe, expect, test } from "bun:test";
import {
  base64UrlToBytes,
  binaryToBytes,
  bytesToBase64,
  bytesToBase64Url,
  viaBtoa,
} from "../../shared/lib/base64url.ts";

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

  test("standard base64 (x402's headers) agrees with Node's, padded, and atob's binary reads back", () => {
    for (let length = 0; length < 300; length++) {
      const bytes = Uint8Array.from({ length }, (_, i) => (i * 37 + length * 11) % 256);
      const expected = Buffer.from(bytes).toString("base64");
      expect(bytesToBase64(bytes)).toBe(expected);
      expect(binaryToBytes(atob(expected))).toEqual(bytes);
    }
  });

  test("text that is not base64url, or padded, decodes to null", () => {
    for (const text of ["a+b", "ab/c", "abc=", "a"]) expect(base64UrlToBytes(text)).toBeNull();
  });

  test("only the canonical spelling decodes: spare bits of the last character must be zero", () => {
    // "QQ" is the one text of [0x41]; "QR".."QZ" carry the same byte with spare bits set.
    expect(base64UrlToBytes("QQ")).toEqual(Uint8Array.of(0x41));
    for (const text of ["QR", "QS", "QT", "Qf"]) expect(base64UrlToBytes(text)).toBeNull();
    expect(base64UrlToBytes("QUI")).toEqual(Uint8Array.of(0x41, 0x42));
    for (const text of ["QUJ", "QUK", "QUL"]) expect(base64UrlToBytes(text)).toBeNull();
    // Every length and byte value: the text of the bytes decodes, a respelling of its last character never does.
    for (let length = 1; length < 80; length++) {
      const bytes = Uint8Array.from({ length }, (_, i) => (i * 53 + length * 7) % 256);
      const text = Buffer.from(bytes).toString("base64url");
      const last = text.at(-1)!;
      const respelled = [..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"]
        .map((c) => text.slice(0, -1) + c)
        .filter((t) => t.at(-1) !== last && Buffer.from(t, "base64url").equals(Buffer.from(bytes)));
      for (const t of respelled) expect(base64UrlToBytes(t)).toBeNull();
    }
  });
});
