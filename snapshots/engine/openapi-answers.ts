/**
 * Every engine answer held to the OpenAPI document it is published with: a success to its
 * engine's response schema, an error to ErrorBody, validated with ajv (JSON Schema 2020-12,
 * formats on) over the document's own components.
 */
import { expect } from "bun:test";
import Ajv2020, { type ValidateFunction } from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { buildDocuments } from "../../shared/documents/built-documents.ts";
import { ENGINES } from "../../shared/engine/catalog.ts";
import type { EngineRoute } from "../../shared/protocol/constants.ts";

const document = JSON.parse(buildDocuments({ siteUrl: "http://localhost:3000" }).get("/openapi.json")!.body);
// OpenAPI's own keywords (discriminator, example) are not JSON Schema's: strict mode off.
const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
ajv.addSchema({ $id: "openapi", components: document.components });
const validators = new Map<string, ValidateFunction>();

/** The validator of a component schema, compiled once. */
function validatorOf(name: string): ValidateFunction {
  let validate = validators.get(name);
  if (!validate) {
    validate = ajv.compile({ $ref: `openapi#/components/schemas/${name}` });
    validators.set(name, validate);
  }
  return validate;
}

/** Asserts that `body`, answered by `route` with `status`, is valid by the document's schema for it. */
export function expectPublishedShape(route: EngineRoute, status: number, body: unknown): void {
  const name = status === 200 ? ENGINES[route].responseSchema : "ErrorBody";
  const validate = validatorOf(name);
  expect(validate(body), `${route} ${status} against ${name}: ${ajv.errorsText(validate.errors)}`).toBe(true);
}
