/**
 * server.json: this service as the MCP Registry describes a server (the official registry's
 * format, schema 2025-12-11, vendored for the tests in snapshots/documents/registry/), so a
 * registry can list it and a host can connect from it alone. Everything comes from the constants
 * and SITE_URL; nothing is written by hand beside them.
 *
 * - Where: /server.json, the name the registry's tooling reads (`mcp-publisher publish --file`),
 *   at the root beside llms.txt and robots.txt. Not under /.well-known/: no well-known URI is
 *   registered for this format, and the MCP Server Card extension (SEP-2127) uses /.well-known/mcp/
 *   for another document with another schema, which a registry document there would pass itself
 *   off as.
 * - name: SITE_URL's host in reverse-DNS order, then the service ("test.agents.escrow/agent-escrow-demo"):
 *   the namespace a deployment can prove it owns (the registry's domain verification). The project
 *   names no GitHub owner, so no io.github.* name is invented.
 * - remotes: /mcp over Streamable HTTP, serving MCP_REVISIONS.
 * - No `packages`: a package entry names an artefact the registry checks ownership of and hosts
 *   install (an npm or PyPI package, an OCI image, an .mcpb release file). This server is none of
 *   those (package.json is private; nothing is published), and an invented identifier would send
 *   hosts to install something that does not exist. The local stdio server is stated under `_meta`
 *   instead, in the one key the official registry keeps (publisher-provided): the command from a
 *   clone, as the README's desktop configuration has it. A host reading only `packages` sees a
 *   remote-only server, which is the truth for anything that installs.
 * - No `repository`: the project names no public repository URL to give.
 * - version: VERSION ("0", the protocol version) in semver form, "0.0.0" (REGISTRY_VERSION, as
 *   package.json's): the registry sorts versions by semver and treats any other string as opaque.
 * The registry refuses localhost and plain-http URLs at publish time: a deployment publishes the
 * document built with its public https SITE_URL (the site build's or the API's /server.json).
 */
import { ENGINE_LIST } from "../engine/catalog.ts";
import { absolute } from "../lib/absolute-url.ts";
import { HOME_FILES, MCP_PATH, MCP_REVISIONS, MODE, MONEY, SERVICE, VERSION } from "../protocol/constants.ts";
import { FEE_TEXT } from "../protocol/fees.ts";
import { documentPath } from "./document-paths.ts";
import { PAGES } from "./site-pages.ts";

/** The registry's JSON Schema this document follows (its `$schema`; the tests validate against a pinned copy). */
export const REGISTRY_SCHEMA = "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json";

/** The only `_meta` key the official registry keeps (the rest is dropped on publishing; 4 KB at most). */
export const PUBLISHER_META = "io.modelcontextprotocol.registry/publisher-provided";

/** The registry's description: at most 100 characters, so shorter than DESCRIPTION. */
const REGISTRY_DESCRIPTION = `Demo escrow for agent jobs: create, fund, submit proof, release (${FEE_TEXT} fee) or dispute. No money moves.`;

/** Where the README's desktop configuration puts the clone: a host replaces it with the clone's path. */
export const CLONE_PATH = "/path/to/agent-escrow-demo";

/**
 * How the local stdio server starts: the README's desktop configuration. It names the server's
 * file in the clone and pins Bun, so it needs no working directory (some hosts ignore `cwd`, and
 * `npx bun` elsewhere would fetch another Bun).
 */
export const STDIO_COMMAND = { command: "npx", args: ["--yes", "bun@1.4.4", `${CLONE_PATH}/mcp/stdio.ts`] } as const;

/** The service's version (VERSION, the API's major version) as semver, which the registry sorts by. */
const REGISTRY_VERSION = `${VERSION}.0.0`;

/** The registry namespace of an origin: its host's labels in reverse order ("https://a.example.com" gives "com.example.a"). */
export const registryNamespace = (siteUrl: string): string => new URL(siteUrl).hostname.split(".").reverse().join(".");

/** The server.json of the service whose public origin is `siteUrl`. */
export function serverJson(siteUrl: string) {
  const tools = ENGINE_LIST.map((engine) => engine.tool).join(", ");
  return {
    $schema: REGISTRY_SCHEMA,
    name: `${registryNamespace(siteUrl)}/${SERVICE}`,
    title: PAGES[0].title,
    description: REGISTRY_DESCRIPTION,
    version: REGISTRY_VERSION,
    websiteUrl: absolute(siteUrl, "/"),
    remotes: [{ type: "streamable-http", url: absolute(siteUrl, MCP_PATH) }],
    _meta: {
      [PUBLISHER_META]: {
        mode: MODE,
        money: MONEY,
        protocolRevisions: {
          current: MCP_REVISIONS[0],
          legacy: MCP_REVISIONS.slice(1),
          note: "The current revision is stateless (server/discover, _meta on every request); a legacy client negotiates its revision through initialize. Both on /mcp and over stdio.",
        },
        tools: `${tools} on /mcp and over stdio; over stdio also wallet_* tools on a demo pack file.`,
        stdio: {
          package:
            "None: the stdio server is not published to npm or any other package registry. Run it from a clone of the source.",
          setup: "npx --yes bun@1.4.4 install --frozen-lockfile",
          ...STDIO_COMMAND,
          argsNote: `Replace ${CLONE_PATH} with the path of the clone. No working directory is needed.`,
          environmentVariables: [
            {
              name: "ESCROW_PACK",
              description: "The demo pack file the wallet tools keep (the web UI imports and exports the same file).",
              isRequired: false,
              format: "filepath",
              default: HOME_FILES.pack,
            },
            {
              name: "ESCROW_CONFIRM",
              description:
                "required: refuse wallet_release and wallet_dispute for a client that cannot ask a person to confirm.",
              isRequired: false,
            },
            {
              name: "ESCROW_DEMO_KEY",
              description: "A demo key for every call that names none; it only labels answers with a key_id.",
              isRequired: false,
            },
          ],
        },
        documents: {
          agentCard: absolute(siteUrl, documentPath("agent")),
          llmsTxt: absolute(siteUrl, documentPath("llms")),
          openapi: absolute(siteUrl, documentPath("openapi")),
        },
      },
    },
  };
}
