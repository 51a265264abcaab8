/**
 * /server.json, the service in the MCP Registry's format: valid under the registry's own JSON
 * Schema (2025-12-11, vendored and pinned in registry/, see registry/SOURCE.md), for the default
 * origin and a public one; with a public https origin, also through the checks the registry makes
 * at publish time that no schema states (internal/validators/validators.go of
 * modelcontextprotocol/registry); and every value derived: the origin from SITE_URL, the revisions
 * from MCP_REVISIONS, the stdio command the README's, its script and variables the ones the
 * project has; and agent.json and llms.txt name the revisions and the path (the docs' lists of
 * revisions are held to MCP_REVISIONS in docs/figures). The snapshot and the serving of the path are in documents.test.ts.
 */
import { describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import Ajv from "ajv";
import addFormats from "ajv-formats";
import { buildDocuments } from "../../shared/documents/built-documents.ts";
import {
  CLONE_PATH,
  PUBLISHER_META,
  REGISTRY_SCHEMA,
  registryNamespace,
  STDIO_COMMAND,
  serverJson,
} from "../../shared/documents/server-json.ts";
import { DEFAULT_SITE_URL, MCP_PATH, MCP_REVISIONS, SERVICE, VERSION } from "../../shared/protocol/constants.ts";
import { read, section } from "../docs/markdown.ts";

const SCHEMA_FILE = new URL("./registry/server.schema.2025-12-11.json", import.meta.url);
const SCHEMA_SHA256 = "3fba09590c99f61735d234822279f4223fab9e300c0a81e81c91ab62a4114de0";
const PUBLIC = "https://escrow.agents.test";

const schemaBytes = readFileSync(SCHEMA_FILE);
const schema = JSON.parse(schemaBytes.toString("utf8"));
/**
 * Draft-07 in strict mode but for strictRequired (the registry's schema requires valueHint or value in an
 * anyOf beside the properties that define them); `example` is its one annotation draft-07 lacks.
 */
const ajv = new Ajv({ strict: true, strictRequired: false, allErrors: true });
addFormats(ajv);
ajv.addVocabulary(["example"]);
const validate = ajv.compile(schema);

/** The served document for an origin, parsed. */
const served = (siteUrl: string): any => JSON.parse(buildDocuments({ siteUrl }).get("/server.json")!.body);

describe("the vendored registry schema", () => {
  test("is the pinned 2025-12-11 file, the one the document names as its $schema", () => {
    expect(createHash("sha256").update(schemaBytes).digest("hex")).toBe(SCHEMA_SHA256);
    expect(schema.$id).toBe(REGISTRY_SCHEMA);
    expect(schema.$schema).toBe("http://json-schema.org/draft-07/schema#");
  });

  test("refuses what the registry refuses: no name, a long description, a remote that is not a URL", () => {
    const good = served(PUBLIC);
    expect(validate(good)).toBe(true);
    const { name: _name, ...nameless } = good;
    for (const bad of [
      nameless,
      { ...good, description: "x".repeat(101) },
      { ...good, remotes: [{ type: "streamable-http", url: "escrow.agents.test/mcp" }] },
    ])
      expect(validate(bad)).toBe(false);
  });
});

describe.each([DEFAULT_SITE_URL, PUBLIC])("/server.json built with SITE_URL %s", (siteUrl) => {
  const doc = served(siteUrl);

  test("is valid under the registry's schema", () => {
    expect(validate(doc), JSON.stringify(validate.errors, null, 2)).toBe(true);
  });

  test("names the service in the origin's namespace, at its version, with /mcp as the Streamable HTTP remote", () => {
    expect(doc.name).toBe(`${registryNamespace(siteUrl)}/${SERVICE}`);
    expect(doc.version).toBe(`${VERSION}.0.0`);
    expect(doc.websiteUrl).toBe(`${siteUrl}/`);
    expect(doc.remotes).toEqual([{ type: "streamable-http", url: `${siteUrl}${MCP_PATH}` }]);
  });

  test("says which MCP revisions it serves: MCP_REVISIONS, the current one first", () => {
    const { current, legacy } = doc._meta[PUBLISHER_META].protocolRevisions;
    expect([current, ...legacy]).toEqual([...MCP_REVISIONS]);
  });

  test("lists no package, since nothing is published to a package registry (package.json is private)", () => {
    expect(doc).not.toHaveProperty("packages");
    expect(JSON.parse(read("package.json")).private).toBe(true);
  });

  test("is the document the site prerenders (the same builder)", () => {
    expect(doc).toEqual(JSON.parse(JSON.stringify(serverJson(siteUrl))));
  });
});

describe("with a public https SITE_URL, the checks the registry makes when publishing", () => {
  const doc = served(PUBLIC);

  test("the name is dns-namespace/name, each part starting and ending with a letter or digit", () => {
    expect(registryNamespace(PUBLIC)).toBe("test.agents.escrow");
    expect(doc.name).toMatch(/^[a-zA-Z0-9][a-zA-Z0-9.-]*[a-zA-Z0-9]\/[a-zA-Z0-9][a-zA-Z0-9._-]*[a-zA-Z0-9]$/);
  });

  test("the version is one semver version (the registry sorts by semver), as package.json's: not latest, not a range", () => {
    expect(doc.version).not.toBe("latest");
    expect(doc.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(doc.version).toBe(JSON.parse(readFileSync(`${import.meta.dir}/../../package.json`, "utf8")).version);
  });

  test("websiteUrl and the remote are https and not localhost", () => {
    for (const url of [doc.websiteUrl, ...doc.remotes.map((r: any) => r.url)]) {
      expect(new URL(url).protocol, url).toBe("https:");
      expect(new URL(url).hostname, url).not.toBe("localhost");
    }
  });

  test("_meta holds only the publisher-provided key, the one the registry keeps, within its 4 KB", () => {
    expect(Object.keys(doc._meta)).toEqual([PUBLISHER_META]);
    expect(new TextEncoder().encode(JSON.stringify(doc._meta[PUBLISHER_META])).length).toBeLessThanOrEqual(4096);
  });
});

describe("the stdio command in _meta is the one the project runs", () => {
  const stdio = served(PUBLIC)._meta[PUBLISHER_META].stdio;

  test("it is the pinned Bun on the clone's mcp/stdio.ts, no cwd (the README's desktop configuration is held to it in docs/code-blocks)", () => {
    expect(stdio).toMatchObject(STDIO_COMMAND);
    expect(stdio).not.toHaveProperty("cwd");
    const [, bun, file] = STDIO_COMMAND.args;
    expect(bun as string).toBe(`bun@${JSON.parse(read("package.json")).devDependencies.bun}`);
    expect(file).toBe(`${CLONE_PATH}/mcp/stdio.ts`);
    expect(JSON.parse(read("package.json")).scripts.mcp).toBe("bun mcp/stdio.ts");
  });

  test("its setup is the install of the README's Quick start, with the pinned Bun", () => {
    const quickStart = section(read("README.md"), "## Quick start");
    expect(quickStart).toContain(`${stdio.setup} && `);
    expect(stdio.setup).toContain(`bun@${JSON.parse(read("package.json")).devDependencies.bun} `);
  });

  test("each variable it names is one the stdio server reads", () => {
    const files = readdirSync(new URL("../../mcp", import.meta.url)).filter((file) => file.endsWith(".ts"));
    const sources = files.map((file) => read(`mcp/${file}`)).join("\n");
    for (const { name } of stdio.environmentVariables) expect(sources, name).toContain(`env.${name}`);
  });
});

describe("agent.json and llms.txt name the revisions and server.json", () => {
  const docs = buildDocuments({ siteUrl: PUBLIC });

  test("agent.json's mcp names the revisions and links server.json", () => {
    const { mcp } = JSON.parse(docs.get("/.well-known/agent.json")!.body);
    expect([mcp.revisions.current, ...mcp.revisions.legacy]).toEqual([...MCP_REVISIONS]);
    expect(mcp.registry).toBe(`${PUBLIC}/server.json`);
  });

  test("llms.txt names every revision and links server.json", () => {
    const llms = docs.get("/llms.txt")!.body;
    for (const revision of MCP_REVISIONS) expect(llms).toContain(revision);
    expect(llms).toContain(`](${PUBLIC}/server.json): `);
  });
});
