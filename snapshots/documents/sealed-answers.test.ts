/**
 * Sealed jobs and signed receipts (D27) against the published contract: with a test signer, every
 * sealed or signed engine answer is valid by its OpenAPI response schema and declares each of its
 * integrity members there; a sealed job and a signed receipt sent back are valid by the request
 * schemas (the JSON Schema documents and the OpenAPI components); the SEALS=required refusals are
 * the ones the error catalog publishes.
 */
import { describe, expect, test } from "bun:test";
import Ajv2020 from "ajv/dist/2020";
import { ERROR_WHEN } from "../../shared/documents/error-when.ts";
import { errors } from "../../shared/documents/errors-json.ts";
import { INVALID_FIELD_MESSAGES } from "../../shared/documents/field-messages.ts";
import { openapi } from "../../shared/documents/openapi.ts";
import type { EngineContext } from "../../shared/engine/context.ts";
import { ERROR_CATALOG } from "../../shared/protocol/errors.ts";
import {
  INTEGRITY_MEMBERS,
  type IntegrityHolder,
  integrityMembersOf,
  SEAL_MAX_LENGTH,
  SEAL_MISMATCH,
} from "../../shared/protocol/integrity-members.ts";
import {
  receiptSchemaDocument,
  transitionSchemaDocument,
  verifySchemaDocument,
} from "../../shared/schemas/json-schema-documents.ts";
import { SEAL, SIGNATURE } from "../../shared/seal/seal.ts";
import type { SealMode } from "../../shared/seal/signer.ts";
import { expectPublishedShape } from "../engine/openapi-answers.ts";
import { CREATE, call, fixedContext, PROOF_URL } from "../support/helpers.ts";
import { testSigner } from "../support/test-signer.ts";

const signer = testSigner();
const sealed = (mode: Exclude<SealMode, "off"> = "on"): EngineContext => ({
  ...fixedContext(),
  sealing: { mode, signer },
});

const SITE = "http://localhost:3000";
const ajv = new Ajv2020({ strict: true });
const REQUEST_SCHEMAS = {
  transition: ajv.compile(transitionSchemaDocument(SITE)),
  receipt: ajv.compile(receiptSchemaDocument(SITE)),
  verify: ajv.compile(verifySchemaDocument(SITE)),
};
const document = openapi(SITE);
const COMPONENTS = document.components.schemas as Record<string, { properties: Record<string, unknown> }>;
const openapiAjv = new Ajv2020({ strict: false });
openapiAjv.addSchema({ $id: "openapi", components: document.components });
const component = (name: string) => openapiAjv.getSchema(`openapi#/components/schemas/${name}`)!;

/** Runs `route` under `ctx`, holds the answer to its published schema, and returns its body. */
function answered(route: Parameters<typeof call>[0], body: unknown, ctx: EngineContext = sealed()) {
  const result = call(route, body, {}, ctx);
  expectPublishedShape(route, result.status, result.body);
  return result.body as Record<string, any>;
}

/** A sealed walk to submitted, then released: every answer on the way. */
function sealedWalk() {
  const created = answered("transition", { action: "create", ...CREATE });
  const funded = answered("transition", { action: "fund", job: created.job, payer_credits: 1000 });
  const submitted = answered("transition", { action: "submit", job: funded.job, proof_url: PROOF_URL });
  const released = answered("transition", { action: "release", job: submitted.job, payer_credits: 900 });
  return { created, funded, submitted, released };
}

/** The members of `object` its published component does not declare. */
const undeclared = (object: Record<string, unknown>, name: string): string[] =>
  Object.keys(object).filter((member) => !Object.hasOwn(COMPONENTS[name]!.properties, member));

/** A schema as JSON, with the components it refers to. */
const described = (schema: unknown): string => {
  const text = JSON.stringify(schema);
  const refs = [...text.matchAll(/#\/components\/schemas\/(\w+)/g)].map(([, name]) => COMPONENTS[name!]);
  return text + JSON.stringify(refs);
};

describe("the integrity members are published where they travel (D27)", () => {
  // validate answers its verdicts on its 200 and on a 409 state problem (ErrorBody).
  const HOLDERS: Record<IntegrityHolder, string[]> = {
    job: ["Job", "JobInput"],
    receipt: ["Receipt"],
    validate: ["ValidateResponse", "ErrorBody"],
    verify: ["VerifyResponse"],
  };
  test.each(Object.keys(INTEGRITY_MEMBERS))("%s is declared, with a description naming D27", (member) => {
    const row = INTEGRITY_MEMBERS[member as keyof typeof INTEGRITY_MEMBERS];
    for (const name of row.on.flatMap((holder) => HOLDERS[holder])) {
      expect(COMPONENTS[name]!.properties, name).toHaveProperty(member);
      expect(described(COMPONENTS[name]!.properties[member])).toContain("D27");
    }
  });

  test("the engine names the seal and the signature by the table's rows", () => {
    expect(integrityMembersOf("job")).toEqual([SEAL]);
    expect(integrityMembersOf("receipt").at(-1)).toBe(SIGNATURE);
  });

  test("validate answers seal_valid, verify seal_valid and signature_valid", () => {
    expect(integrityMembersOf("validate")).toEqual(["seal_valid"]);
    expect(integrityMembersOf("verify")).toEqual(["seal_valid", "signature_valid"]);
  });

  test("a quote's job, which is never sealed, does not declare a seal", () => {
    expect(COMPONENTS.QuoteJob!.properties).not.toHaveProperty(SEAL);
  });
});

describe("sealed and signed answers are valid by the published response schemas", () => {
  test("transition: every committed job's members and the receipt's are all declared", () => {
    const { created, funded, submitted, released } = sealedWalk();
    for (const answer of [created, funded, submitted, released]) {
      expect(typeof answer.job.seal).toBe("string");
      expect(answer.job.seal.length).toBeLessThanOrEqual(SEAL_MAX_LENGTH);
      expect(undeclared(answer.job, "Job")).toEqual([]);
      expect(undeclared(answer, "TransitionResponse")).toEqual([]);
    }
    expect(Object.keys(released.receipt).at(-1)).toBe(SIGNATURE);
    expect(released.receipt).not.toHaveProperty("job_sealed");
    expect(undeclared(released.receipt, "Receipt")).toEqual([]);
  });

  test("a dispute's receipt of a job that lost its seal is unsigned, and valid", () => {
    const { submitted } = sealedWalk();
    const { seal: _, ...unsealed } = submitted.job;
    const disputed = answered("transition", { action: "dispute", job: unsealed, dispute_reason: "Late." });
    expect(disputed.job).not.toHaveProperty(SEAL);
    expect(disputed.receipt).not.toHaveProperty(SIGNATURE);
    expect(disputed.receipt).not.toHaveProperty("job_sealed");
  });

  test("simulate: every step's job, the final job and the receipt", () => {
    const body = answered("simulate", { ...CREATE, payer_credits: 1000, proof_url: PROOF_URL });
    for (const step of body.steps) expect(undeclared(step.job, "Job")).toEqual([]);
    expect(undeclared(body.job, "Job")).toEqual([]);
    expect(undeclared(body.receipt, "Receipt")).toEqual([]);
    expect(body.receipt.signature).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  });

  test("a long receipt's signature (a 20,000-character criteria) has no maxLength to break, and verifies", () => {
    const body = answered("simulate", {
      ...CREATE,
      criteria: "x".repeat(20_000),
      payer_credits: 1000,
      proof_url: PROOF_URL,
    });
    expect(body.receipt.signature.length).toBeGreaterThan(20_000);
    expect(answered("verify", { receipt: body.receipt })).toMatchObject({ valid: true, signature_valid: true });
  });

  test("verify: seal_valid and signature_valid, true and false, right after verified", () => {
    const { submitted, released } = sealedWalk();
    const answers = [
      answered("verify", { receipt: released.receipt }),
      answered("verify", { receipt: { ...released.receipt, title: "Changed" } }),
      answered("verify", { job: submitted.job, action: "release" }),
      answered("verify", { job: { ...submitted.job, amount: 1 }, action: "release" }),
      answered("verify", { job: released.job }),
    ];
    expect(answers.map((a) => [a.seal_valid, a.signature_valid])).toEqual([
      [undefined, true],
      [undefined, false],
      [true, undefined],
      [false, undefined],
      [true, undefined],
    ]);
    for (const answer of answers) {
      const keys = Object.keys(answer);
      const at = keys.indexOf("verified");
      const integrity = keys.filter((key) => integrityMembersOf("verify").includes(key as never));
      expect(keys.slice(at + 1, at + 1 + integrity.length)).toEqual(integrity);
      expect(undeclared(answer, "VerifyResponse")).toEqual([]);
    }
  });
});

describe("a sealed job and a signed receipt sent back are valid by the request schemas", () => {
  const { submitted, released } = sealedWalk();
  const bodies = {
    transition: { action: "release", job: submitted.job },
    verify: { receipt: released.receipt },
    receipt: released.receipt,
  };

  test.each(Object.keys(bodies) as (keyof typeof bodies)[])("the %s schema document accepts it", (name) => {
    const validate = REQUEST_SCHEMAS[name];
    expect(validate(bodies[name]), ajv.errorsText(validate.errors)).toBe(true);
  });

  test("the OpenAPI components accept them too, and the engine answers them", () => {
    expect(component("TransitionBody")(bodies.transition)).toBe(true);
    expect(component("VerifyBody")(bodies.verify)).toBe(true);
    expect(component("VerifyBody")({ job: submitted.job, action: "release" })).toBe(true);
    expect(answered("transition", bodies.transition, sealed("required")).ok).toBe(true);
  });

  test("a seal or a signature that is not a compact JWS is refused by the schemas (never looser: SEALS=required refuses it too)", () => {
    const bad = { action: "release", job: { ...submitted.job, seal: "not a seal" } };
    expect(REQUEST_SCHEMAS.transition(bad)).toBe(false);
    expect(call("transition", bad, {}, sealed("required")).body).toMatchObject({ field: "job.seal" });
    expect(REQUEST_SCHEMAS.receipt({ ...released.receipt, signature: "a.b" })).toBe(false);
  });
});

describe("SEALS=required refusals are the published ones", () => {
  const { submitted } = sealedWalk();

  test("a job without a seal is missing_field job.seal with the catalog's message", () => {
    const { seal: _, ...job } = submitted.job;
    const body = answered("transition", { action: "release", job }, sealed("required"));
    expect(body).toMatchObject({ error: "missing_field", field: "job.seal" });
    expect(body.message).toBe(ERROR_CATALOG.missing_field.message.replace("{field}", "job.seal"));
    expect(ERROR_WHEN.missing_field).toContain("job.seal");
  });

  test("a seal that does not match is invalid_field job.seal with the message errors.json publishes", () => {
    const body = answered(
      "transition",
      { action: "release", job: { ...submitted.job, title: "Changed" } },
      sealed("required"),
    );
    expect(body).toMatchObject({ error: "invalid_field", field: "job.seal", message: SEAL_MISMATCH });
    expect(INVALID_FIELD_MESSAGES["job.seal"]).toBe(body.message);
    expect(errors().invalid_field.fields).toContain("job.seal");
    expect(ERROR_WHEN.invalid_field).toContain("job.seal");
  });
});
