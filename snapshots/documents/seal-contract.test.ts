/**
 * The seal contract (D27) as every published description states it: each job input
 * schema carries `seal` (MCP inputSchema, tools.json's input_schema, openai_strict and gemini, the
 * JSON Schemas, OpenAPI), told to go back exactly as returned; validate declares seal_valid on its
 * 200 and 409 and answers it there; seals_unavailable is every engine's 503 in the OpenAPI document,
 * and /mcp's description and SETTLEMENT.md name it (errors.json's entry: spec/coverage; the answer
 * itself: engine/seal-verdicts and http/seals-unavailable); and no published text names job_sealed.
 */
import { describe, expect, test } from "bun:test";
import { buildDocuments } from "../../shared/documents/built-documents.ts";
import { tools } from "../../shared/documents/tools-json.ts";
import type { EngineContext } from "../../shared/engine/context.ts";
import { MCP_INSTRUCTIONS } from "../../shared/mcp/instructions.ts";
import { WALK_PROMPT, walkMessages } from "../../shared/mcp/prompts.ts";
import { engineTools } from "../../shared/mcp/tools.ts";
import { ENGINE_ROUTES } from "../../shared/protocol/constants.ts";
import { ERROR_CATALOG } from "../../shared/protocol/errors.ts";
import { SEAL_MAX_LENGTH, SEAL_PATTERN } from "../../shared/protocol/integrity-members.ts";
import { CREATE, call, fixedContext, PROOF_URL } from "../support/helpers.ts";
import { testSigner } from "../support/test-signer.ts";

type Node = Record<string, any>;
const SITE = "http://localhost:3000";
const DOCUMENTS = buildDocuments({ siteUrl: SITE });
const json = (path: string): Node => JSON.parse(DOCUMENTS.get(path)!.body);
const OPENAPI = json("/openapi.json");
const TOOLS: Node[] = tools(SITE).tools;
const SEND_BACK = /send it back exactly as returned/i;

/** A `$ref` into `root` followed to what it names. */
const resolve = (root: Node, node: Node): Node =>
  node.$ref === undefined
    ? node
    : resolve(
        root,
        node.$ref
          .slice(2)
          .split("/")
          .reduce((at: Node, k: string) => at[k], root),
      );

/** Every job input schema, by where it is published: the job's `seal` and the job itself. */
function jobInputs(): [string, Node, Node][] {
  const rows: [string, Node, Node][] = [];
  const add = (where: string, job: Node | undefined, root: Node = {}) => {
    if (job === undefined) return;
    const resolved = resolve(root, job.anyOf?.[0] ?? job);
    rows.push([where, resolve(root, resolved.properties.seal?.anyOf?.[0] ?? resolved.properties.seal ?? {}), resolved]);
  };
  for (const tool of TOOLS) {
    add(`tools.json ${tool.name} input_schema`, tool.input_schema.properties.job);
    add(`tools.json ${tool.name} openai_strict`, tool.function_calling.openai_strict.properties.job);
    add(`tools.json ${tool.name} gemini`, tool.function_calling.gemini.properties.job);
  }
  for (const tool of engineTools()) add(`MCP ${tool.name} inputSchema`, (tool.inputSchema.properties as Node).job);
  for (const path of ["/api/schemas/transition.json", "/api/schemas/verify.json"]) {
    const schema = json(path);
    add(`${path} JobInput`, schema.$defs.JobInput, schema);
  }
  add("OpenAPI JobInput", OPENAPI.components.schemas.JobInput, OPENAPI);
  return rows;
}

describe("every job input schema carries the seal, to send back exactly as returned (D27)", () => {
  const rows = jobInputs();

  test("each tool that takes a job, in each form, and each schema document is among them", () => {
    expect(rows.length).toBe(4 * 3 + 4 + 2 + 1);
  });

  test.each(rows)("%s: seal is a string of the seal's shape", (_where, seal, job) => {
    expect(job.properties).toHaveProperty("seal");
    expect([seal.type].flat()).toContain("string");
    expect(seal.pattern).toBe(SEAL_PATTERN);
    expect(seal.maxLength).toBe(SEAL_MAX_LENGTH);
    expect(seal.description).toMatch(SEND_BACK);
    expect(job.description).toMatch(/exactly as the last (answer|response) gave it/);
  });

  test.each(TOOLS.filter((tool) => tool.input_schema.properties.job).map((tool) => [tool.name, tool] as const))(
    "%s: seal is optional and nullable: required but nullable in OpenAI's strict form, optional and nullable in Gemini's",
    (_name, tool) => {
      expect(tool.input_schema.properties.job.required).not.toContain("seal");
      const strict = tool.function_calling.openai_strict.properties.job;
      expect(strict.required).toContain("seal");
      expect(strict.properties.seal.type).toEqual(["string", "null"]);
      const gemini = tool.function_calling.gemini.properties.job;
      expect(gemini.required).not.toContain("seal");
      expect(gemini.properties.seal).toMatchObject({ type: "string", nullable: true });
    },
  );

  test("every OpenAPI body that takes a job takes JobInput", () => {
    const schemas = OPENAPI.components.schemas;
    for (const body of ["FundBody", "SubmitBody", "ReleaseBody", "DisputeBody"])
      expect(schemas[body].properties.job).toEqual({ $ref: "#/components/schemas/JobInput" });
    expect(schemas.VerifyBody.oneOf[1].properties.job).toEqual({ $ref: "#/components/schemas/JobInput" });
  });

  test("escrow_transition's description, the MCP instructions and the walk_a_job prompt say it", () => {
    const exactly = /exactly as the last answer returned it: the same members, names and order, and its seal/;
    const transition = engineTools().find((tool) => tool.name === "escrow_transition")!;
    expect(transition.description).toMatch(exactly);
    expect(MCP_INSTRUCTIONS).toMatch(exactly);
    const [message] = walkMessages({ title: CREATE.title, amount: CREATE.amount, criteria: CREATE.criteria });
    expect(message!.content.text).toMatch(exactly);
    expect(WALK_PROMPT.name).toBe("walk_a_job");
  });
});

describe("validate's seal_valid: declared on its 200 and its 409, answered there (D27)", () => {
  const validate = OPENAPI.paths["/api/v0/validate"].post.responses;
  const schemaOf = (response: Node) => resolve(OPENAPI, resolve(OPENAPI, response).content["application/json"].schema);

  test.each([["200"], ["409"]])("the %s response's schema declares seal_valid, a boolean", (status) => {
    expect(schemaOf(validate[status]).properties.seal_valid).toMatchObject({ type: "boolean" });
  });

  const ctx = (mode: "on" | "required"): EngineContext => ({ ...fixedContext(), sealing: { mode, signer: SIGNER } });
  const SIGNER = testSigner();
  const walk = (() => {
    const c = call("transition", { action: "create", ...CREATE }, {}, ctx("on")).body as Node;
    const f = call("transition", { action: "fund", job: c.job, payer_credits: 1000 }, {}, ctx("on")).body as Node;
    return call("transition", { action: "submit", job: f.job, proof_url: PROOF_URL }, {}, ctx("on")).body as Node;
  })();
  const keys = (body: Node) => Object.keys(body);

  test("a sealed job answers seal_valid true after next_status; an edited one false", () => {
    const held = call("validate", { action: "release", job: walk.job }, {}, ctx("on"));
    expect([held.status, held.body.seal_valid]).toEqual([200, true]);
    expect(keys(held.body).indexOf("seal_valid")).toBe(keys(held.body).indexOf("next_status") + 1);
    const edited = call("validate", { action: "release", job: { ...walk.job, amount: 1 } }, {}, ctx("on"));
    expect([edited.status, edited.body.seal_valid]).toEqual([200, false]);
  });

  test("a state problem (409) answers seal_valid after errors; a job without a seal answers none", () => {
    const state = call("validate", { action: "fund", job: walk.job, payer_credits: 1000 }, {}, ctx("on"));
    expect([state.status, state.body.error, state.body.seal_valid]).toEqual([409, "illegal_transition", true]);
    expect(keys(state.body).at(-1)).toBe("seal_valid");
    const { seal: _, ...unsealed } = walk.job;
    expect(call("validate", { action: "release", job: unsealed }, {}, ctx("on")).body).not.toHaveProperty("seal_valid");
  });

  test("under SEALS=required a seal that does not hold is a 400 without seal_valid", () => {
    const refused = call("validate", { action: "release", job: { ...walk.job, title: "x" } }, {}, ctx("required"));
    expect([refused.status, refused.body.field]).toEqual([400, "job.seal"]);
    expect(refused.body).not.toHaveProperty("seal_valid");
  });
});

describe("seals_unavailable is published where engine errors are (D27)", () => {
  const ENGINE_PATHS = ENGINE_ROUTES.map((route) => `/api/v0/${route}`);

  test.each(ENGINE_PATHS)("OpenAPI: %s answers 503 SealsUnavailable with its example", (path) => {
    const response = resolve(OPENAPI, OPENAPI.paths[path].post.responses["503"]);
    const content = response.content["application/json"];
    expect(content.schema).toEqual({ $ref: "#/components/schemas/ErrorBody" });
    expect(resolve(OPENAPI, content.examples.seals_unavailable).value.error).toBe("seals_unavailable");
  });

  test("/mcp's description and SETTLEMENT.md's error table name it", () => {
    expect(OPENAPI.paths["/mcp"].post.description).toContain("seals_unavailable");
    expect(DOCUMENTS.get("/SETTLEMENT.md")!.body).toContain(
      `| seals_unavailable | 503 | http | ${ERROR_CATALOG.seals_unavailable.message} |`,
    );
  });
});

test("no published text names job_sealed (gone with HS256 seals): every document, the MCP tools and instructions", () => {
  const texts: [string, string][] = [
    ...[...DOCUMENTS].map(([path, doc]) => [path, doc.body] as [string, string]),
    ["MCP tools", JSON.stringify(engineTools())],
    ["MCP instructions", MCP_INSTRUCTIONS],
  ];
  for (const [path, text] of texts) expect(text, path).not.toContain("job_sealed");
});
