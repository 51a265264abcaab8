/**
 * What the OpenAPI document promises a schema fuzzer or a link-following tester (Schemathesis,
 * Prism) is what the service does: the X-Request-Id request parameter carries no constraint the
 * service does not enforce (D22 replaces a bad id instead of refusing it), while the response
 * header keeps its pattern; the Idempotency-Key parameter's schema accepts exactly the values
 * the service accepts (Schemathesis's "rejected a schema-compliant request" and "accepted a
 * schema-violating request", as a property); the verifyReceipt link hangs only off an answer
 * that always holds a receipt. The bodies' schemas and the engine agree in schema-agreement.test.ts.
 */
import { describe, expect, test } from "bun:test";
import Ajv2020 from "ajv/dist/2020";
import fc from "fast-check";
import { buildDocuments } from "../../shared/documents/built-documents.ts";
import { type EngineRoute, enginePath, REQUEST_ID_PATTERN } from "../../shared/protocol/constants.ts";
import { ROUTE_BODIES } from "../support/fixtures.ts";
import { testHandler } from "../support/helpers.ts";

const doc = JSON.parse(buildDocuments({ siteUrl: "https://escrow.agents.test" }).get("/openapi.json")!.body);
const handle = testHandler();

/** Keywords that make a string schema refuse some values. */
const CONSTRAINTS = ["pattern", "minLength", "maxLength", "enum", "const", "format"];

describe("X-Request-Id in the OpenAPI document (D22)", () => {
  test("the request parameter states no constraint the service does not enforce", () => {
    const { schema, description } = doc.components.parameters.RequestId;
    for (const keyword of CONSTRAINTS) expect(schema, keyword).not.toHaveProperty(keyword);
    expect(description).toContain("replace");
  });

  test("the response header keeps the pattern: every answer's id matches it", () => {
    expect(doc.components.headers.RequestId.schema.pattern).toBe(REQUEST_ID_PATTERN.source);
  });

  test.each([
    ["an empty id", ""],
    ["an id with a space", "not valid"],
    ["an id of 129 characters", "a".repeat(129)],
    ["an id with a slash", "a/b"],
  ])("a request with %s is answered 200 with a fresh valid id", async (_name, sent) => {
    const response = await handle(
      new Request(`http://localhost${enginePath("transition")}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Request-Id": sent },
        body: JSON.stringify(ROUTE_BODIES.transition),
      }),
    );
    expect(response.status).toBe(200);
    const answered = response.headers.get("x-request-id")!;
    expect(answered).toMatch(REQUEST_ID_PATTERN);
    expect(answered).not.toBe(sent);
  });
});

describe("the Idempotency-Key parameter (D15), as a schema fuzzer sends it", () => {
  const ajv = new Ajv2020({ strict: false });
  ajv.addSchema({ $id: "https://openapi.invalid/document", components: doc.components });
  const schema = ajv.compile({ $ref: "https://openapi.invalid/document#/components/parameters/IdempotencyKey/schema" });

  /** The service's verdict on a header value, as the request really carries it (fetch strips SP and HTAB around it). */
  const serviceOn = async (value: string) => {
    const request = new Request(`http://localhost${enginePath("transition")}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Idempotency-Key": value },
      body: JSON.stringify(ROUTE_BODIES.transition),
    });
    const sent = request.headers.get("idempotency-key")!;
    const response = await handle(request);
    const body = await response.json();
    if (response.status !== 200) expect(body).toMatchObject({ error: "invalid_field", field: "idempotency_key" });
    return { sent, accepted: response.status === 200 };
  };

  // What a header can carry: visible ASCII, the whitespace fetch lets through (SP, HTAB, VT, FF)
  // and Latin-1, where U+00A0 is whitespace to a trim.
  const HEADER_CHARS = fc.constantFrom(..."aZ09-_.:~ \t\u000b\u000c\u00a0\u00e9".split(""), "a".repeat(64));

  test("accepts exactly the values the service accepts (no surrounding whitespace but blank values, UNEXPRESSED[0])", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(HEADER_CHARS, { maxLength: 12 }).map((parts) => parts.join("")),
        async (value) => {
          const { sent, accepted } = await serviceOn(value);
          fc.pre(sent === sent.trim() || sent.trim() === "");
          expect(schema(sent), JSON.stringify(sent)).toBe(accepted);
        },
      ),
      { seed: 20_261_126, numRuns: 400 },
    );
  });

  test.each([
    ["a NO-BREAK SPACE alone", "\u00a0", false],
    ["a vertical tab alone", "\u000b", false],
    ["255 characters", "k".repeat(255), true],
    ["256 characters", "k".repeat(256), false],
    ["one character", "k", true],
  ])("%s: the schema and the service agree", async (_name, value, expected) => {
    const { sent, accepted } = await serviceOn(value as string);
    expect(accepted).toBe(expected as boolean);
    expect(schema(sent)).toBe(expected as boolean);
  });
});

describe("the verifyReceipt link", () => {
  const linksOf = (route: EngineRoute) => doc.paths[enginePath(route)].post.responses["200"].links ?? {};

  test("is not on transition's 200, whose create, fund and submit answers have no receipt", () => {
    expect(linksOf("transition")).not.toHaveProperty("verifyReceipt");
    expect(doc.components.schemas.TransitionResponse.required).not.toContain("receipt");
  });

  test("is on simulate's 200, whose answer always has a receipt", () => {
    expect(doc.components.schemas.SimulateResponse.required).toContain("receipt");
    expect(linksOf("simulate").verifyReceipt).toMatchObject({
      operationId: "verify",
      requestBody: { receipt: "$response.body#/receipt" },
    });
  });

  test("every link's runtime expression into the response body names a required member", () => {
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      const response = item.post?.responses?.["200"];
      if (!response?.links) continue;
      const schemaName = response.content["application/json"].schema.$ref.split("/").pop();
      const required: string[] = doc.components.schemas[schemaName].required;
      for (const [name, link] of Object.entries<any>(response.links))
        for (const value of Object.values<unknown>(link.requestBody ?? {}))
          if (typeof value === "string" && value.startsWith("$response.body#/"))
            expect(required, `${path} ${name} ${value}`).toContain(
              value.slice("$response.body#/".length).split("/")[0]!,
            );
    }
  });
});
