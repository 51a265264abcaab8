/**
 * A sealed job sent as JSON text (SETTLEMENT.md D27): what JSON.parse makes of it is what the seal
 * is checked over, so text that parses into something other than what the service wrote breaks
 * the seal even when JSON.stringify would write it back the same. An added `"__proto__"` member
 * (JSON.parse makes it an own member, which a copy into a plain object would turn into a
 * prototype and lose) and a number JSON cannot write back as sent (1e400 and -1e400 parse to
 * ±Infinity, which JSON.stringify writes as null; -0, written 0) each break it: validate answers
 * seal_valid false, a release of such a job gets no signature, and the member's own rule applies.
 * A receipt's signature likewise, for the service and for the client's verifyReceipt alike. The
 * bodies here are raw JSON text, through the engine and through the service's fetch: in a
 * JavaScript object literal `__proto__` means something else.
 */
import { describe, expect, test } from "bun:test";
import { verifyReceipt } from "../../client/receipt-check.ts";
import { checkReceipt } from "../../shared/client-state/share-links.ts";
import { createHandler } from "../../shared/http/service.ts";
import { enginePath } from "../../shared/protocol/constants.ts";
import { call, NOW, PROOF_URL } from "../support/helpers.ts";
import { SIGNER, sealed, sealedWalk } from "../support/sealed.ts";

type Body = Record<string, any>;

const { funded, job: submitted } = sealedWalk();

/** The JSON text of `job` without its seal, with `extra` (member texts) after its members and the seal where `seal` says. */
function jobText(job: Body, extra: string[], seal: "first" | "last"): string {
  const { seal: sealed, ...members } = job;
  const inner = [JSON.stringify(members).slice(1, -1), ...extra];
  const sealMember = `"seal":${JSON.stringify(sealed)}`;
  return `{${(seal === "first" ? [sealMember, ...inner] : [...inner, sealMember]).join(",")}}`;
}

/** A body around a job's JSON text: `{"action":…,<fields>,"job":<text>}`. */
const bodyText = (action: string, job: string, fields: Body = {}): string =>
  `${JSON.stringify({ action, ...fields }).slice(0, -1)},"job":${job}}`;

const service = (mode: "on" | "required") =>
  createHandler({ now: () => NOW, randomHex: (n) => "0".repeat(n), sealing: { mode, signer: SIGNER } });

/** The body the service's fetch answers to `text` posted to `route`. */
async function overHttp(route: "validate" | "transition", text: string, mode: "on" | "required" = "on") {
  const response = await service(mode)(
    new Request(`http://localhost${enginePath(route)}`, { method: "POST", body: text }),
  );
  return { status: response.status, body: (await response.json()) as Body };
}

describe("an added __proto__ member breaks a job's seal (D27)", () => {
  // Wherever the seal stands, and with a member left out while unset sent as null (D2), the
  // seal is checked on the job's members copied out of what was sent.
  const CASES: [string, string][] = [
    ["the seal last", jobText(submitted, ['"__proto__":{"x":1}'], "last")],
    ["the seal first", jobText(submitted, ['"__proto__":{"x":1}'], "first")],
    ["a null proofNote beside it", jobText(submitted, ['"__proto__":{"x":1}', '"proofNote":null'], "last")],
    ["an empty __proto__", jobText(submitted, ['"__proto__":{}'], "first")],
  ];

  test("the same job without it keeps its seal, however it is written", () => {
    for (const seal of ["first", "last"] as const) {
      const text = bodyText("release", jobText(submitted, ['"proofNote":null'], seal));
      expect(call("validate", text, {}, sealed()).body.seal_valid).toBe(true);
    }
  });

  test.each(CASES)("with %s: validate answers seal_valid false, in the engine and over HTTP", async (_, job) => {
    const text = bodyText("release", job);
    expect(call("validate", text, {}, sealed()).body).toMatchObject({ ok: true, seal_valid: false });
    expect((await overHttp("validate", text)).body).toMatchObject({ ok: true, seal_valid: false });
  });

  test.each(CASES)("with %s: a release is settled unsigned, and SEALS=required refuses it", async (_, job) => {
    const text = bodyText("release", job);
    const released = await overHttp("transition", text);
    expect(released.status).toBe(200);
    expect(released.body.receipt).not.toHaveProperty("signature");
    expect(released.body.job).not.toHaveProperty("seal");
    expect(call("transition", text, {}, sealed()).body.receipt).not.toHaveProperty("signature");
    expect((await overHttp("transition", text, "required")).body).toMatchObject({
      error: "invalid_field",
      field: "job.seal",
    });
  });
});

describe("an added __proto__ member breaks a receipt's signature too (D27)", () => {
  const { receipt } = call("transition", { action: "release", job: submitted }, {}, sealed()).body as Body;
  const { signature, ...members } = receipt;
  const text = `${JSON.stringify(members).slice(0, -1)},"__proto__":{"x":1},"signature":${JSON.stringify(signature)}}`;

  test("verify answers signature_valid false; verifyReceipt finds the payload differs; a pack keeps it in response form", async () => {
    expect(call("verify", `{"receipt":${text}}`, {}, sealed()).body).toMatchObject({ signature_valid: false });
    const sent = JSON.parse(text);
    const keys = { keys: [...SIGNER.keys] };
    expect(await verifyReceipt(JSON.parse(JSON.stringify(receipt)), keys)).toMatchObject({ ok: true });
    expect(await verifyReceipt(sent, keys)).toMatchObject({ ok: false, reason: "payload_differs" });
    const kept = checkReceipt(sent);
    expect(kept.ok && Object.hasOwn(kept.value, "__proto__")).toBe(false);
  });
});
describe("a number JSON cannot write back as sent breaks a job's seal (D27)", () => {
  /** The funded job's text with one member's value (as the service wrote it) replaced by `value`. */
  const fundedWith = (written: string, value: string): string => {
    const text = JSON.stringify(funded.job);
    expect(text).toContain(written);
    return text.replace(written, written.replace(/:.*$/, `:${value}`));
  };
  const submit = (job: string) => bodyText("submit", job, { proof_url: PROOF_URL });

  test("the funded job as written keeps its seal", () => {
    expect(call("validate", submit(JSON.stringify(funded.job)), {}, sealed()).body.seal_valid).toBe(true);
  });

  // Every member the service writes as null is a date-time, whose rule refuses a number: once
  // the seal no longer vouches for the job, the rule answers (validate's 400 says nothing of a seal).
  test.each([
    ["submittedAt", "1e400"],
    ["submittedAt", "-1e400"],
    ["resolvedAt", "1e400"],
  ])("%s written null, sent as %s (±Infinity): not read as sealed, its rule refuses it", async (member, value) => {
    const text = submit(fundedWith(`"${member}":null`, value));
    const refusal = { ok: false, error: "invalid_field", field: `job.${member}` };
    const validated = call("validate", text, {}, sealed());
    expect(validated.status).toBe(400);
    expect(validated.body).toMatchObject(refusal);
    expect(validated.body).not.toHaveProperty("seal_valid");
    const answer = await overHttp("transition", text);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject(refusal);
  });

  test.each([
    ["fee", '"fee":0'],
    ["agentPayout", '"agentPayout":0'],
  ])(
    "%s written 0, sent as -0: seal_valid false; settled unsealed, refused under SEALS=required",
    async (_, written) => {
      const text = submit(fundedWith(written, "-0"));
      expect(call("validate", text, {}, sealed()).body).toMatchObject({ ok: true, seal_valid: false });
      const answer = await overHttp("transition", text);
      expect(answer.status).toBe(200);
      expect(answer.body.job).not.toHaveProperty("seal");
      expect((await overHttp("transition", text, "required")).body).toMatchObject({
        error: "invalid_field",
        field: "job.seal",
      });
    },
  );

  test("a number spelled otherwise that parses to the value written (0.0, 1e2 for 100) is the same job: the seal holds", () => {
    const respelled = fundedWith('"amount":100', "1e2").replace('"fee":0', '"fee":0.0');
    expect(call("validate", submit(respelled), {}, sealed()).body.seal_valid).toBe(true);
  });
});

describe("a number JSON cannot write back as sent breaks a receipt's signature, for both verifiers", () => {
  const { receipt } = call("transition", { action: "release", job: submitted }, {}, sealed()).body as Body;
  const text = JSON.stringify(receipt);
  const keys = { keys: [...SIGNER.keys] };

  test("returned_to_payer written 0, sent as -0: verify and verifyReceipt both refuse it; as written both accept it", async () => {
    expect(call("verify", `{"receipt":${text}}`, {}, sealed()).body).toMatchObject({ signature_valid: true });
    expect(await verifyReceipt(JSON.parse(text), keys)).toMatchObject({ ok: true });
    const negative = text.replace('"returned_to_payer":0', '"returned_to_payer":-0');
    expect(negative).not.toBe(text);
    expect(call("verify", `{"receipt":${negative}}`, {}, sealed()).body).toMatchObject({ signature_valid: false });
    expect(await verifyReceipt(JSON.parse(negative), keys)).toMatchObject({ ok: false, reason: "payload_differs" });
  });
});
