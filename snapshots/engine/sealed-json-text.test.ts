/**
 * A sealed job sent as JSON text (SETTLEMENT.md D27): what JSON.parse makes of it is what the seal
 * is checked over, so text that parses into something other than what the service wrote breaks
 * the seal even when JSON.stringify would write it back the same. An added `"__proto__"` member
 * (JSON.parse makes it an own member, which a copy into a plain object would turn into a
 * prototype and lose) breaks it wherever the seal stands: validate answers seal_valid false, a
 * release of such a job gets no signature; a receipt's signature likewise. The bodies here are
 * raw JSON text, through the engine and through the service's fetch: in a JavaScript object
 * literal `__proto__` means something else.
 */
import { describe, expect, test } from "bun:test";
import { verifyReceipt } from "../../client/receipt-check.ts";
import { checkReceipt } from "../../shared/client-state/share-links.ts";
import { createHandler } from "../../shared/http/service.ts";
import { enginePath } from "../../shared/protocol/constants.ts";
import { call, NOW } from "../support/helpers.ts";
import { SIGNER, sealed, sealedWalk } from "../support/sealed.ts";

type Body = Record<string, any>;

const { job: submitted } = sealedWalk();

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
