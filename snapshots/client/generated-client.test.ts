/**
 * A client generated from the published OpenAPI document the way users generate one
 * (openapi-typescript types, openapi-fetch): the committed types (generated-client/openapi.d.ts)
 * are what the generator makes of today's document. The typed walk against a live server is in
 * generated-client.e2e.test.ts.
 */
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { generatedTypes } from "../../scripts/codegen-types.ts";

describe("a generated client (openapi-typescript + openapi-fetch)", () => {
  test("the committed types are what openapi-typescript makes of the document now (else: bun run codegen)", async () => {
    const committed = readFileSync(new URL("./generated-client/openapi.d.ts", import.meta.url), "utf8");
    expect(committed).toBe(await generatedTypes());
  });
});
