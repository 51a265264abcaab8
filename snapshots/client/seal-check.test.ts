/**
 * The client's two checks (D27). checkSeal asks the service whether a job's seal
 * holds: validate with an action the job's status allows, or verify for a settled job, read
 * from seal_valid on a 200, on a 409 state problem and from invalid_field job.seal under
 * SEALS=required; nothing is sent for a job without a seal or with an older version's (EdDSA)
 * seal, which is seal_valid false at once, and a service that does not seal says nothing.
 * verifyReceipt checks a receipt offline with jose against the JWKS, and refuses a signature
 * whose protected header does not say typ escrow-receipt+jws and alg EdDSA: one without typ as
 * signed by an older version of the service.
 */
import { describe, expect, test } from "bun:test";
import {
  checkSeal,
  type EscrowApi,
  EscrowKeeper,
  httpApi,
  type JobRecord,
  localApi,
  SEAL_CHECK_PROOF_URL,
  verifyReceipt,
} from "../../client/index.ts";
import { bytesToBase64Url } from "../../shared/lib/base64url.ts";
import { RECEIPT_TYP, SEAL_TYP } from "../../shared/protocol/integrity-members.ts";
import type { Signer } from "../../shared/seal/signer.ts";
import { NOW } from "../support/helpers.ts";
import { newKeyPair, testSigner } from "../support/test-signer.ts";
import { OLDER_PACK } from "./older-seals.ts";
import { JWKS, SIGNER, sealedWalk, sealingApi } from "./sealed-walk.ts";

type Body = Record<string, any>;

const walk = sealedWalk();
const OLDER_JOBS = OLDER_PACK.jobs as JobRecord[];
const disputed = sealedWalk("dispute").settled;

/** `api` recording each call's engine and body. */
function recorded(api: EscrowApi) {
  const calls: [string, Body][] = [];
  const spy = { ...api };
  for (const route of ["validate", "verify"] as const)
    spy[route] = ((body: Body, options?: object) => {
      calls.push([route, body]);
      return api[route](body as never, options);
    }) as never;
  return { calls, api: spy };
}

describe("checkSeal asks the service", () => {
  test.each([
    ["open", walk.open, "validate", { action: "fund", payer_credits: 100 }],
    ["funded", walk.funded, "validate", { action: "submit", proof_url: SEAL_CHECK_PROOF_URL }],
    ["submitted", walk.submitted, "validate", { action: "dispute" }],
    ["released", walk.settled, "verify", {}],
    ["disputed", disputed, "verify", {}],
  ] as const)("about a sealed %s job through %s, with the job as held", async (_s, job, route, fields) => {
    const { calls, api } = recorded(sealingApi());
    expect(await checkSeal(api, job)).toEqual({ ok: true, seal_valid: true, older: false });
    expect(calls).toEqual([[route, { ...fields, job }]]);
  });

  test.each([
    ["an edited amount", (job: Body) => ({ ...job, amount: job.amount + 1 })],
    ["an added member", (job: Body) => ({ ...job, paid: true })],
    ["a snake_case alias", ({ proofUrl, ...job }: Body) => ({ proof_url: proofUrl, ...job })],
    ["a moved member", ({ id, ...job }: Body) => ({ ...job, id })],
    ["a dropped member", ({ clientRef: _, ...job }: Body) => job],
  ])("says seal_valid false for a job with %s, at every status", async (_name, change) => {
    for (const job of [walk.open, walk.funded, walk.submitted, walk.settled, disputed])
      expect(await checkSeal(sealingApi(), change(job) as JobRecord)).toEqual({
        ok: true,
        seal_valid: false,
        older: false,
      });
  });

  test("under SEALS=required reads the refusal invalid_field job.seal as seal_valid false", async () => {
    const api = sealingApi("required");
    expect(await checkSeal(api, walk.funded)).toMatchObject({ seal_valid: true });
    const edited = { ...walk.funded, amount: 1 };
    expect(await api.validate({ action: "submit", job: edited, proof_url: "x" } as never)).toMatchObject({
      ok: false,
      code: "invalid_field",
      field: "job.seal",
    });
    expect(await checkSeal(api, edited)).toEqual({ ok: true, seal_valid: false, older: false });
  });

  test("reads seal_valid from a 409 state problem's body", async () => {
    const engine = sealingApi();
    // A release of a funded job: illegal (409), with no field a release would refuse first (400).
    const illegal: EscrowApi = {
      ...engine,
      validate: (body) => engine.validate({ action: "release", job: (body as Body).job } as never),
    };
    const answer = await illegal.validate({ action: "submit", job: walk.funded } as never);
    expect(answer).toMatchObject({ ok: false, status: 409, code: "illegal_transition" });
    expect(await checkSeal(illegal, walk.funded)).toEqual({ ok: true, seal_valid: true, older: false });
  });

  test("sends nothing for a job without a seal", async () => {
    const { seal: _, ...unsealed } = walk.funded;
    const { calls, api } = recorded(sealingApi());
    expect(await checkSeal(api, unsealed)).toEqual({ ok: true, older: false });
    expect(calls).toEqual([]);
  });

  test.each([
    ["a service that seals", () => sealingApi()],
    ["a service that requires seals", () => sealingApi("required")],
    ["a service that does not seal (SEALS=off)", () => localApi({ now: () => NOW })],
  ])("answers an older version's seal with seal_valid false, making no call to %s", async (_name, engine) => {
    const { calls, api } = recorded(engine());
    for (const job of OLDER_JOBS)
      expect(await checkSeal(api, job)).toEqual({ ok: true, seal_valid: false, older: true });
    expect(calls).toEqual([]);
  });

  test("answers for an older version's seal what the service would: it does not hold", async () => {
    const [released, funded] = OLDER_JOBS as [JobRecord, JobRecord];
    expect(await sealingApi().verify({ job: released })).toMatchObject({ ok: true, seal_valid: false });
    const submit = { action: "submit", job: funded, proof_url: SEAL_CHECK_PROOF_URL } as const;
    expect(await sealingApi().validate(submit)).toMatchObject({ ok: true, seal_valid: false });
    expect(await sealingApi("required").validate(submit)).toMatchObject({ code: "invalid_field", field: "job.seal" });
  });

  test("says nothing of the seal when the service does not seal (SEALS=off)", async () => {
    expect(await checkSeal(localApi({ now: () => NOW }), walk.funded)).toEqual({ ok: true, older: false });
  });

  test("gives the EscrowError seals_unavailable from a service that requires seals but has no key", async () => {
    const keyless = localApi({ now: () => NOW, sealing: { mode: "required", signer: null } });
    expect(await checkSeal(keyless, walk.funded)).toMatchObject({ ok: false, code: "seals_unavailable", status: 503 });
  });

  test("gives the EscrowError when no answer comes, never throwing", async () => {
    const offline = httpApi({ baseUrl: "https://escrow.test", fetch: () => Promise.reject(new TypeError("offline")) });
    expect(await checkSeal(offline, walk.funded)).toMatchObject({ ok: false, code: "unreachable", status: 0 });
  });

  test("on the keeper: the held job by its id, unknown_job for none, and nothing changes", async () => {
    const keeper = new EscrowKeeper(sealingApi());
    keeper.commit({ ...keeper.state, jobs: [walk.submitted] });
    const before = keeper.state;
    expect(await keeper.checkSeal(walk.submitted.id)).toEqual({ ok: true, seal_valid: true, older: false });
    expect(await keeper.checkSeal("as_ffffffffff")).toMatchObject({ ok: false, code: "unknown_job" });
    expect(keeper.state).toBe(before);
  });
});

/** `receipt` signed by `signer`'s key under `header` (kid added), as a compact JWS over the receipt without signature. */
function signedUnder(receipt: Body, header: Body, signer: Signer = SIGNER): Body {
  const { signature: _, ...content } = receipt;
  const encode = (value: unknown) => bytesToBase64Url(new TextEncoder().encode(JSON.stringify(value)));
  const input = `${encode({ ...header, kid: signer.kid })}.${encode(content)}`;
  return { ...content, signature: `${input}.${bytesToBase64Url(signer.sign(new TextEncoder().encode(input)))}` };
}

describe("verifyReceipt, offline against the JWKS", () => {
  test("holds for the service's own receipt, with the kid of its key", async () => {
    expect(await verifyReceipt(walk.receipt, JWKS)).toEqual({ ok: true, kid: SIGNER.kid });
    expect(await verifyReceipt(signedUnder(walk.receipt, { alg: "EdDSA", typ: RECEIPT_TYP }), JWKS)).toMatchObject({
      ok: true,
    });
  });

  test("refuses a signature whose header has no typ as signed by an older version of the service", async () => {
    const older = await verifyReceipt(signedUnder(walk.receipt, { alg: "EdDSA" }), JWKS);
    expect(older).toMatchObject({ ok: false, reason: "older" });
    expect((older as { message: string }).message).toContain("older version of the service");
  });

  test.each([
    ["another typ", { alg: "EdDSA", typ: "JWT" }],
    ["a job seal's typ", { alg: "EdDSA", typ: SEAL_TYP }],
    ["another alg", { alg: "HS256", typ: RECEIPT_TYP }],
  ])("refuses a header with %s as bad_signature, naming the typ", async (_name, header) => {
    const refused = await verifyReceipt(signedUnder(walk.receipt, header), JWKS);
    expect(refused).toMatchObject({ ok: false, reason: "bad_signature" });
    expect((refused as { message: string }).message).toContain(RECEIPT_TYP);
  });

  test.each([
    ["agent_payout", { agent_payout: 100 }],
    ["job_sealed, added back", { job_sealed: true }],
    ["a dropped member", { key_id: undefined }],
  ])("a receipt with a changed %s fails with payload_differs", async (_name, change) => {
    const changed = JSON.parse(JSON.stringify({ ...walk.receipt, ...change }));
    expect(await verifyReceipt(changed, JWKS)).toMatchObject({ ok: false, reason: "payload_differs" });
  });

  test("a changed signature byte fails with bad_signature", async () => {
    const sig = walk.receipt.signature!;
    const flipped = `${sig.slice(0, -2)}${sig.at(-2) === "A" ? "B" : "A"}${sig.at(-1)}`;
    expect(await verifyReceipt({ ...walk.receipt, signature: flipped }, JWKS)).toMatchObject({
      reason: "bad_signature",
    });
  });

  test("another service's JWKS does not know the key: unknown_key", async () => {
    expect(await verifyReceipt(walk.receipt, { keys: testSigner().keys })).toMatchObject({ reason: "unknown_key" });
  });

  test("a receipt signed before a rotation holds for the new JWKS listing the old key as previous, not without it", async () => {
    const old = newKeyPair();
    const before = testSigner(old);
    const signedBefore = signedUnder(walk.receipt, { alg: "EdDSA", typ: RECEIPT_TYP }, before);
    const next = newKeyPair();
    const rotated = testSigner(next, [old.publicKey]);
    expect(rotated.kid).not.toBe(before.kid);
    expect(await verifyReceipt(signedBefore, { keys: rotated.keys })).toEqual({ ok: true, kid: before.kid });
    expect(await verifyReceipt(signedBefore, { keys: testSigner(next).keys })).toMatchObject({
      ok: false,
      reason: "unknown_key",
    });
  });

  test("no signature is missing: the service did not vouch for the receipt", async () => {
    const { signature: _, ...unsigned } = walk.receipt;
    expect(await verifyReceipt(unsigned, JWKS)).toMatchObject({ ok: false, reason: "missing" });
  });
});
