/**
 * tools.json's `function_calling`: every tool's parameters in the forms
 * OpenAI's strict mode and Gemini take as they are, checked against each provider's documented
 * schema subset; and a model's strict-mode call (every optional argument sent as null) is one the
 * engine answers as it answers the body without them. `strict_schema` is now `body_schema`.
 */
import { describe, expect, test } from "bun:test";
import { GEMINI_KEYWORDS, OPENAI_KEYWORDS } from "../../shared/documents/llm-tools.ts";
import { tools } from "../../shared/documents/tools-json.ts";
import type { EngineRoute } from "../../shared/protocol/constants.ts";
import { ROUTE_BODIES } from "../support/fixtures.ts";
import { call } from "../support/helpers.ts";

type Node = Record<string, any>;
const TOOLS = tools("https://escrow.test").tools;

/** Every schema inside `schema` (itself, properties, items, anyOf), with its path. */
function* walk(schema: Node, path = "$"): Generator<[string, Node]> {
  yield [path, schema];
  for (const [name, child] of Object.entries((schema.properties ?? {}) as Record<string, Node>))
    yield* walk(child, `${path}.${name}`);
  if (schema.items) yield* walk(schema.items, `${path}[]`);
  for (const [i, child] of ((schema.anyOf ?? []) as Node[]).entries()) yield* walk(child, `${path}|${i}`);
}

describe("tools.json function_calling", () => {
  test("the body schema link is named body_schema, not strict_schema", () => {
    for (const tool of TOOLS) {
      expect(tool).not.toHaveProperty("strict_schema");
      expect(tool.body_schema).toStartWith("https://escrow.test/api/schemas/");
    }
  });

  test("OpenAI strict mode: only its keywords; every object closed, every property required; optional ones nullable", () => {
    for (const tool of TOOLS) {
      const root = tool.function_calling.openai_strict as Node;
      expect(root.type, tool.name).toBe("object");
      expect(root).not.toHaveProperty("anyOf");
      for (const [path, node] of walk(root)) {
        const where = `${tool.name} ${path}`;
        for (const key of Object.keys(node)) expect(OPENAI_KEYWORDS as readonly string[], where).toContain(key);
        if (node.properties) {
          expect(node.additionalProperties, where).toBe(false);
          expect([...node.required].sort(), where).toEqual(Object.keys(node.properties).sort());
        }
      }
      const input = tool.input_schema as Node;
      for (const name of Object.keys(input.properties)) {
        if ((input.required ?? []).includes(name)) continue;
        const property = root.properties[name];
        const nullable =
          [property.type].flat().includes("null") || (property.anyOf ?? []).some((s: Node) => s.type === "null");
        expect(nullable, `${tool.name}.${name}`).toBe(true);
      }
    }
  });

  test("Gemini: only its keywords, one type per schema and never null, enums of strings", () => {
    const TYPES = ["string", "integer", "number", "boolean", "array", "object"];
    for (const tool of TOOLS) {
      const root = tool.function_calling.gemini as Node;
      expect(root.type, tool.name).toBe("object");
      for (const [path, node] of walk(root)) {
        const where = `${tool.name} ${path}`;
        for (const key of Object.keys(node)) expect(GEMINI_KEYWORDS as readonly string[], where).toContain(key);
        if (node.anyOf === undefined) expect(TYPES, where).toContain(node.type);
        if (node.enum) for (const value of node.enum) expect(typeof value, where).toBe("string");
      }
      expect(JSON.stringify(root)).not.toContain('"null"');
    }
  });

  test("a strict-mode call, every optional argument null, is answered as the body without them", () => {
    for (const tool of TOOLS) {
      const route = tool.path.split("/").at(-1) as EngineRoute;
      const body = ROUTE_BODIES[route] as Node;
      const strict = tool.function_calling.openai_strict as Node;
      const filled: Node = {};
      for (const name of Object.keys(strict.properties)) filled[name] = body[name] ?? null;
      const plain = call(route, body);
      const nulls = call(route, filled);
      expect(nulls.status, tool.name).toBe(plain.status);
      expect(nulls.body, tool.name).toEqual(plain.body);
    }
  });
});
