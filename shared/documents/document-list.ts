/**
 * The public GET surface in one list: every document path (aliases after the first), its
 * content type and what it is for. agent.json, llms.txt, sitemap.xml, the OpenAPI document
 * and the router all read this list, so a document cannot exist in one and be missing in another.
 * Paths looked up in it are in document-paths.ts; the site's HTML pages in site-pages.ts.
 */

import { MCP_PATH } from "../protocol/constants.ts";
import { FEE_TEXT } from "../protocol/fees.ts";
import { DECISIONS_RANGE } from "./decisions.ts";

/** Content types of documents (D18). */
export const TYPES = {
  json: "application/json; charset=utf-8",
  markdown: "text/markdown; charset=utf-8",
  text: "text/plain; charset=utf-8",
  xml: "application/xml; charset=utf-8",
} as const;
export type DocumentKind = keyof typeof TYPES;

/** One entry of the catalog. */
export interface CatalogDocument {
  /** Short key used in agent.json's links. */
  key: string;
  /** Every path that serves it; the first is canonical. */
  paths: readonly string[];
  kind: DocumentKind;
  title: string;
  summary: string;
}

/** Every GET document, in the order of docs/api.md "GET documents", then the MCP Registry's server.json. */
export const DOCUMENT_CATALOG = [
  {
    key: "agent",
    paths: ["/.well-known/agent.json", "/api/agent.json"],
    kind: "json",
    title: "Agent card",
    summary: "Small discovery card: what the service is and is not, and a link to every document and engine.",
  },
  {
    key: "health",
    paths: ["/api/health.json"],
    kind: "json",
    title: "Health",
    summary: "ok, service, version, demo mode, money false.",
  },
  {
    key: "settlement",
    paths: ["/api/settlement.json"],
    kind: "json",
    title: "Settlement protocol",
    summary: `States, transitions, fees, job and receipt fields, engine notes, limits and every decision (${DECISIONS_RANGE}) as rules.`,
  },
  {
    key: "quickstart",
    paths: ["/api/quickstart.json"],
    kind: "json",
    title: "Quickstart",
    summary:
      "The ordered demo walk (discovery, quote, create, fund, prove, release; dispute optional) with ready-to-run bodies and curl lines.",
  },
  {
    key: "tools",
    paths: ["/api/tools.json"],
    kind: "json",
    title: "Tools",
    summary:
      "Callable surfaces (quote, transition, simulate, verify, validate) with input schemas for function-calling and MCP clients.",
  },
  {
    key: "schema_transition",
    paths: ["/api/schemas/transition.json"],
    kind: "json",
    title: "Transition body schema",
    summary: "JSON Schema 2020-12 of action bodies (transition, quote, validate).",
  },
  {
    key: "schema_simulate",
    paths: ["/api/schemas/simulate.json"],
    kind: "json",
    title: "Simulate body schema",
    summary: "JSON Schema 2020-12 of simulate bodies.",
  },
  {
    key: "schema_receipt",
    paths: ["/api/schemas/receipt.json"],
    kind: "json",
    title: "Receipt schema",
    summary: "JSON Schema 2020-12 of the receipt object verify accepts.",
  },
  {
    key: "schema_verify",
    paths: ["/api/schemas/verify.json"],
    kind: "json",
    title: "Verify body schema",
    summary: "JSON Schema 2020-12 of verify bodies ({ receipt } or { job, action, claims }).",
  },
  {
    key: "openapi",
    paths: ["/settlement.openapi.json", "/openapi.json", "/api/openapi.json"],
    kind: "json",
    title: "OpenAPI 3.1",
    summary: "Every path, request body, response and error of the service.",
  },
  {
    key: "errors",
    paths: ["/api/errors.json"],
    kind: "json",
    title: "Error catalog",
    summary: "Every error code: status, kind, message template, when, extra fields, routes.",
  },
  {
    key: "fees",
    paths: ["/api/fees.json"],
    kind: "json",
    title: "Fee schedule",
    summary: `Release ${FEE_TEXT} rounded to the nearest credit; dispute, fund and top-up carry no fee.`,
  },
  {
    key: "examples",
    paths: ["/api/examples.json"],
    kind: "json",
    title: "Examples",
    summary: "Request bodies for every engine and action, each one accepted by the engine.",
  },
  {
    key: "templates",
    paths: ["/api/templates.json"],
    kind: "json",
    title: "Job templates",
    summary: "Preset create-job fields (title, amount, criteria); fill only.",
  },
  {
    key: "changelog",
    paths: ["/api/changelog.json"],
    kind: "json",
    title: "Changelog",
    summary: "Recent shipped slices, newest first.",
  },
  {
    key: "scoreboard",
    paths: ["/api/scoreboard.json"],
    kind: "json",
    title: "Scoreboard",
    summary: "external_users, paid_pilots and revenue_usd (all 0), and where the service is listed.",
  },
  {
    key: "settlement_md",
    paths: ["/SETTLEMENT.md"],
    kind: "markdown",
    title: "SETTLEMENT.md",
    summary: "The protocol for humans, in Markdown.",
  },
  {
    key: "llms",
    paths: ["/llms.txt"],
    kind: "text",
    title: "llms.txt",
    summary: "Index of the service for language models.",
  },
  {
    key: "robots",
    paths: ["/robots.txt"],
    kind: "text",
    title: "robots.txt",
    summary: "Crawler rules and the sitemap.",
  },
  { key: "sitemap", paths: ["/sitemap.xml"], kind: "xml", title: "Sitemap", summary: "Every public page." },
  {
    key: "server_json",
    paths: ["/server.json"],
    kind: "json",
    title: "MCP Registry server.json",
    summary: `The MCP server in the official MCP Registry's server.json format: the remote ${MCP_PATH} (Streamable HTTP), the protocol revisions it serves and the local stdio command.`,
  },
] as const satisfies readonly CatalogDocument[];

/**
 * GET /.well-known/jwks.json: the deployment's public signing keys, which check signed
 * receipts offline (a job's seal is the service's own MAC, which only it checks, D27). Not in the catalog: its body depends on the deployment's key
 * (SIGNING_KEY), which the static site is built without, so only the service serves it
 * (shared/http/jwks.ts) and no build writes a file there. The documents link to it.
 */
export const KEY_SET = {
  path: "/.well-known/jwks.json",
  title: "JSON Web Key Set",
  summary:
    "The deployment's Ed25519 public keys (kty OKP, kid = RFC 7638 thumbprint, alg EdDSA), the current one first, then earlier ones still accepted: a JOSE library checks a receipt's signature with this alone. A job's seal is the service's own MAC, which only the service checks (validate and verify answer seal_valid, D27). Empty when seals are off.",
} as const;
