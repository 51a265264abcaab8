/**
 * Sealed jobs and signed receipts in the engine (D27), with a test signer: every committed job
 * carries a seal, last, while the chain holds: an HS256 MAC under a key derived from the signing
 * key, over the job exactly as the service wrote it. Any change to what was written (a member
 * edited, renamed to its alias, added, dropped or moved) breaks it; SEALS=on then judges the job
 * as SETTLEMENT.md says but seals nothing more and signs no receipt. A receipt is signed (EdDSA, typ
 * escrow-receipt+jws) only when the settled job arrived sealed. Quotes are neither sealed nor
 * signed; without a signer nothing changes.
 */
import { describe, expect, test } from "bun:test";
import { createHmac, verify as edVerify } from "node:crypto";
import { compactVerify, createLocalJWKSet } from "jose";
import { RECEIPT_TYP, SEAL_TYP } from "../../shared/protocol/integrity-members.ts";
import { CREATE, call, fixedContext, NOW, PROOF_URL } from "../support/helpers.ts";
import { PAIR, respelled, SIGNER, sealed, sealedWalk } from "../support/sealed.ts";
import { newKeyPair, testSealKey, testSigner } from "../support/test-signer.ts";

type Body = Record<string, any>;
const transition = (body: Body, ctx = sealed()): Body => call("transition", body, {}, ctx).body as Body;

const lastKey = (object: Body) => Object.keys(object).at(-1);
const decode = (part: string) => JSON.parse(Buffer.from(part, "base64url").toString());

describe("seals on committed jobs (SEALS=on)", () => {
  test("every committed job ends with a seal: a detached HS256 JWS, unencoded payload, kid and typ, about 210 characters", () => {
    const { created, funded, submitted } = sealedWalk();
    for (const answer of [created, funded, submitted]) {
      expect(lastKey(answer.job)).toBe("seal");
      const [header, payload, mac] = (answer.job.seal as string).split(".");
      expect(decode(header!)).toEqual({ alg: "HS256", b64: false, crit: ["b64"], kid: SIGNER.kid, typ: SEAL_TYP });
      expect(payload).toBe("");
      expect(Buffer.from(mac!, "base64url")).toHaveLength(32);
      expect((answer.job.seal as string).length).toBeLessThan(250);
    }
  });

  test("the seal is HMAC-SHA256, under HKDF-SHA256 of the signing key, of the header, a dot and the job's JSON as written", () => {
    const { job } = sealedWalk();
    const { seal, ...written } = job;
    const [header, , mac] = (seal as string).split(".");
    const expected = createHmac("sha256", testSealKey(PAIR.privateKey))
      .update(`${header}.${JSON.stringify(written)}`)
      .digest("base64url");
    expect(mac).toBe(expected);
  });

  test("a job sent back exactly as written keeps the chain: the answer is sealed again", () => {
    const { job } = sealedWalk();
    const released = transition({ action: "release", job });
    expect(lastKey(released.job)).toBe("seal");
    expect(released.receipt).toHaveProperty("signature");
    // The seal is not part of what it seals: sent first, the job's own members are still as written.
    const { seal, ...rest } = job;
    expect(transition({ action: "release", job: { seal, ...rest } }).receipt).toHaveProperty("signature");
  });

  // Each of these kept a valid seal when the seal covered the job as read (EdDSA seals, before HS256).
  const { job } = sealedWalk();
  const { seal, ...members } = job;
  const entries = Object.entries(members);
  const ATTACKS: [string, Body][] = [
    ["an edited member (amount 1)", { ...job, amount: 1 }],
    [
      "an alias beside a sealed member (expiresAt null, expires_at the sealed value)",
      {
        ...members,
        expiresAt: null,
        expires_at: job.expiresAt,
        seal,
      },
    ],
    [
      "a member under its alias (proof_url for proofUrl)",
      Object.fromEntries(
        entries.map(([name, value]) => [name === "proofUrl" ? "proof_url" : name, value]).concat([["seal", seal]]),
      ),
    ],
    ["an unknown member (paid: true)", { ...members, paid: true, seal }],
    ["a dropped member (fundedAt)", { ...Object.fromEntries(entries.filter(([name]) => name !== "fundedAt")), seal }],
    [
      "reordered members (title after amount)",
      (() => {
        const { id, title, amount, ...others } = members;
        return { id, amount, title, ...others, seal };
      })(),
    ],
    ["a seal respelled in non-canonical base64url", { ...job, seal: respelled(seal as string) }],
  ];

  test.each(ATTACKS)(
    "%s breaks the chain: judged as SETTLEMENT.md says, no seal after, no signed receipt",
    (_, changed) => {
      const released = transition({ action: "release", job: changed });
      expect(released.ok).toBe(true);
      expect(released.job).not.toHaveProperty("seal");
      expect(released.receipt).not.toHaveProperty("signature");
      expect(call("validate", { action: "release", job: changed }, {}, sealed()).body).toMatchObject({
        ok: true,
        seal_valid: false,
      });
    },
  );

  test.each(ATTACKS)("%s is refused under SEALS=required: invalid_field job.seal", (_, changed) => {
    expect(transition({ action: "release", job: changed }, sealed("required"))).toMatchObject({
      error: "invalid_field",
      field: "job.seal",
    });
  });

  test("a member left out while unset may come back as null, as OpenAI's strict mode sends it (D2): the chain holds", () => {
    const { funded } = sealedWalk();
    const { seal, ...members } = funded.job;
    // Every member the strict schema requires, in the schema's (SETTLEMENT.md's) order, unset ones null.
    const strict = {
      ...Object.fromEntries(
        ["id", "title", "amount", "criteria", "proofUrl", "proofNote", "status", "createdAt", "fundedAt"].map(
          (name) => [name, members[name] ?? null],
        ),
      ),
      submittedAt: null,
      resolvedAt: null,
      fee: 0,
      agentPayout: 0,
      releaseNote: null,
      disputeReason: null,
      clientRef: null,
      callbackUrl: null,
      expiresAt: members.expiresAt,
      seal,
    };
    expect(Object.keys(strict).filter((name) => !(name in funded.job))).toEqual([
      "proofNote",
      "releaseNote",
      "disputeReason",
      "clientRef",
      "callbackUrl",
    ]);
    const submitted = transition({ action: "submit", job: strict, proof_url: PROOF_URL });
    expect(submitted.job).toHaveProperty("seal");
    // With the seal sent first, too.
    const { seal: first, ...rest } = strict;
    expect(transition({ action: "submit", job: { seal: first, ...rest }, proof_url: PROOF_URL }).job).toHaveProperty(
      "seal",
    );
    // A null where the service wrote a value is a dropped member: the hold would be gone.
    const noHold = transition({ action: "submit", job: { ...strict, expiresAt: null }, proof_url: PROOF_URL });
    expect(noHold.job).not.toHaveProperty("seal");
    // A null beside a value under another name is a change too (the alias attack).
    const aliased = transition({
      action: "submit",
      job: { ...strict, clientRef: null, client_ref: "x" },
      proof_url: PROOF_URL,
    });
    expect(aliased.job).not.toHaveProperty("seal");
    // A member the service writes as null or a value (fundedAt, fee) is no member left out.
    const { fee: _, ...noFee } = strict;
    expect(transition({ action: "submit", job: noFee, proof_url: PROOF_URL }).job).not.toHaveProperty("seal");
  });

  test("a broken chain stays broken: the next action of an unsealed answer is unsealed too", () => {
    const { job } = sealedWalk();
    const forged = transition({ action: "release", job: { ...job, amount: 1 } });
    expect(forged).toMatchObject({ ok: true, fee: 0, agent_payout: 1 });
    const { funded } = sealedWalk();
    const { seal: _, ...unsealed } = funded.job;
    const next = transition({ action: "submit", job: unsealed, proof_url: PROOF_URL });
    expect(next.job).not.toHaveProperty("seal");
    expect(transition({ action: "release", job: next.job }).receipt).not.toHaveProperty("signature");
  });

  test("another key's seal does not match; a previous key given with its private part keeps its seals", () => {
    const old = newKeyPair();
    const { job } = sealedWalk(sealed("on", testSigner(old)));
    expect(transition({ action: "release", job }).receipt).not.toHaveProperty("signature");
    // A rotation that keeps the old private key: old seals hold, new seals name the new kid.
    const rotated = testSigner(newKeyPair(), [old.publicKey], [old.privateKey]);
    const kept = transition({ action: "release", job }, sealed("on", rotated));
    expect(kept.receipt).toHaveProperty("signature");
    expect(decode(kept.job.seal.split(".")[0]).kid).toBe(rotated.kid);
    // A public-only previous key checks receipts, not seals.
    const publicOnly = testSigner(newKeyPair(), [old.publicKey]);
    expect(transition({ action: "release", job }, sealed("on", publicOnly)).receipt).not.toHaveProperty("signature");
  });
});

describe("signed receipts", () => {
  test("a receipt of a sealed job ends with signature: EdDSA, typ escrow-receipt+jws, payload the rest; jose verifies it", async () => {
    const { job } = sealedWalk();
    for (const action of ["release", "dispute"]) {
      const { receipt } = transition({ action, job });
      expect(lastKey(receipt)).toBe("signature");
      expect(receipt).not.toHaveProperty("job_sealed");
      const { signature, ...rest } = receipt;
      const [header, payload, sig] = (signature as string).split(".");
      expect(decode(header!)).toEqual({ alg: "EdDSA", kid: SIGNER.kid, typ: RECEIPT_TYP });
      expect(decode(payload!)).toEqual(rest);
      expect(edVerify(null, Buffer.from(`${header}.${payload}`), PAIR.publicKey, Buffer.from(sig!, "base64url"))).toBe(
        true,
      );
      const verified = await compactVerify(signature, createLocalJWKSet({ keys: [...SIGNER.keys] }), {
        algorithms: ["EdDSA"],
      });
      expect(verified.protectedHeader.typ).toBe(RECEIPT_TYP);
      expect(JSON.parse(new TextDecoder().decode(verified.payload))).toEqual(rest);
    }
  });

  test("a forged job's receipt is not signed, so no service signature vouches for it", () => {
    const { seal: _, ...forged } = sealedWalk().job;
    const { receipt } = transition({ action: "release", job: { ...forged, amount: 100000 } });
    expect(receipt).toMatchObject({ amount: 100000, release_fee: 5000 });
    expect(receipt).not.toHaveProperty("signature");
    expect(receipt).not.toHaveProperty("job_sealed");
  });

  test("simulate seals every step's job and the final job, and signs its receipt (its chain starts at create)", () => {
    const body = call("simulate", { ...CREATE, payer_credits: 1000, proof_url: PROOF_URL }, {}, sealed()).body as Body;
    for (const step of body.steps) expect(lastKey(step.job)).toBe("seal");
    expect(lastKey(body.job)).toBe("seal");
    expect(lastKey(body.receipt)).toBe("signature");
    expect(body.steps.at(-1).receipt).toEqual(body.receipt);
  });

  test("a quote's would-be job and receipt are neither sealed nor signed", () => {
    const quote = call("quote", { action: "release", job: sealedWalk().job }, {}, sealed()).body as Body;
    expect(quote.ok).toBe(true);
    expect(JSON.stringify(quote)).not.toContain('"seal"');
    expect(JSON.stringify(quote)).not.toContain('"signature"');
  });

  test("without a signer (SEALS=off) the answers are SETTLEMENT.md's, unchanged", () => {
    const plain = sealedWalk(fixedContext());
    expect(plain.job).not.toHaveProperty("seal");
    const { receipt } = transition({ action: "release", job: plain.job }, fixedContext());
    expect(receipt).not.toHaveProperty("signature");
  });

  test("one clock, one key: the same call gives the same seal and signature", () => {
    const a = sealedWalk(sealed());
    const b = sealedWalk({ ...sealed(), now: NOW });
    expect(a.job.seal).toBe(b.job.seal);
    expect(transition({ action: "release", job: a.job }).receipt).toEqual(
      transition({ action: "release", job: b.job }).receipt,
    );
  });
});
