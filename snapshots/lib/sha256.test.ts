/**
 * The engine's synchronous SHA-256 (shared/lib/sha256.ts): the NIST vectors, agreement with
 * node:crypto, and installSha256, which takes a native implementation only if it agrees.
 */
import { describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { installSha256, pureSha256Hex, sha256Hex } from "../../shared/lib/sha256.ts";

describe("sha256Hex", () => {
  test.each([
    ["", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"],
    ["abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"],
  ])("hashes the NIST vector %p", (input, digest) => {
    expect(sha256Hex(input)).toBe(digest);
  });

  // The dependency-free code itself, whatever implementation another test file installed.
  test("the dependency-free implementation agrees with node:crypto on multi-block and non-ASCII inputs", () => {
    const inputs = [
      "a".repeat(55),
      "a".repeat(56),
      "a".repeat(64),
      "a".repeat(119),
      "a".repeat(1000),
      "héllo 🙂\n",
      "\u0000x",
    ];
    for (const input of inputs) {
      expect(pureSha256Hex(input)).toBe(createHash("sha256").update(input, "utf8").digest("hex"));
    }
  });
});

describe("installSha256", () => {
  // api/bun/server.ts installs Bun's hash at server start and ignores the answer: a refusal
  // would quietly leave the server on the pure code.
  test("accepts Bun's native SHA-256, as the server installs it", () => {
    let calls = 0;
    const native = (text: string) => {
      calls++;
      return Bun.SHA256.hash(text, "hex");
    };
    try {
      expect(installSha256(native)).toBe(true);
      calls = 0;
      expect(sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
      expect(calls).toBe(1);
    } finally {
      installSha256(pureSha256Hex);
    }
  });

  test("refuses a native implementation that disagrees on a probe, and keeps the current one", () => {
    const wrong = (text: string) => (text === "abc" ? "0".repeat(64) : pureSha256Hex(text));
    expect(installSha256(wrong)).toBe(false);
    expect(sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });

  // The stand-in wraps the dependency-free code, so the other test files that share this
  // process still hash with it once it is installed.
  test("installs one that agrees, and sha256Hex then calls it", () => {
    const seen: string[] = [];
    let recording = true;
    const native = (text: string) => {
      if (recording) seen.push(text);
      return pureSha256Hex(text);
    };
    expect(installSha256(native)).toBe(true);
    seen.length = 0;
    expect(sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    recording = false;
    expect(seen).toEqual(["abc"]);
  });
});
