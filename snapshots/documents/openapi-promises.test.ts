/**
 * What the OpenAPI document promises a schema fuzzer or a link-following tester (Schemathesis,
 * Prism) is what the service does: the X-Request-Id request parameter carries no constraint the
 * service does not enforce (D22 replaces a bad id instead of refusing it), while the response
 * header keeps its pattern; the verifyReceipt link hangs only off an answer that always holds a
 * receipt.
 */
import { describe, expect, test } from "bun:test";
import { buildDocuments } from "../../shared/documents/index.ts";
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
