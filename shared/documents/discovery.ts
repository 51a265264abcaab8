/**
 * Discovery documents: the agent card (/.well-known/agent.json = /api/agent.json), llms.txt,
 * robots.txt and sitemap.xml. All absolute URLs come from one origin setting (SITE_URL).
 */

import { ENGINE_LIST } from "../engine/catalog.ts";
import { absolute } from "../lib/absolute-url.ts";
import { MCP_PATH, MCP_REVISIONS, MODE, MONEY, SERVICE, VERSION } from "../protocol/constants.ts";
import { FEE_FORMULA, FEE_TEXT } from "../protocol/fees.ts";
import { X402_PATHS } from "../x402/x402-paths.ts";
import { DOCUMENT_CATALOG, KEY_SET } from "./document-list.ts";
import { documentPath } from "./document-paths.ts";
import { PAGES } from "./site-pages.ts";
import { X402_SENTENCE, x402Card } from "./x402-card.ts";

/** Short description shared by the card, llms.txt and the site. */
export const DESCRIPTION = `A stateless demo escrow and credits engine for agent jobs: a payer funds a job, an agent submits proof, the payer releases (${FEE_TEXT} fee) or disputes (full refund). No money moves; the client holds all state.`;

/** The MCP revisions in words: the current (stateless) one, then the legacy ones of initialize. */
const MCP_REVISIONS_TEXT = `${MCP_REVISIONS[0]} (stateless) and, through the legacy initialize handshake, ${MCP_REVISIONS.slice(1).join(", ")}`;

/** Where the engines are MCP tools: the remote endpoint, and the local server a desktop agent starts. */
const mcpCard = (siteUrl: string) => ({
  url: absolute(siteUrl, MCP_PATH),
  transport: "streamable-http",
  stateless: true,
  revisions: { current: MCP_REVISIONS[0], legacy: MCP_REVISIONS.slice(1) },
  tools: ENGINE_LIST.map((engine) => engine.tool),
  local:
    "npx bun run mcp: the same tools over stdio in process, plus wallet_* tools that keep a demo pack file (ESCROW_PACK).",
  registry: absolute(siteUrl, documentPath("server_json")),
});

/** The agent card. */
export function agentCard(siteUrl: string) {
  return {
    name: SERVICE,
    version: VERSION,
    mode: MODE,
    money: MONEY,
    description: DESCRIPTION,
    is: [
      "A demo escrow engine for jobs between a payer and an agent, in simulated integer credits.",
      "Stateless: the client holds the job, the payer credits and the agent wallet, and sends the job back on every call.",
      "Open: no account; an optional demo key only labels responses with a key_id.",
    ],
    is_not: [
      "A payment service: no real money moves and receipts are not proof of payment.",
      "A custodian: nothing is held anywhere.",
      "A store: jobs, receipts, balances and responses are never persisted.",
      "Authentication: a demo key is not an account and no request is refused without one.",
      "A webhook sender: callback_url is stored on the job and never fetched.",
    ],
    start_here: absolute(siteUrl, "/api/quickstart.json"),
    engines: ENGINE_LIST.map((engine) => ({
      name: engine.route,
      method: "POST",
      url: absolute(siteUrl, engine.path),
      summary: engine.sentence,
    })),
    mcp: mcpCard(siteUrl),
    x402: x402Card(siteUrl),
    documents: Object.fromEntries(DOCUMENT_CATALOG.map((doc) => [doc.key, absolute(siteUrl, doc.paths[0])])),
    // The public keys that check receipt signatures (a job's seal is the service's own MAC, which
    // only it checks), under OAuth and OpenID metadata's name.
    jwks_uri: absolute(siteUrl, KEY_SET.path),
    pages: Object.fromEntries(
      PAGES.map((page) => [page.path === "/" ? "ui" : "reference", absolute(siteUrl, page.path)]),
    ),
    auth: {
      required: false,
      optional_headers: ["Authorization: Bearer <API_KEY>", "X-Service-Key: <API_KEY>"],
      idempotency: "Idempotency-Key header or idempotency_key field",
    },
  };
}

/** llms.txt: H1, blockquote summary, H2 sections of `[name](url): note` links. */
export function llmsTxt(siteUrl: string): string {
  const link = (name: string, path: string, note: string) => `- [${name}](${absolute(siteUrl, path)}): ${note}`;
  const docs = (keys: readonly string[]) =>
    DOCUMENT_CATALOG.filter((doc) => keys.includes(doc.key)).map((doc) => link(doc.title, doc.paths[0], doc.summary));
  return [
    `# ${SERVICE}`,
    "",
    `> ${DESCRIPTION}`,
    "",
    `Every response carries \`"mode": "demo"\` and \`"money": false\`. The service trusts the job it is sent (D26): a client can forge one, and nothing is lost because no money exists. Send the job back exactly as the last answer returned it, its seal included: only an unchanged sealed job stays sealed, and only its receipt is signed (D27; check a signature with the JWKS, a job's seal with validate). Credits are integers; release takes a ${FEE_TEXT} fee (${FEE_FORMULA}), dispute returns the full amount. Engines take POST JSON; documents take GET.`,
    "",
    "## Start",
    "",
    ...docs(["quickstart", "agent", "settlement_md"]),
    "",
    "## Engines",
    "",
    ...ENGINE_LIST.map((engine) => link(engine.route, engine.path, engine.sentence)),
    link(
      "MCP",
      MCP_PATH,
      `The five engines as Model Context Protocol tools (${ENGINE_LIST.map((e) => e.tool).join(", ")}) over Streamable HTTP, stateless; \`npx bun run mcp\` serves them over stdio with wallet tools. Both speak MCP ${MCP_REVISIONS_TEXT}.`,
    ),
    ...docs(["server_json"]),
    link("x402 fund", X402_PATHS.fund, X402_SENTENCE),
    link(
      "x402 facilitator",
      X402_PATHS.supported,
      "The demo network's facilitator: GET supported, POST verify and settle under /api/v0/x402, as HTTPFacilitatorClient calls them.",
    ),
    "",
    "## Reference",
    "",
    ...docs([
      "settlement",
      "openapi",
      "tools",
      "schema_transition",
      "schema_simulate",
      "schema_receipt",
      "errors",
      "fees",
    ]),
    link(KEY_SET.title, KEY_SET.path, KEY_SET.summary),
    "",
    "## Optional",
    "",
    ...docs(["examples", "templates", "changelog", "scoreboard", "health"]),
    link("API reference (HTML)", "/reference/", "Every endpoint rendered from the OpenAPI document."),
    link("Web UI", "/", "Try a job in the browser; all state stays in the browser."),
    "",
  ].join("\n");
}

/** robots.txt: everything may be crawled; the sitemap is named. */
export const robotsTxt = (siteUrl: string): string =>
  ["User-agent: *", "Allow: /", "", `Sitemap: ${absolute(siteUrl, "/sitemap.xml")}`, ""].join("\n");

const xmlEscape = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c] as string,
  );

/** sitemap.xml: every public page and every document path (no lastmod: no clock, D18). */
export function sitemapXml(siteUrl: string): string {
  const paths = [...PAGES.map((page) => page.path), ...DOCUMENT_CATALOG.flatMap((doc) => doc.paths)];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...paths.map((path) => `  <url><loc>${xmlEscape(absolute(siteUrl, path))}</loc></url>`),
    "</urlset>",
    "",
  ].join("\n");
}
