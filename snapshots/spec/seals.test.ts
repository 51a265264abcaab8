/**
 * D27 written out by hand, as a reader of the published decision would build it: the job seal's
 * header, MAC input and key (HKDF-SHA256 with its info) rebuilt here and checked with jose as an
 * RFC 7797 detached JWS; the receipt signature checked with jose and the JWKS, its typ required;
 * and the unsealed answers kept under SEALS=on (verify's valid is about the figures), with SEALS=required
 * making valid false without ever refusing.
 */
import { describe, expect, test } from "bun:test";
import { createHash, createHmac, generateKeyPairSync, hkdfSync } from "node:crypto";
import { compactVerify, flattenedVerify, importJWK } from "jose";
import { DECISIONS } from "../../shared/documents/decisions.ts";
import type { EngineContext } from "../../shared/engine/context.ts";
import { CREATE, call, fixedContext, NOW, PROOF_URL } from "../support/helpers.ts";
import { testSigner } from "../support/test-signer.ts";

type Body = Record<string, any>;

/** D27's constants, written out. */
const SEAL_INFO = "agent-escrow-demo job seal key v1";
const SEAL_TYP = "escrow-job-seal+jws";
const RECEIPT_TYP = "escrow-receipt+jws";

const pair = generateKeyPairSync("ed25519");
const signer = testSigner(pair);
const { d, x } = pair.privateKey.export({ format: "jwk" }) as { d: string; x: string };
const kid = createHash("sha256")
  .update(JSON.stringify({ crv: "Ed25519", kty: "OKP", x }))
  .digest("base64url");
/** The seal key: HKDF-SHA256 of the private key's 32 bytes, empty salt, D27's info, 32 bytes. */
const sealKey = new Uint8Array(hkdfSync("sha256", Buffer.from(d, "base64url"), Buffer.alloc(0), SEAL_INFO, 32));

const sealed = (mode: "on" | "required"): EngineContext => ({ ...fixedContext(), sealing: { mode, signer } });
const answer = (route: Parameters<typeof call>[0], body: unknown, mode: "on" | "required" = "on"): Body =>
  call(route, body, {}, sealed(mode)).body as Body;

function walk() {
  const created = answer("transition", { action: "create", ...CREATE });
  const funded = answer("transition", { action: "fund", job: created.job, payer_credits: 1000 });
  const submitted = answer("transition", { action: "submit", job: funded.job, proof_url: PROOF_URL });
  const released = answer("transition", { action: "release", job: submitted.job });
  return { created, funded, submitted, released };
}

describe("D27: a job's seal, rebuilt from the decision's words", () => {
  const { funded } = walk();
  const { seal, ...job } = funded.job;
  const header = Buffer.from(JSON.stringify({ alg: "HS256", b64: false, crit: ["b64"], kid, typ: SEAL_TYP })).toString(
    "base64url",
  );

  test("is base64url(header)..HMAC-SHA256(seal key, base64url(header) + '.' + the job's JSON), last in the job", () => {
    const mac = createHmac("sha256", sealKey)
      .update(`${header}.${JSON.stringify(job)}`)
      .digest("base64url");
    expect(seal).toBe(`${header}..${mac}`);
    expect(Object.keys(funded.job).at(-1)).toBe("seal");
  });

  test("is an RFC 7797 detached JWS a JOSE library checks with the seal key", async () => {
    const [, , signature] = seal.split(".");
    const verified = await flattenedVerify({ protected: header, payload: JSON.stringify(job), signature }, sealKey);
    expect(verified.protectedHeader).toEqual({ alg: "HS256", b64: false, crit: ["b64"], kid, typ: SEAL_TYP });
  });

  test.each([
    ["an alias", ({ proofUrl, ...rest }: Body) => ({ ...rest, proof_url: proofUrl })],
    ["an added member", (rest: Body) => ({ ...rest, paid: true })],
    ["an added null member the service writes as a value", ({ fee: _, ...rest }: Body) => ({ ...rest, fee: null })],
    ["a dropped member", ({ fee: _, ...rest }: Body) => rest],
    ["a moved member", ({ id, ...rest }: Body) => ({ ...rest, id })],
    ["an edited member", (rest: Body) => ({ ...rest, title: "Changed" })],
  ])("does not hold for the job with %s: validate says seal_valid false", (_name, change) => {
    const body = answer("validate", { action: "submit", job: { ...change(job), seal }, proof_url: PROOF_URL });
    expect(body.seal_valid).toBe(false);
  });
});

describe("D27: a receipt's signature, checked with jose and the JWKS alone", () => {
  test("its header is EdDSA with the kid and typ escrow-receipt+jws, its payload the receipt without it", async () => {
    const { receipt } = walk().released;
    const { signature, ...signed } = receipt;
    const key = await importJWK({ kty: "OKP", crv: "Ed25519", x }, "EdDSA");
    const { payload, protectedHeader } = await compactVerify(signature, key);
    expect(protectedHeader).toEqual({ alg: "EdDSA", kid, typ: RECEIPT_TYP });
    expect(JSON.parse(new TextDecoder().decode(payload))).toEqual(signed);
  });

  test("is there only when the settled job arrived sealed: a forged job's receipt has none", () => {
    const { submitted } = walk();
    const { seal: _, ...forged } = submitted.job;
    const released = answer("transition", { action: "release", job: forged });
    expect([released.ok, released.receipt.signature, released.job.seal]).toEqual([true, undefined, undefined]);
  });
});

describe("D27: verify's valid under each mode, never a refusal", () => {
  test("SEALS=on: a right figure of an edited sealed job is valid true, seal_valid false (the unsealed answer)", () => {
    const { submitted } = walk();
    const body = answer("verify", { job: { ...submitted.job, title: "Changed" }, action: "release" });
    expect([body.valid, body.seal_valid]).toEqual([true, false]);
  });

  test("SEALS=required: a job without a seal is 200 valid false, with no seal_valid", () => {
    const { seal: _, ...job } = walk().submitted.job;
    const result = call("verify", { job, action: "release" }, {}, sealed("required"));
    expect([result.status, result.body.valid, "seal_valid" in result.body]).toEqual([200, false, false]);
  });

  test("SEALS=required: a receipt whose signature does not hold is 200 valid false, signature_valid false", () => {
    const { receipt } = walk().released;
    const result = call("verify", { receipt: { ...receipt, title: "Changed" } }, {}, sealed("required"));
    expect([result.status, result.body.valid, result.body.signature_valid]).toEqual([200, false, false]);
  });
});

describe("D27: what a verifier of receipts keys a settlement on", () => {
  // One sealed open job, funded twice (a minute apart) by whoever holds it, each walked to release.
  const { created } = walk();
  const later = (minutes: number): EngineContext => ({
    ...fixedContext(NOW + minutes * 60_000),
    sealing: { mode: "on", signer },
  });
  const settle = (minutes: number): Body => {
    const step = (body: Body) => call("transition", body, {}, later(minutes)).body as Body;
    const funded = step({ action: "fund", job: created.job, payer_credits: 1000 });
    const submitted = step({ action: "submit", job: funded.job, proof_url: PROOF_URL });
    return step({ action: "release", job: submitted.job }).receipt;
  };
  const [first, second] = [settle(1), settle(2)];

  test("a sealed open job funded twice gives two signed receipts of one job_id and created, funded and submitted differing", () => {
    expect([typeof first.signature, typeof second.signature]).toEqual(["string", "string"]);
    expect([second.job_id, second.created]).toEqual([first.job_id, first.created]);
    expect(second.funded).not.toBe(first.funded);
    expect(second.submitted).not.toBe(first.submitted);
  });

  test("so D27 keys a settlement on (job_id, created), and says a signed receipt does not say who asked for it", () => {
    const advice = DECISIONS.D27;
    expect(advice).toContain("(job_id, created)");
    expect(advice).not.toMatch(/same created, funded and submitted/);
    expect(advice).toMatch(/does not say who asked for the release/);
    // Keyed so, the second settlement is the same job settled again.
    const key = (receipt: Body) => JSON.stringify([receipt.job_id, receipt.created]);
    expect(key(second)).toBe(key(first));
  });
});
