/**
 * What the engine says of the seals and signatures it is sent (D27): validate answers seal_valid
 * (on its 200 and on a state problem), verify seal_valid or signature_valid; under SEALS=on
 * `valid` is SETTLEMENT.md's (the figures), under SEALS=required it is also false when the seal or
 * signature is missing or does not hold, and verify never refuses for integrity. Transitions and
 * quotes under SEALS=required refuse a missing or wrong seal, after the job's own members and
 * before any state check. SEALS=required without a usable key answers seals_unavailable (503).
 */
import { describe, expect, test } from "bun:test";
import { ENGINE_ROUTES } from "../../shared/protocol/constants.ts";
import { ERROR_CATALOG } from "../../shared/protocol/errors.ts";
import { CREATE, call, fixedContext, PROOF_URL } from "../support/helpers.ts";
import { respelled, sealed, sealedWalk } from "../support/sealed.ts";

type Body = Record<string, any>;
const body = (route: Parameters<typeof call>[0], sent: Body, ctx = sealed()): Body =>
  call(route, sent, {}, ctx).body as Body;

const { created, funded, job: submitted } = sealedWalk();
const { receipt } = body("transition", { action: "release", job: submitted });
const { seal: _seal, ...unsealedJob } = submitted;
const { signature: _signature, ...unsignedReceipt } = receipt;

describe("validate answers seal_valid", () => {
  test("a sealed job: seal_valid true right after next_status; a changed one false; none without a seal", () => {
    const good = body("validate", { action: "release", job: submitted });
    expect(Object.keys(good)).toEqual(["ok", "mode", "money", "action", "next_status", "seal_valid", "key_optional"]);
    expect(good.seal_valid).toBe(true);
    expect(body("validate", { action: "release", job: { ...submitted, title: "Other" } }).seal_valid).toBe(false);
    expect(body("validate", { action: "release", job: unsealedJob })).not.toHaveProperty("seal_valid");
    expect(body("validate", { action: "create", ...CREATE })).not.toHaveProperty("seal_valid");
  });

  test("a state problem still says whether the seal holds, so any action checks a job", () => {
    const answer = call("validate", { action: "fund", job: submitted, payer_credits: 1000 }, {}, sealed());
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ error: "illegal_transition", kind: "state", seal_valid: true });
    expect(Object.keys(answer.body).at(-1)).toBe("seal_valid");
    const changed = body("validate", { action: "fund", job: { ...created.job, amount: 5 }, payer_credits: 1 });
    expect(changed).toMatchObject({ error: "insufficient_credits", seal_valid: false });
  });

  test("without a signer (SEALS=off) validate answers SETTLEMENT.md's body, seal or not", () => {
    expect(body("validate", { action: "release", job: submitted }, fixedContext())).not.toHaveProperty("seal_valid");
  });
});

describe("verify: seal_valid, signature_valid, and what valid means", () => {
  test("SEALS=on: a signed receipt is signature_valid true; valid is about the figures alone", () => {
    expect(body("verify", { receipt })).toMatchObject({ valid: true, signature_valid: true });
    const changed = body("verify", { receipt: { ...receipt, title: "Changed" } });
    expect(changed).toMatchObject({ valid: true, signature_valid: false, mismatches: [] });
    const wrongFigure = body("verify", { receipt: { ...receipt, release_fee: 6 } });
    expect(wrongFigure).toMatchObject({ valid: false, signature_valid: false });
    expect(body("verify", { receipt: unsignedReceipt })).not.toHaveProperty("signature_valid");
    expect(body("verify", { receipt: unsignedReceipt }).valid).toBe(true);
  });

  test("a signed receipt sent back with its members in another order is still signature_valid: the payload is compared as JSON", () => {
    const { signature, ...members } = receipt;
    const reversed = Object.fromEntries(Object.entries(members).reverse());
    expect(body("verify", { receipt: { ...reversed, signature } })).toMatchObject({
      valid: true,
      signature_valid: true,
    });
    const changed = Object.fromEntries(
      Object.entries(members)
        .map(([k, v]) => [k, k === "title" ? "Changed" : v])
        .reverse(),
    );
    expect(body("verify", { receipt: { ...changed, signature } })).toMatchObject({ signature_valid: false });
  });

  test("SEALS=on: a sealed job is seal_valid true; a changed one seal_valid false with valid still true", () => {
    expect(body("verify", { job: submitted, action: "release" })).toMatchObject({ valid: true, seal_valid: true });
    const changed = body("verify", { job: { ...submitted, proofUrl: "https://example.com/other" }, action: "release" });
    expect(changed).toMatchObject({ valid: true, seal_valid: false });
    expect(body("verify", { job: unsealedJob, action: "release" })).not.toHaveProperty("seal_valid");
  });

  test("the verdict sits right after verified", () => {
    const keys = Object.keys(body("verify", { receipt }));
    expect(keys.slice(keys.indexOf("verified"), keys.indexOf("verified") + 2)).toEqual(["verified", "signature_valid"]);
  });

  test("SEALS=required: valid is false when the seal or signature is missing or does not hold, and the answer is a 200", () => {
    const required = sealed("required");
    const cases: [Body, boolean][] = [
      [{ receipt }, true],
      [{ receipt: unsignedReceipt }, false],
      [{ receipt: { ...receipt, title: "Changed" } }, false],
      [{ job: submitted, action: "release" }, true],
      [{ job: unsealedJob, action: "release" }, false],
      [{ job: { ...submitted, title: "Changed" }, action: "release" }, false],
    ];
    for (const [sent, valid] of cases) {
      const answer = call("verify", sent, {}, required);
      expect(answer.status, JSON.stringify(Object.keys(sent))).toBe(200);
      expect(answer.body.valid, JSON.stringify(sent).slice(0, 80)).toBe(valid);
    }
  });

  test("a signature in another spelling, or of another type, or with another alg, is not this service's", () => {
    const respelledSig = body("verify", { receipt: { ...receipt, signature: respelled(receipt.signature) } });
    expect(respelledSig.signature_valid).toBe(false);
    const [, payload, sig] = receipt.signature.split(".");
    for (const header of [
      { alg: "EdDSA", kid: sealed().sealing!.signer.kid },
      { alg: "EdDSA", kid: sealed().sealing!.signer.kid, typ: "JWT" },
      { kid: sealed().sealing!.signer.kid, alg: "EdDSA", typ: "escrow-receipt+jws" },
    ]) {
      const token = `${Buffer.from(JSON.stringify(header)).toString("base64url")}.${payload}.${sig}`;
      expect(body("verify", { receipt: { ...receipt, signature: token } }).signature_valid).toBe(false);
    }
  });
});

describe("SEALS=required on transitions and quotes", () => {
  const required = () => sealed("required");

  test("a job without a seal is missing_field job.seal on transition and quote; validate lists it", () => {
    for (const route of ["transition", "quote", "validate"] as const) {
      expect(body(route, { action: "release", job: unsealedJob }, required()), route).toMatchObject({
        error: "missing_field",
        field: "job.seal",
        message: "job.seal is required.",
      });
    }
  });

  test("a seal that does not match says what may have happened and what to send", () => {
    const answer = call("transition", { action: "release", job: { ...submitted, title: "Changed" } }, {}, required());
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: "invalid_field", field: "job.seal" });
    expect(answer.body.message).toBe(
      "job.seal does not match this job: the job was changed after the service sealed it (a member edited, renamed, added, dropped or moved), or the seal is not this service's. Send the job exactly as the last answer gave it, seal included.",
    );
  });

  test("the seal is checked after the job's own members and before any state check", () => {
    expect(body("transition", { action: "release", job: { ...submitted, amount: -1 } }, required())).toMatchObject({
      error: "invalid_field",
      field: "job.amount",
    });
    // Releasing an open job is illegal_transition, but a changed seal is found first.
    const changed = { ...created.job, criteria: "Other" };
    expect(body("transition", { action: "release", job: changed }, required())).toMatchObject({ field: "job.seal" });
  });

  test("SEALS=on: a quote does not look at the seal", () => {
    const forged = { ...unsealedJob, seal: "e30..AAAA" };
    expect(body("quote", { action: "release", job: forged }).ok).toBe(true);
  });

  test("a sealed walk goes through, create needs no seal, and the receipt is signed", () => {
    const walk = sealedWalk(required());
    expect(walk.funded.job).toHaveProperty("seal");
    expect(body("transition", { action: "release", job: walk.job }, required()).receipt).toHaveProperty("signature");
    const { seal: _, ...unsealedFunded } = funded.job;
    expect(body("transition", { action: "submit", job: unsealedFunded, proof_url: PROOF_URL }, required()).field).toBe(
      "job.seal",
    );
  });
});

describe("SEALS=required without a usable key fails closed", () => {
  const unusable = { ...fixedContext(), sealing: { mode: "required" as const, signer: null } };

  test.each(ENGINE_ROUTES)("%s answers 503 seals_unavailable, whatever the body", (route) => {
    for (const sent of [{ action: "create", ...CREATE }, "not json"]) {
      const answer = call(route, sent as Body, {}, unusable);
      expect(answer.status).toBe(503);
      expect(answer.body).toEqual({
        ok: false,
        mode: "demo",
        money: false,
        error: "seals_unavailable",
        message: ERROR_CATALOG.seals_unavailable.message,
      });
    }
  });
});
