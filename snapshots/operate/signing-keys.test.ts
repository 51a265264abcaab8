/**
 * The signing keys (keys/key-settings.ts, signing-key.ts, previous-keys.ts, jwk-purpose.ts and
 * ed25519-keys.ts): SIGNING_KEY as a private JWK or a PKCS#8 PEM, refused with a message that
 * names the setting and never quotes the key; SIGNING_PREVIOUS_KEYS as public JWKs or a JWKS,
 * an entry for another use than checking EdDSA signatures refused; SEALS. The kid is the RFC 7638 thumbprint (RFC 8037's own example,
 * and jose's calculateJwkThumbprint); the Signer gives RFC 8032's signatures, verifies by kid over
 * the current and previous keys, and what it signs as a JWS verifies with jose's compactVerify
 * against the key set the service serves. The default key file is in key-file.test.ts, the route
 * in http/jwks.test.ts, every runtime in runtimes/.
 */
import { describe, expect, test } from "bun:test";
import { createPrivateKey, createPublicKey, generateKeyPairSync, KeyObject } from "node:crypto";
import { CompactSign, calculateJwkThumbprint, compactVerify, createLocalJWKSet, importJWK } from "jose";
import { SettingError } from "../../api/host/settings.ts";
import { kidOf, privateKeyText, publicJwk, signerFromKeys, thumbprint } from "../../keys/ed25519-keys.ts";
import { sealingOf, sealMode, sealsNote } from "../../keys/key-settings.ts";
import { readPreviousKeys } from "../../keys/previous-keys.ts";
import { readSigningKey } from "../../keys/signing-key.ts";
import { TEST_JWKS, TEST_KID, TEST_SIGNING_JWK } from "../../scripts/harness/test-key.ts";
import { run } from "../../shared/engine/run.ts";
import { createHandler } from "../../shared/http/service.ts";
import { bytesToBase64Url } from "../../shared/lib/base64url.ts";
import type { PublicJwk, Signer } from "../../shared/seal/signer.ts";
import { CREATE, NOW } from "../support/helpers.ts";

const TEST_KEY_TEXT = JSON.stringify(TEST_SIGNING_JWK);
const testKey = (): KeyObject => readSigningKey(TEST_KEY_TEXT);
const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);
const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString("hex");

/** A fresh Ed25519 key pair: the private KeyObject and the private JWK's members. */
function freshKey(): { key: KeyObject; jwk: { kty: string; crv: string; d: string; x: string } } {
  const { privateKey } = generateKeyPairSync("ed25519");
  return { key: privateKey, jwk: privateKey.export({ format: "jwk" }) as never };
}

/** The PKCS#8 PEM of the test key. */
const TEST_PEM = (
  createPrivateKey({ key: TEST_SIGNING_JWK, format: "jwk" }).export({ format: "pem", type: "pkcs8" }) as string
).trim();

/**
 * A JWK's members that say its key is for something other than `op` (RFC 7517 §4.2-4.3, RFC
 * 8037), each with what its refusal says: a SIGNING_KEY signs, a public previous key verifies.
 */
function otherPurpose(op: "sign" | "verify"): [string, Record<string, unknown>, string][] {
  const refusal = `"key_ops" does not allow ${op === "sign" ? "signing" : "verifying"}`;
  return [
    ["an alg other than EdDSA", { alg: "ES256" }, '"alg" is not EdDSA'],
    ["a use other than sig", { use: "enc" }, '"use" is not "sig"'],
    [`key_ops without ${op}`, { key_ops: [op === "sign" ? "verify" : "sign"] }, refusal],
    ["key_ops with another operation", { key_ops: [op, "encrypt"] }, refusal],
    ["key_ops that is not a list", { key_ops: op }, refusal],
  ];
}

/** Asserts that `read` refuses with a SettingError whose message starts with `start`, holds `part`, and quotes none of `secrets`. */
function refuses(read: () => unknown, start: string, part: string, secrets: string[]): string {
  let message = "";
  try {
    read();
  } catch (error) {
    expect(error).toBeInstanceOf(SettingError);
    message = (error as Error).message;
  }
  expect(message).toStartWith(start);
  expect(message).toContain(part);
  for (const secret of secrets) expect(message).not.toContain(secret);
  return message;
}

describe("SIGNING_KEY", () => {
  test("a private JWK: its kid is RFC 8037 A.3's thumbprint of the test key", () => {
    expect(kidOf(testKey())).toBe(TEST_KID);
    // Without x, and with the members jwk generators add.
    expect(kidOf(readSigningKey(JSON.stringify({ kty: "OKP", crv: "Ed25519", d: TEST_SIGNING_JWK.d })))).toBe(TEST_KID);
    const full = { ...TEST_SIGNING_JWK, kid: TEST_KID, alg: "EdDSA", use: "sig", key_ops: ["sign", "verify"] };
    expect(kidOf(readSigningKey(` ${JSON.stringify(full, null, 2)}\n`))).toBe(TEST_KID);
    expect(kidOf(readSigningKey(JSON.stringify({ ...TEST_SIGNING_JWK, alg: "Ed25519", key_ops: ["sign"] })))).toBe(
      TEST_KID,
    );
  });

  test.each<[string, Record<string, unknown>, string]>([
    ["a kid that is not the key's thumbprint", { kid: "my-key-2026" }, '"kid" is not the key\'s RFC 7638 thumbprint'],
    ...otherPurpose("sign"),
  ])("a JWK whose %s is refused, quoting neither the key nor the member", (_, members, part) => {
    const value = JSON.stringify({ ...TEST_SIGNING_JWK, ...members });
    // What the member held, except the operation names the message itself gives as the remedy.
    const quoted = Object.values(members)
      .flat()
      .map(String)
      .filter((value) => value !== "sign" && value !== "verify");
    refuses(() => readSigningKey(value), "SIGNING_KEY", part, [TEST_SIGNING_JWK.d, ...quoted]);
  });

  test("a PKCS#8 PEM, with line breaks or with \\n written as two characters (an environment file)", () => {
    expect(kidOf(readSigningKey(TEST_PEM))).toBe(TEST_KID);
    expect(kidOf(readSigningKey(`${TEST_PEM.replaceAll("\n", "\\n")}\\n`))).toBe(TEST_KID);
  });

  test("the key file's text (privateKeyText) reads back as the same key", () => {
    const { key } = freshKey();
    const text = privateKeyText(key);
    expect(kidOf(readSigningKey(text))).toBe(kidOf(key));
    expect(JSON.parse(text)).toMatchObject({ kty: "OKP", crv: "Ed25519", kid: kidOf(key), alg: "EdDSA", use: "sig" });
    expect(JSON.parse(privateKeyText(testKey()))).toEqual({
      ...TEST_SIGNING_JWK,
      kid: TEST_KID,
      alg: "EdDSA",
      use: "sig",
    });
  });

  const d = TEST_SIGNING_JWK.d;
  const pemBody = TEST_PEM.split("\n")[1]!;
  const ecPem = (
    generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey.export({ format: "pem", type: "pkcs8" }) as string
  ).trim();
  const publicPem = (createPublicKey(testKey()).export({ format: "pem", type: "spki" }) as string).trim();
  const other = freshKey().jwk;
  test.each([
    ["not a key at all", `secret-${d}`, "it is neither"],
    ["JSON that does not parse", `{"kty":"OKP","crv":"Ed25519","d":"${d}"`, "is not valid JSON"],
    ["another key type", JSON.stringify({ kty: "EC", crv: "P-256", d, x: "x", y: "y" }), "is not an Ed25519 key"],
    ["a public JWK", JSON.stringify({ kty: "OKP", crv: "Ed25519", x: TEST_SIGNING_JWK.x }), 'no private part ("d")'],
    ["a d that is not 32 bytes", JSON.stringify({ ...TEST_SIGNING_JWK, d: `${d}AAAA` }), "is not 32 bytes"],
    [
      "an x of another key",
      JSON.stringify({ ...TEST_SIGNING_JWK, x: other.x }),
      '"x" is not the public key of its "d"',
    ],
    ["a public PEM", publicPem, "is a public key"],
    ["a PEM that cannot be read", TEST_PEM.replace(pemBody, pemBody.replace(/^..../, "AAAA")), "that can be read"],
    ["a P-256 PEM", ecPem, "is not an Ed25519 key"],
  ])("%s is refused, naming SIGNING_KEY and quoting nothing of it", (_, value, part) => {
    const secrets = [d, pemBody, other.d, ...value.split(/["\n]/).filter((piece) => piece.length >= 16)];
    refuses(() => readSigningKey(value), "SIGNING_KEY", part, secrets);
  });
});

describe("SIGNING_PREVIOUS_KEYS", () => {
  const old = freshKey().jwk;
  const older = freshKey().jwk;
  const pub = ({ x }: { x: string }) => ({ kty: "OKP", crv: "Ed25519", x });

  test("unset or blank: none", () => {
    expect(readPreviousKeys(undefined)).toEqual([]);
    expect(readPreviousKeys("  ")).toEqual([]);
  });

  test("a JSON array of public JWKs, or a JWKS as a former deployment served it, each with its kid", () => {
    const expected = [publicJwk(old.x), publicJwk(older.x)];
    expect(readPreviousKeys(JSON.stringify([pub(old), pub(older)]))).toEqual(expected);
    expect(readPreviousKeys(JSON.stringify({ keys: expected }))).toEqual(expected);
    expect(readPreviousKeys(JSON.stringify(TEST_JWKS))).toEqual(TEST_JWKS.keys as unknown as PublicJwk[]);
  });

  test.each([
    ["not JSON", "[{", "is not valid JSON"],
    ["neither an array nor a JWKS", JSON.stringify({ kty: "OKP" }), "must be a JSON array"],
    [
      "another key type",
      JSON.stringify([{ kty: "RSA", n: "n", e: "AQAB" }]),
      "SIGNING_PREVIOUS_KEYS[0] is not an Ed25519",
    ],
    [
      "an x that is not 32 bytes",
      JSON.stringify([pub(old), { ...pub(older), x: "AAAA" }]),
      'SIGNING_PREVIOUS_KEYS[1]\'s "x"',
    ],
    ["a kid that is not the thumbprint", JSON.stringify([{ ...pub(old), kid: "k1" }]), 'kid "k1" is not its RFC 7638'],
  ])("%s is refused, naming the entry", (_, value, part) => {
    refuses(() => readPreviousKeys(value), "SIGNING_PREVIOUS_KEYS", part, []);
  });

  test("a public JWK that says it checks EdDSA signatures, in every way RFC 7517 and RFC 8037 let it say so", () => {
    for (const members of [
      { alg: "EdDSA", use: "sig", key_ops: ["verify"] },
      { alg: "Ed25519" },
      { key_ops: ["sign", "verify"] },
    ]) {
      expect(readPreviousKeys(JSON.stringify([{ ...pub(old), ...members }]))).toEqual([publicJwk(old.x)]);
    }
  });

  // RFC 7517 §4.2-4.3 and RFC 8037: a key that says it is for something else is no previous
  // receipt-signing key; published in the JWKS, it would be offered for what it says it is not.
  test.each(otherPurpose("verify"))("a public JWK with %s is refused, naming the entry", (_, members, part) => {
    const message = refuses(
      () => readPreviousKeys(JSON.stringify([pub(older), { ...pub(old), ...members }])),
      "SIGNING_PREVIOUS_KEYS[1]'s ",
      part,
      [],
    );
    expect(message.split("\n")).toHaveLength(1);
  });

  test("a private key listed there is read as the key itself, which keeps its seals valid (D27)", () => {
    const [first, second] = readPreviousKeys(JSON.stringify([pub(older), old]));
    expect(first).toEqual(publicJwk(older.x));
    expect(second).toBeInstanceOf(KeyObject);
    expect(kidOf(second as KeyObject)).toBe(publicJwk(old.x).kid);
  });

  test("a private key listed there is checked as SIGNING_KEY is, and refused without quoting it", () => {
    refuses(
      () => readPreviousKeys(JSON.stringify([pub(older), { ...old, kid: "old-key" }])),
      "SIGNING_PREVIOUS_KEYS[1]",
      '"kid" is not the key\'s RFC 7638 thumbprint',
      [old.d, "old-key"],
    );
    refuses(
      () => readPreviousKeys(JSON.stringify([{ ...old, d: `${old.d}AA` }])),
      "SIGNING_PREVIOUS_KEYS[0]",
      "is not 32 bytes",
      [old.d],
    );
  });
});

describe("SEALS", () => {
  test.each([
    [undefined, "on"],
    ["", "on"],
    ["on", "on"],
    [" Required ", "required"],
    ["OFF", "off"],
  ])("%p is %p", (value, mode) => {
    expect(sealMode(value)).toBe(mode as never);
  });

  test.each(["yes", "true", "1", "strict"])("%p is refused, naming the value", (value) => {
    expect(() => sealMode(value)).toThrow(
      new SettingError(`SEALS must be on, required or off; got ${JSON.stringify(value)}.`),
    );
  });
});

describe("the kid: the key's RFC 7638 thumbprint", () => {
  test("RFC 8037 Appendix A.3's example", () => {
    expect(thumbprint(TEST_SIGNING_JWK.x)).toBe(TEST_KID);
  });

  test("jose's calculateJwkThumbprint agrees, key after key", async () => {
    for (let i = 0; i < 20; i++) {
      const { key, jwk } = freshKey();
      expect(kidOf(key)).toBe(await calculateJwkThumbprint({ kty: "OKP", crv: "Ed25519", x: jwk.x }));
    }
  });
});

describe("the Signer", () => {
  test("signs as RFC 8032 §7.1 TEST 1 says (Ed25519 is deterministic: one key, one signature, everywhere)", () => {
    const signer = signerFromKeys(testKey());
    expect(hex(signer.sign(new Uint8Array(0)))).toBe(
      "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b",
    );
    expect(signer.kid).toBe(TEST_KID);
    expect(signer.keys).toEqual(TEST_JWKS.keys as unknown as PublicJwk[]);
  });

  test("verifies its own signatures by kid, and nothing changed, unknown or malformed", () => {
    const signer = signerFromKeys(freshKey().key);
    const data = utf8(JSON.stringify({ id: "as_0123456789", status: "funded", amount: 100 }));
    const signature = signer.sign(data);
    expect(signature).toBeInstanceOf(Uint8Array);
    expect(signature.byteLength).toBe(64);
    expect(signer.verify(signer.kid, data, signature)).toBe(true);
    const changed = data.slice();
    changed[10]! ^= 1;
    expect(signer.verify(signer.kid, changed, signature)).toBe(false);
    const forged = signature.slice();
    forged[0]! ^= 1;
    expect(signer.verify(signer.kid, data, forged)).toBe(false);
    expect(signer.verify(TEST_KID, data, signature)).toBe(false);
    expect(signer.verify(signer.kid, data, signature.slice(0, 63))).toBe(false);
    expect(signer.verify(signer.kid, data, new Uint8Array(0))).toBe(false);
  });

  test("rotation: signs with the current key only, accepts what a previous key signed, lists the current key first", () => {
    const before = signerFromKeys(testKey());
    const data = utf8("a receipt signed before the rotation");
    const signedBefore = before.sign(data);
    const fresh = freshKey().key;
    // The current key listed among the previous ones too (a rotation half done) is listed once.
    const after = signerFromKeys(fresh, [...before.keys, publicJwk(JSON.parse(privateKeyText(fresh)).x)]);
    expect(after.kid).toBe(kidOf(fresh));
    expect(after.keys.map((key) => key.kid)).toEqual([kidOf(fresh), TEST_KID]);
    expect(after.verify(TEST_KID, data, signedBefore)).toBe(true);
    expect(after.verify(after.kid, data, signedBefore)).toBe(false);
    expect(after.verify(after.kid, data, after.sign(data))).toBe(true);
    expect(after.verify(TEST_KID, data, after.sign(data))).toBe(false);
  });

  test("seals: the current key's seal key, and a previous key's only when it was given with its private part", () => {
    const before = signerFromKeys(testKey());
    const ctx = (signer: Signer) => ({
      now: NOW,
      randomHex: (n: number) => "1".repeat(n),
      sealing: { mode: "on" as const, signer },
    });
    const created = run("transition", JSON.stringify({ action: "create", ...CREATE }), undefined, ctx(before)).body;
    const fund = (signer: Signer) =>
      run(
        "transition",
        JSON.stringify({ action: "fund", job: created.job, payer_credits: 1000 }),
        undefined,
        ctx(signer),
      ).body as Record<string, any>;
    expect(before.sealKids).toEqual([TEST_KID]);
    const fresh = freshKey().key;
    const keeping = signerFromKeys(fresh, readPreviousKeys(JSON.stringify([TEST_SIGNING_JWK])));
    expect(keeping.sealKids).toEqual([kidOf(fresh), TEST_KID]);
    expect(keeping.keys.map((key) => key.kid)).toEqual([kidOf(fresh), TEST_KID]);
    const kept = fund(keeping);
    expect(kept.job).toHaveProperty("seal");
    const header = JSON.parse(Buffer.from(kept.job.seal.split("..")[0], "base64url").toString());
    expect(header.kid).toBe(kidOf(fresh));
    const publicOnly = signerFromKeys(fresh, readPreviousKeys(JSON.stringify(TEST_JWKS)));
    expect(publicOnly.sealKids).toEqual([kidOf(fresh)]);
    expect(fund(publicOnly).job).not.toHaveProperty("seal");
    expect(publicOnly.mac(TEST_KID, "x.")).toBeNull();
  });

  test("publishes no private part, and its keys cannot be changed", () => {
    const signer = signerFromKeys(
      testKey(),
      readPreviousKeys(JSON.stringify([{ kty: "OKP", crv: "Ed25519", x: freshKey().jwk.x }])),
    );
    for (const key of signer.keys) expect(Object.keys(key)).toEqual(["kty", "crv", "x", "kid", "alg", "use"]);
    expect(JSON.stringify(signer.keys)).not.toContain(TEST_SIGNING_JWK.d);
    expect(Object.isFrozen(signer.keys)).toBe(true);
    expect(Object.isFrozen(signer.keys[0])).toBe(true);
  });

  test("refuses a key that is not an Ed25519 private key", () => {
    expect(() => signerFromKeys(createPublicKey(testKey()))).toThrow(TypeError);
    expect(() => signerFromKeys(generateKeyPairSync("x25519").privateKey)).toThrow(TypeError);
  });
});

describe("a JWS the Signer makes, checked with jose and the served key set alone", () => {
  const b64 = (text: string) => bytesToBase64Url(utf8(text));
  /** A compact JWS (RFC 7515) of `payload`, header { alg EdDSA, kid }, signed by `signer`. */
  function jws(signer: ReturnType<typeof signerFromKeys>, payload: unknown): string {
    const input = `${b64(JSON.stringify({ alg: "EdDSA", kid: signer.kid }))}.${b64(JSON.stringify(payload))}`;
    return `${input}.${bytesToBase64Url(signer.sign(utf8(input)))}`;
  }
  /** GET /.well-known/jwks.json of a service with `signer`. */
  async function servedKeySet(signer: ReturnType<typeof signerFromKeys>) {
    const handler = createHandler({ now: () => NOW, randomHex: (n) => "0".repeat(n), sealing: { mode: "on", signer } });
    return (await handler(new Request("http://localhost/.well-known/jwks.json"))).json();
  }

  test("compactVerify with createLocalJWKSet over the JWKS accepts it and gives back the payload", async () => {
    const signer = signerFromKeys(testKey());
    const receipt = { job_id: "as_0123456789", status: "released", amount: 100, release_fee: 5, agent_payout: 95 };
    const { payload, protectedHeader } = await compactVerify(
      jws(signer, receipt),
      createLocalJWKSet(await servedKeySet(signer)),
    );
    expect(JSON.parse(new TextDecoder().decode(payload))).toEqual(receipt);
    expect(protectedHeader).toEqual({ alg: "EdDSA", kid: TEST_KID });
  });

  test("after a rotation, what the previous key signed still verifies against the new key set; a changed token does not", async () => {
    const before = signerFromKeys(testKey());
    const token = jws(before, { job_id: "as_0123456789" });
    const after = signerFromKeys(freshKey().key, before.keys);
    const keySet = createLocalJWKSet(await servedKeySet(after));
    expect((await compactVerify(token, keySet)).protectedHeader.kid).toBe(TEST_KID);
    const [header, payload, signature] = token.split(".");
    const changed = `${header}.${b64(JSON.stringify({ job_id: "as_9999999999" }))}.${signature}`;
    expect(payload).not.toBe(changed.split(".")[1]);
    await expect(compactVerify(changed, keySet)).rejects.toThrow("signature verification failed");
  });

  test("and the other way: what jose signs with the same key, the Signer verifies", async () => {
    const signer = signerFromKeys(testKey());
    const token = await new CompactSign(utf8("signed by jose"))
      .setProtectedHeader({ alg: "EdDSA", kid: TEST_KID })
      .sign(await importJWK(TEST_SIGNING_JWK, "EdDSA"));
    const [header, payload, signature] = token.split(".");
    expect(signer.verify(TEST_KID, utf8(`${header}.${payload}`), Buffer.from(signature!, "base64url"))).toBe(true);
    // Deterministic: the same token the Signer makes.
    expect(token).toBe(`${header}.${payload}.${bytesToBase64Url(signer.sign(utf8(`${header}.${payload}`)))}`);
  });
});

describe("sealing and the start line", () => {
  test("SEALS=off, or on without a key: no sealing; required without a key: unusable; otherwise the mode and the key's Signer", () => {
    const key = testKey();
    expect(sealingOf({ seals: "off", key, previous: [] })).toBeUndefined();
    expect(sealingOf({ seals: "on", key: null, previous: [] })).toBeUndefined();
    expect(sealingOf({ seals: "required", key: null, previous: [] })).toEqual({ mode: "required", signer: null });
    const sealing = sealingOf({ seals: "required", key, previous: [] });
    expect(sealing?.mode).toBe("required");
    expect(sealing?.signer?.kid).toBe(TEST_KID);
  });

  test("the start line names the mode, the kid and where the key came from, never the key", () => {
    const note = sealsNote({ seals: "on", key: testKey(), source: "SIGNING_KEY", previous: [] });
    expect(note).toBe(`seals on, kid ${TEST_KID} from SIGNING_KEY`);
    expect(sealsNote({ seals: "off", key: testKey(), previous: [] })).toBe("seals off");
  });
});
