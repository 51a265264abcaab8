/**
 * Sealed jobs and signed receipts in the engine (D27), with a test signer: every committed job
 * carries a seal, last, while the chain of custody holds; a receipt carries job_sealed and a
 * signature, last; SEALS=on judges an unsealed or changed job as SPEC says but breaks the chain,
 * SEALS=required refuses it (after the job's own members, before any state check); verify
 * answers seal_valid and signature_valid; quotes are neither sealed nor signed; without a
 * signer nothing changes.
 */
import { describe, expect, test } from "bun:test";
import { verify as edVerify } from "node:crypto";
import type { EngineContext } from "../../shared/engine/context.ts";
import type { Sealing, SealMode } from "../../shared/seal/signer.ts";
import { CREATE, call, fixedContext, NOW, PROOF_URL } from "../support/helpers.ts";
import { newKeyPair, testSigner } from "../support/signer.ts";

const SIGNER = testSigner();
const sealed = (mode: Exclude<SealMode, "off"> = "on", signer = SIGNER): EngineContext => ({
  ...fixedContext(),
  sealing: { mode, signer } satisfies Sealing,
});

/** Walks create, fund, submit under `ctx`; the submitted job and every answer. */
function submittedJob(ctx: EngineContext = sealed()) {
  const created = call("transition", { action: "create", ...CREATE }, {}, ctx).body as Record<string, any>;
  const funded = call("transition", { action: "fund", job: created.job, payer_credits: 1000 }, {}, ctx).body as Record<
    string,
    any
  >;
  const submitted = call("transition", { action: "submit", job: funded.job, proof_url: PROOF_URL }, {}, ctx)
    .body as Record<string, any>;
  return { created, funded, submitted, job: submitted.job as Record<string, unknown> };
}

const lastKey = (object: Record<string, unknown>) => Object.keys(object).at(-1);
const decode = (part: string) => JSON.parse(Buffer.from(part, "base64url").toString());

describe("seals on committed jobs (SEALS=on)", () => {
  test("every committed job carries a seal, last: a detached EdDSA JWS of a few hundred bytes at most", () => {
    const { created, funded, submitted } = submittedJob();
    for (const answer of [created, funded, submitted]) {
      expect(lastKey(answer.job)).toBe("seal");
      const [header, payload, signature] = (answer.job.seal as string).split(".");
      expect(decode(header!)).toEqual({ alg: "EdDSA", kid: SIGNER.kid });
      expect(payload).toBe("");
      expect(Buffer.from(signature!, "base64url")).toHaveLength(64);
      expect((answer.job.seal as string).length).toBeLessThan(200);
    }
  });

  test("the seal covers the job's canonical content: checked with the key alone over the job as answered", () => {
    const { job } = submittedJob();
    const { seal, ...content } = job;
    const [header, , signature] = (seal as string).split(".");
    const input = `${header}.${Buffer.from(JSON.stringify(content)).toString("base64url")}`;
    const [pair] = [SIGNER.keys[0]!];
    const key = { key: { kty: pair.kty, crv: pair.crv, x: pair.x }, format: "jwk" as const };
    expect(edVerify(null, Buffer.from(input), key, Buffer.from(signature!, "base64url"))).toBe(true);
  });

  test("reordered members, snake_case aliases and unknown members keep the chain; the answer is sealed again", () => {
    const { job } = submittedJob();
    const { seal, proofUrl, submittedAt, ...rest } = job;
    const reshaped = { extra: "dropped by D6", proof_url: proofUrl, submitted_at: submittedAt, ...rest, seal };
    const released = call("transition", { action: "release", job: reshaped }, {}, sealed()).body as Record<string, any>;
    expect(released.ok).toBe(true);
    expect(typeof released.job.seal).toBe("string");
    expect(released.receipt.job_sealed).toBe(true);
  });

  test("a changed job is judged as SPEC says, but its answer carries no seal and the chain stays broken", () => {
    const { job } = submittedJob();
    const forged = { ...job, amount: 1 };
    const released = call("transition", { action: "release", job: forged }, {}, sealed()).body as Record<string, any>;
    expect(released).toMatchObject({ ok: true, fee: 0, agent_payout: 1 });
    expect(released.job).not.toHaveProperty("seal");
    expect(released.receipt.job_sealed).toBe(false);
    // An unsealed create's chain holds; a job without a seal breaks it for good.
    const { seal: _, ...unsealed } = submittedJob().funded.job;
    const next = call("transition", { action: "submit", job: unsealed, proof_url: PROOF_URL }, {}, sealed());
    expect((next.body as Record<string, any>).job).not.toHaveProperty("seal");
  });

  test("a seal of another key does not match; one of a previous key listed for rotation does", () => {
    const old = newKeyPair();
    const { job } = submittedJob(sealed("on", testSigner(old)));
    const rotated = testSigner(newKeyPair(), [old.publicKey]);
    const stranger = call("transition", { action: "release", job }, {}, sealed("on")).body as Record<string, any>;
    expect(stranger.receipt.job_sealed).toBe(false);
    const kept = call("transition", { action: "release", job }, {}, sealed("on", rotated)).body as Record<string, any>;
    expect(kept.receipt.job_sealed).toBe(true);
    expect(decode(kept.job.seal.split(".")[0])).toEqual({ alg: "EdDSA", kid: rotated.kid });
  });
});

describe("signed receipts", () => {
  test("a released receipt carries job_sealed and a signature, last: a compact EdDSA JWS whose payload is the rest", () => {
    const { job } = submittedJob();
    const { receipt } = call("transition", { action: "release", job }, {}, sealed()).body as Record<string, any>;
    expect(Object.keys(receipt).slice(-2)).toEqual(["job_sealed", "signature"]);
    const { signature, ...rest } = receipt;
    const [header, payload] = (signature as string).split(".");
    expect(decode(header!)).toEqual({ alg: "EdDSA", kid: SIGNER.kid });
    expect(decode(payload!)).toEqual(rest);
  });

  test("simulate seals every step's job and the final job, and signs its receipt with job_sealed true", () => {
    const body = call("simulate", { ...CREATE, payer_credits: 1000, proof_url: PROOF_URL }, {}, sealed())
      .body as Record<string, any>;
    for (const step of body.steps) expect(lastKey(step.job)).toBe("seal");
    expect(lastKey(body.job)).toBe("seal");
    expect(body.receipt).toMatchObject({ job_sealed: true, signature: expect.any(String) });
  });

  test("a quote's would-be job and receipt are neither sealed nor signed", () => {
    const { job } = submittedJob();
    const quote = call("quote", { action: "release", job }, {}, sealed()).body as Record<string, any>;
    expect(quote.ok).toBe(true);
    expect(JSON.stringify(quote)).not.toContain('"seal"');
    expect(JSON.stringify(quote)).not.toContain('"signature"');
  });

  test("without a signer (SEALS=off) the answers are SPEC's, unchanged", () => {
    const plain = submittedJob(fixedContext());
    expect(plain.job).not.toHaveProperty("seal");
    const { receipt } = call("transition", { action: "release", job: plain.job }).body as Record<string, any>;
    expect(receipt).not.toHaveProperty("job_sealed");
    expect(receipt).not.toHaveProperty("signature");
  });
});

describe("SEALS=required", () => {
  const required = () => sealed("required");

  test("a job without a seal is missing_field job.seal", () => {
    const { seal: _, ...job } = submittedJob().job;
    expect(call("transition", { action: "release", job }, {}, required()).body).toMatchObject({
      error: "missing_field",
      field: "job.seal",
      message: "job.seal is required.",
    });
  });

  test("a seal that does not match is invalid_field job.seal, saying what happened and what to send", () => {
    const { job } = submittedJob();
    const answer = call("transition", { action: "release", job: { ...job, title: "Changed" } }, {}, required());
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: "invalid_field", field: "job.seal" });
    expect(answer.body.message).toBe(
      "job.seal does not match this job: the job was changed after the service sealed it, or the seal is not this service's. Send the job exactly as the last answer gave it, seal included.",
    );
  });

  test("the seal is checked after the job's own members and before any state check", () => {
    const { job } = submittedJob();
    const badMember = call("transition", { action: "release", job: { ...job, amount: -1 } }, {}, required());
    expect(badMember.body).toMatchObject({ error: "invalid_field", field: "job.amount" });
    const { created } = submittedJob();
    // Releasing an open job is illegal_transition, but a changed seal is found first.
    const changed = { ...created.job, criteria: "Other" };
    expect(call("transition", { action: "release", job: changed }, {}, required()).body).toMatchObject({
      field: "job.seal",
    });
  });

  test("quote and validate refuse an unsealed job too; under SEALS=on they answer without checking it", () => {
    const { seal: _, ...unsealed } = submittedJob().job;
    for (const route of ["quote", "validate"] as const) {
      const body = call(route, { action: "release", job: unsealed }, {}, required()).body;
      expect(body, route).toMatchObject({ ok: false, field: "job.seal" });
      const forged = { ...unsealed, seal: "e30..AAAA" };
      expect(call(route, { action: "release", job: forged }, {}, sealed("on")).body.ok, route).toBe(true);
    }
  });

  test("a sealed walk goes through, and create needs no seal", () => {
    const { job } = submittedJob(required());
    const released = call("transition", { action: "release", job }, {}, required()).body as Record<string, any>;
    expect(released.receipt.job_sealed).toBe(true);
  });
});

describe("verify answers seal_valid and signature_valid", () => {
  test("a receipt with its signature is valid; a changed member or a forged signature is valid false (200)", () => {
    const { job } = submittedJob();
    const { receipt } = call("transition", { action: "release", job }, {}, sealed()).body as Record<string, any>;
    const good = call("verify", { receipt }, {}, sealed());
    expect(good.body).toMatchObject({ ok: true, valid: true, signature_valid: true });
    expect(good.body).not.toHaveProperty("seal_valid");
    const changed = call("verify", { receipt: { ...receipt, title: "Changed" } }, {}, sealed());
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ valid: false, signature_valid: false, mismatches: [] });
    const forged = call("verify", { receipt: { ...receipt, signature: "e30..AAAA" } }, {}, sealed());
    expect(forged.body).toMatchObject({ valid: false, signature_valid: false });
    const { signature: _, ...unsigned } = receipt;
    expect(call("verify", { receipt: unsigned }, {}, sealed()).body).not.toHaveProperty("signature_valid");
  });

  test("a job with its seal is seal_valid true; a changed one seal_valid false and valid false", () => {
    const { job } = submittedJob();
    expect(call("verify", { job, action: "release" }, {}, sealed()).body).toMatchObject({
      valid: true,
      seal_valid: true,
    });
    const changed = call(
      "verify",
      { job: { ...job, proofUrl: "https://example.com/other" }, action: "release" },
      {},
      sealed(),
    );
    expect(changed.body).toMatchObject({ valid: false, seal_valid: false });
    const { seal: _, ...unsealed } = job;
    expect(call("verify", { job: unsealed, action: "release" }, {}, sealed()).body).not.toHaveProperty("seal_valid");
  });

  test("one clock, one key: the same call gives the same seal (deterministic Ed25519)", () => {
    const a = submittedJob(sealed()).job.seal;
    const b = submittedJob({ ...sealed(), now: NOW }).job.seal;
    expect(a).toBe(b);
  });
});
