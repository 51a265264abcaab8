/**
 * The JavaScript HMAC-SHA256 the seals use on workerd (shared/lib/hmac-sha256.ts): RFC 4231's
 * test vectors, and agreement with node:crypto's createHmac over keys, prefixes and texts that
 * straddle SHA-256's block and padding boundaries, non-ASCII text and a lone surrogate.
 */
import { describe, expect, test } from "bun:test";
import { createHmac } from "node:crypto";
import { hmacSha256 } from "../../shared/lib/hmac-sha256.ts";

const hex = (text: string): Uint8Array => Uint8Array.from(Buffer.from(text, "hex"));
const base64Url = (hexDigest: string): string => Buffer.from(hexDigest, "hex").toString("base64url");

describe("hmacSha256", () => {
  // RFC 4231 §4.2, §4.3 and §4.7 (a key longer than a block).
  test.each([
    ["0b".repeat(20), "Hi There", "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"],
    ["4a656665", "what do ya want for nothing?", "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"],
    [
      "aa".repeat(131),
      "This is a test using a larger than block-size key and a larger than block-size data. The key needs to be hashed before being used by the HMAC algorithm.",
      "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2",
    ],
  ])("gives RFC 4231's MAC under key %s", (key, data, digest) => {
    expect(hmacSha256(hex(key), "")(data)).toBe(base64Url(digest));
    // The same text split between the prefix and the rest, and between the rest and its end.
    expect(hmacSha256(hex(key), data.slice(0, 5))(data.slice(5))).toBe(base64Url(digest));
    expect(hmacSha256(hex(key), "")(data.slice(0, -1), data.slice(-1))).toBe(base64Url(digest));
  });

  test("agrees with createHmac across block boundaries, non-ASCII text and a lone surrogate", () => {
    const texts = [
      "",
      "a",
      "x".repeat(55),
      "x".repeat(56),
      "x".repeat(63),
      "x".repeat(64),
      "héllo 🙂",
      "\ud800 lone",
      "y".repeat(5000),
    ];
    for (const keyLength of [0, 32, 64, 65]) {
      const key = Uint8Array.from({ length: keyLength }, (_, i) => (i * 37 + 11) & 0xff);
      for (const prefix of ["", "abc.", "p".repeat(63), "p".repeat(64), "p".repeat(130)]) {
        const mac = hmacSha256(key, prefix);
        for (const rest of texts)
          for (const end of [undefined, "}", "ü"]) {
            const expected = createHmac("sha256", key)
              .update(prefix)
              .update(rest)
              .update(end ?? "")
              .digest("base64url");
            expect(mac(rest, end)).toBe(expected);
          }
      }
    }
  });
});
