/**
 * Every GET document (docs/api.md "GET documents"): one readable snapshot per document, how each path is
 * served (types, caching, ETag and 304, HEAD, OPTIONS, 405), the OpenAPI document under the
 * official 3.1 schema and Redocly's linter, the JSON Schemas under a 2020-12 validator, and the
 * facts docs/api.md states about each document. The site build's byte identity with the API is in
 * site-build.e2e.test.ts.
 */
import { describe, expect, setSystemTime, test } from "bun:test";
import { existsSync } from "node:fs";
import { createConfig, lintFromString, loadConfig } from "@redocly/openapi-core";
import { Validator } from "@seriousme/openapi-schema-validator";
import Ajv2020 from "ajv/dist/2020";
import { buildDocuments } from "../../shared/documents/built-documents.ts";
import { DOCUMENT_CATALOG, KEY_SET, TYPES } from "../../shared/documents/document-list.ts";
import { PAGES } from "../../shared/documents/site-pages.ts";
import { ENGINE_ROUTES, type EngineRoute, enginePath, MCP_PATH } from "../../shared/protocol/constants.ts";
import { ERROR_CATALOG } from "../../shared/protocol/errors.ts";
import { X402_PATHS } from "../../shared/x402/x402-paths.ts";
import { JOBS } from "../support/fixtures.ts";
import { CREATE, call, fixedContext, ok, testHandler } from "../support/helpers.ts";

const handle = testHandler();
const ORIGIN = "http://localhost:3000";
const get = (path: string, init: RequestInit = {}) => handle(new Request(`http://localhost${path}`, init));
const bodyOf = async (path: string) => (await get(path)).text();
const jsonOf = async (path: string): Promise<any> => JSON.parse(await bodyOf(path));

const ALL_PATHS = DOCUMENT_CATALOG.flatMap((doc) => doc.paths.map((path) => [path, doc] as const));

/** A document as its snapshot holds it: JSON two-space indented (as served, but for the compact OpenAPI document). */
const readable = (body: string, kind: string) =>
  kind === "json" ? `${JSON.stringify(JSON.parse(body), null, 2)}\n` : body;

describe("every document, as served", () => {
  test.each(DOCUMENT_CATALOG.map((doc) => [doc.paths[0], doc] as const))(
    "%s matches its snapshot",
    async (path, doc) => {
      expect(readable(await bodyOf(path), doc.kind)).toMatchSnapshot();
    },
  );

  test.each(ALL_PATHS)("GET %s is 200 with its type, public caching, an ETag and CORS", async (path, doc) => {
    const response = await get(path);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe(TYPES[doc.kind]);
    expect(response.headers.get("cache-control")).toBe("public, max-age=300");
    expect(response.headers.get("etag")).toMatch(/^"[0-9a-f]{32}"$/);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
  });

  test.each(DOCUMENT_CATALOG.filter((doc) => doc.paths.length > 1).map((doc) => [doc.paths.join(" = "), doc] as const))(
    "%s serve the same bytes and ETag",
    async (_name, doc) => {
      const answers = await Promise.all(doc.paths.map((path) => get(path)));
      const bodies = await Promise.all(answers.map((r) => r.text()));
      expect(new Set(bodies).size).toBe(1);
      expect(new Set(answers.map((r) => r.headers.get("etag"))).size).toBe(1);
    },
  );

  test.each(ALL_PATHS)("%s answers 304 to its own ETag and 200 to another", async (path) => {
    const etag = (await get(path)).headers.get("etag")!;
    const fresh = await get(path, { headers: { "If-None-Match": etag } });
    expect(fresh.status).toBe(304);
    expect(await fresh.text()).toBe("");
    expect(fresh.headers.get("etag")).toBe(etag);
    expect((await get(path, { headers: { "If-None-Match": `W/${etag}, "other"` } })).status).toBe(304);
    expect((await get(path, { headers: { "If-None-Match": '"0000"' } })).status).toBe(200);
  });

  test.each(ALL_PATHS)("HEAD %s has the GET headers and no body", async (path) => {
    const [head, full] = [await get(path, { method: "HEAD" }), await get(path)];
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    for (const name of ["content-type", "etag", "cache-control"])
      expect(head.headers.get(name)).toBe(full.headers.get(name));
  });

  test.each(ALL_PATHS)("OPTIONS %s is a 204 preflight for GET, HEAD, OPTIONS (D17)", async (path) => {
    const response = await get(path, { method: "OPTIONS" });
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-methods")).toBe("GET, HEAD, OPTIONS");
    expect(response.headers.get("access-control-max-age")).toBe("86400");
  });

  test.each(ALL_PATHS.flatMap(([path]) => ["POST", "PUT", "DELETE", "PATCH"].map((method) => [method, path] as const)))(
    "%s %s is 405 method_not_allowed with Allow: GET, HEAD, OPTIONS",
    async (method, path) => {
      const response = await get(path, { method, body: method === "DELETE" ? undefined : "{}" });
      expect(response.status).toBe(405);
      expect(response.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
      const body = (await response.json()) as Record<string, unknown>;
      expect(body).toMatchObject({
        ok: false,
        mode: "demo",
        money: false,
        error: "method_not_allowed",
        message: ERROR_CATALOG.method_not_allowed.message,
      });
    },
  );
});

describe("documents are pure (D18)", () => {
  test("documents built at another time of day and year are byte-identical", () => {
    const before = buildDocuments({ siteUrl: ORIGIN });
    setSystemTime(new Date("2031-07-04T12:34:56Z"));
    try {
      const after = buildDocuments({ siteUrl: ORIGIN });
      for (const [path, doc] of before) expect(after.get(path)?.body, path).toBe(doc.body);
    } finally {
      setSystemTime();
    }
  });

  test("every absolute URL takes its origin from SITE_URL", () => {
    const origin = "https://escrow.agents.test";
    const docs = buildDocuments({ siteUrl: `${origin}/` });
    for (const [path, doc] of docs) {
      expect(doc.body.includes("localhost"), `${path} still names localhost`).toBe(false);
      for (const url of doc.body.match(/https?:\/\/[^\s"'<>)\]]+/g) ?? []) {
        // Other origins are only the JSON Schema and OpenAPI dialect URIs and example payloads.
        if (url.startsWith(origin)) expect(url.startsWith(`${origin}//`), url).toBe(false);
      }
    }
    expect(docs.get("/robots.txt")?.body).toContain(`Sitemap: ${origin}/sitemap.xml`);
    expect(JSON.parse(docs.get("/openapi.json")!.body).servers[0].url).toBe(origin);
  });
});

describe("OpenAPI 3.1 (/openapi.json)", () => {
  const body = buildDocuments({ siteUrl: "https://escrow.agents.test" }).get("/openapi.json")!.body;
  const doc = JSON.parse(body);

  /** An agent sent to it by llms.txt reads all of it, so it stays compact. */
  test("is under 100,000 bytes, sent compact", () => {
    expect(new TextEncoder().encode(body).length).toBeLessThan(100_000);
    expect(body).toBe(`${JSON.stringify(doc)}\n`);
  });

  test("states a document's HEAD and OPTIONS once, in the documents tag, not as operations per path", () => {
    const tag = doc.tags.find((t: { name: string }) => t.name === "documents");
    for (const words of ["HEAD", "OPTIONS", "304", "405", "A rate limit never counts or refuses them (D23)"])
      expect(tag.description).toContain(words);
    for (const path of [...DOCUMENT_CATALOG.flatMap((d) => d.paths), KEY_SET.path])
      expect(Object.keys(doc.paths[path]).sort(), path).toEqual(["get", "parameters"]);
  });

  test("is valid under the official OpenAPI 3.1 schema", async () => {
    const result = await new Validator().validate(structuredClone(doc));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  test("has no error under Redocly's recommended rules", async () => {
    const config = await createConfig({ extends: ["recommended"] });
    const problems = await lintFromString({
      source: JSON.stringify(doc, null, 2),
      absoluteRef: "/openapi.json",
      config,
    });
    expect(problems.filter((p) => p.severity === "error").map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
  });

  /**
   * No problem at all under the repository's redocly.yaml, the configuration `redocly lint` reads
   * from the root: recommended with two settings this API needs. Bodies accept fields the contract does
   * not know (D5), so examples may hold more than a schema names; and an engine's CORS
   * preflight (OPTIONS) cannot fail with a 4xx (its 4xx-free response is the truth).
   */
  test("has no warning and no error under the repository's redocly.yaml", async () => {
    const configPath = new URL("../../redocly.yaml", import.meta.url).pathname;
    expect(existsSync(configPath)).toBe(true);
    const config = await loadConfig({ configPath });
    const problems = await lintFromString({
      source: JSON.stringify(doc, null, 2),
      absoluteRef: "/openapi.json",
      config,
    });
    expect(problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`)).toEqual([]);
  });

  test("every POST operation lists at least one 4xx response, 429 among them; a GET of a document none (D23 never refuses it)", () => {
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      if (item.post) {
        const statuses = Object.keys(item.post.responses);
        expect(
          statuses.some((s) => s.startsWith("4")),
          `post ${path}`,
        ).toBe(true);
        expect(statuses, `post ${path}`).toContain("429");
      }
      // x402's supported is the service's answer of its key, not a cached document (D30).
      if (item.get && path !== X402_PATHS.supported)
        expect(Object.keys(item.get.responses), `get ${path}`).toEqual(["200", "304", "500"]);
    }
  });

  test("covers every engine, the MCP endpoint, every document path, the key set and the x402 paths, and nothing else", () => {
    const documents = DOCUMENT_CATALOG.flatMap((d) => d.paths);
    const x402 = Object.values(X402_PATHS);
    const expected = [...ENGINE_ROUTES.map(enginePath), MCP_PATH, ...documents, KEY_SET.path, ...x402].sort();
    expect(Object.keys(doc.paths).sort()).toEqual(expected);
  });

  test.each(ENGINE_ROUTES)("POST %s lists each error status its catalog routes give, and 413", (route) => {
    const responses = doc.paths[enginePath(route)].post.responses;
    const statuses = Object.values(ERROR_CATALOG)
      .filter((e) => (e.routes as readonly string[]).includes(route))
      .map((e) => String(e.status));
    for (const status of [...statuses, "200", "413"]) expect(Object.keys(responses)).toContain(status);
  });

  test("declares the optional demo key (Bearer and X-Service-Key) and the Idempotency-Key header", () => {
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
    expect(doc.components.securitySchemes.serviceKey).toMatchObject({
      type: "apiKey",
      in: "header",
      name: "X-Service-Key",
    });
    expect(doc.security).toContainEqual({});
    expect(doc.components.parameters.IdempotencyKey).toMatchObject({
      name: "Idempotency-Key",
      in: "header",
      required: false,
    });
  });

  test("every request example is a body its engine accepts", () => {
    for (const route of ENGINE_ROUTES) {
      const examples = doc.paths[enginePath(route)].post.requestBody.content["application/json"].examples;
      expect(Object.keys(examples).length, route).toBeGreaterThan(0);
      for (const { value } of Object.values<any>(examples))
        expect(call(route, value).status, `${route} ${JSON.stringify(value)}`).toBe(200);
    }
  });
});

describe("JSON Schemas (draft 2020-12)", () => {
  const SCHEMA_PATHS = [
    "/api/schemas/transition.json",
    "/api/schemas/simulate.json",
    "/api/schemas/receipt.json",
    "/api/schemas/verify.json",
  ];
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  const compiled = Object.fromEntries(
    SCHEMA_PATHS.map((path) => [path, ajv.compile(JSON.parse(buildDocuments({ siteUrl: ORIGIN }).get(path)!.body))]),
  );
  const jobs = JOBS;

  test.each(SCHEMA_PATHS)("%s declares draft 2020-12 and compiles in strict mode", async (path) => {
    expect((await jsonOf(path)).$schema).toBe("https://json-schema.org/draft/2020-12/schema");
    expect(typeof compiled[path]).toBe("function");
  });

  test("an 80-emoji title passes the schema and the engine; 81 fails both (D1)", () => {
    const check = compiled["/api/schemas/transition.json"]!;
    for (const [count, accepted] of [
      [80, true],
      [81, false],
    ] as const) {
      const body = { action: "create", ...CREATE, title: "😀".repeat(count) };
      expect(check(body), String(count)).toBe(accepted);
      expect(call("transition", body).status === 200, String(count)).toBe(accepted);
    }
  });

  test("receipts the engine gives on release and dispute pass the receipt schema", () => {
    for (const action of ["release", "dispute"]) {
      const { receipt } = ok(call("transition", { action, job: jobs.submitted }, { Authorization: "Bearer k" }));
      expect(
        compiled["/api/schemas/receipt.json"]!(receipt),
        JSON.stringify(compiled["/api/schemas/receipt.json"]!.errors),
      ).toBe(true);
    }
  });

  test("every example of /api/examples.json passes the schema of its route", async () => {
    const schemaOf: Record<EngineRoute, string> = {
      transition: "/api/schemas/transition.json",
      quote: "/api/schemas/transition.json",
      validate: "/api/schemas/transition.json",
      simulate: "/api/schemas/simulate.json",
      verify: "/api/schemas/verify.json",
    };
    for (const example of (await jsonOf("/api/examples.json")).examples) {
      const check = compiled[schemaOf[example.route as EngineRoute]]!;
      expect(check(example.body), `${example.name}: ${JSON.stringify(check.errors)}`).toBe(true);
    }
  });
});

describe("what each document holds", () => {
  test("agent.json is a small card: service, version 0, demo, no money, and links to every document, engine and the key set", async () => {
    const card = await jsonOf("/.well-known/agent.json");
    expect(card).toMatchObject({ version: "0", mode: "demo", money: false });
    expect(Object.values(card.documents)).toEqual(DOCUMENT_CATALOG.map((d) => `${ORIGIN}${d.paths[0]}`));
    expect(card.jwks_uri).toBe(`${ORIGIN}${KEY_SET.path}`);
    expect(card.engines.map((e: any) => e.url)).toEqual(ENGINE_ROUTES.map((r) => `${ORIGIN}${enginePath(r)}`));
    expect(card.is_not.length).toBeGreaterThan(0);
  });

  test("health.json is ok, service, version 0, demo mode and money false", async () => {
    expect(await jsonOf("/api/health.json")).toEqual({
      ok: true,
      service: "agent-escrow-demo",
      version: "0",
      mode: "demo",
      money: false,
    });
  });

  test("errors.json lists every code with status, kind, message, when, extra and routes, not_found and payload_too_large included (D9)", async () => {
    const { codes } = await jsonOf("/api/errors.json");
    expect(codes.map((c: any) => c.code)).toEqual(Object.keys(ERROR_CATALOG));
    expect(codes.map((c: any) => c.code)).toEqual(expect.arrayContaining(["not_found", "payload_too_large"]));
    for (const entry of codes)
      expect(Object.keys(entry).sort()).toEqual(["code", "extra", "kind", "message", "routes", "status", "when"]);
  });

  test("fees.json works its examples with the same fee functions as the engine", async () => {
    for (const { amount, release, dispute } of (await jsonOf("/api/fees.json")).examples) {
      const released = ok(
        call("simulate", { ...CREATE, amount, payer_credits: amount, proof_url: "https://example.com/p" }),
      );
      expect(release).toMatchObject({ fee: released.fee, agent_payout: released.agent_payout });
      expect(dispute.returned_to_payer).toBe(amount);
    }
  });

  test("every template is a create body the engine accepts", async () => {
    for (const { title, amount, criteria } of (await jsonOf("/api/templates.json")).templates) {
      expect(call("validate", { action: "create", title, amount, criteria }).status, title).toBe(200);
    }
  });

  test("every example of examples.json is accepted by its route", async () => {
    for (const example of (await jsonOf("/api/examples.json")).examples) {
      const result = call(example.route, example.body, example.headers ?? {}, fixedContext());
      expect(result.status, `${example.name}: ${JSON.stringify(result.body)}`).toBe(200);
    }
  });

  test("quickstart.json walks discovery, quote, create, fund, prove, release, then the optional dispute", async () => {
    const { steps } = await jsonOf("/api/quickstart.json");
    expect(steps.map((s: any) => s.name)).toEqual([
      "discovery",
      "quote",
      "create",
      "fund",
      "prove",
      "release",
      "dispute",
    ]);
    expect(steps.at(-1).optional).toBe(true);
    for (const step of steps.filter((s: any) => s.method === "POST")) {
      expect(step.curl).toContain(step.url);
      const route = step.url.split("/").at(-1) as EngineRoute;
      expect(call(route, step.body).status, step.name).toBe(200);
    }
  });

  test("tools.json names quote, transition, simulate, verify and validate with an input schema each", async () => {
    const { tools, discovery } = await jsonOf("/api/tools.json");
    expect(tools.map((t: any) => t.path)).toEqual(
      ["quote", "transition", "simulate", "verify", "validate"].map((r) => enginePath(r as EngineRoute)),
    );
    const ajv = new Ajv2020({ strict: false });
    for (const tool of tools) {
      expect(tool.method).toBe("POST");
      expect(tool.input_schema.type).toBe("object");
      expect(ajv.validateSchema(tool.input_schema), tool.name).toBe(true);
    }
    expect(discovery.agent_card).toBe(`${ORIGIN}/.well-known/agent.json`);
  });

  test("changelog.json is newest first", async () => {
    const dates = (await jsonOf("/api/changelog.json")).entries.map((e: any) => e.date);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  test("scoreboard.json counts 0 external users, 0 paid pilots and 0 USD, with a static list of listings", async () => {
    const board = await jsonOf("/api/scoreboard.json");
    expect(board).toMatchObject({ external_users: 0, paid_pilots: 0, revenue_usd: 0 });
    expect(board.listings.length).toBeGreaterThan(0);
    for (const listing of board.listings) expect(listing.url).toStartWith(ORIGIN);
  });

  test("llms.txt has an H1, a blockquote summary and H2 sections of [name](url): note links", async () => {
    const lines = (await bodyOf("/llms.txt")).split("\n");
    expect(lines[0]).toMatch(/^# \S/);
    expect(lines.find((l) => l.startsWith(">"))).toBeDefined();
    expect(lines.indexOf(lines.find((l) => l.startsWith(">"))!)).toBeLessThan(
      lines.findIndex((l) => l.startsWith("## ")),
    );
    const sections = lines.filter((l) => l.startsWith("## "));
    expect(sections.length).toBeGreaterThanOrEqual(2);
    for (const line of lines.filter((l) => l.startsWith("- ")))
      expect(line).toMatch(/^- \[[^\]]+\]\(https?:\/\/[^)\s]+\): \S/);
  });

  test("robots.txt names the sitemap, and the sitemap lists every page and document", async () => {
    expect(await bodyOf("/robots.txt")).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    const sitemap = await bodyOf("/sitemap.xml");
    expect(sitemap).toStartWith('<?xml version="1.0" encoding="UTF-8"?>');
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(
      [...PAGES.map((p) => p.path), ...DOCUMENT_CATALOG.flatMap((d) => d.paths)].map((p) => `${ORIGIN}${p}`),
    );
  });

  test("SETTLEMENT.md is raw Markdown of the protocol, with every error code", async () => {
    const md = await bodyOf("/SETTLEMENT.md");
    expect(md).toStartWith("# ");
    for (const code of Object.keys(ERROR_CATALOG)) expect(md).toContain(code);
    expect(md).not.toContain("<html");
  });

  test("settlement.json publishes the short-key maps of both link tokens (D19) and every decision", async () => {
    const s = await jsonOf("/api/settlement.json");
    expect(s.tokens.handoff.job_keys).toMatchObject({
      id: "id",
      title: "t",
      amount: "a",
      criteria: "c",
      createdAt: "ca",
    });
    expect(s.tokens.receipt.receipt_keys).toMatchObject({
      job_id: "j",
      release_fee: "f",
      returned_to_payer: "rp",
      key_id: "k",
    });
    const text = JSON.stringify(s.decisions);
    for (let n = 1; n <= 20; n++) expect(text, `D${n}`).toContain(`D${n}`);
  });
});
