import { describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { sha256Hex } from "../shared/sha256.ts";

describe("sha256Hex", () => {
  test.each([
    ["", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"],
    ["abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"],
  ])("hashes the NIST vector %p", (input, digest) => {
    expect(sha256Hex(input)).toBe(digest);
  });

  test("agrees with node:crypto on multi-block and non-ASCII inputs", () => {
    const inputs = ["a".repeat(55), "a".repeat(56), "a".repeat(64), "a".repeat(1000), "héllo 🙂\n", "\u0000x"];
    for (const input of inputs) {
      expect(sha256Hex(input)).toBe(createHash("sha256").update(input, "utf8").digest("hex"));
    }
  });
});
