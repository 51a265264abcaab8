/**
 * The GET documents, by path: content type, body and ETag, built once. The API serves these
 * bytes and the static site prerenders the same ones (D18). Builders are pure and take no clock;
 * absolute URLs come from `siteUrl` (SITE_URL).
 */

import { sha256Hex } from "../lib/sha256.ts";
import {
  receiptSchemaDocument,
  simulateSchemaDocument,
  transitionSchemaDocument,
  verifySchemaDocument,
} from "../schemas/json-schema-documents.ts";
import { agentCard, llmsTxt, robotsTxt, sitemapXml } from "./discovery.ts";
import { DOCUMENT_CATALOG, TYPES } from "./document-list.ts";
import { errors } from "./errors-json.ts";
import { examples } from "./examples.ts";
import { fees } from "./fees-json.ts";
import { health } from "./health.ts";
import { openapi } from "./openapi.ts";
import { quickstart } from "./quickstart.ts";
import { serverJson } from "./server-json.ts";
import { settlement } from "./settlement.ts";
import { settlementMd } from "./settlement-md.ts";
import { changelog, scoreboard, templates } from "./simple.ts";
import { tools } from "./tools-json.ts";

/** One served document. */
export interface Document {
  type: string;
  body: string;
  etag: string;
}

/** Settings that documents depend on: the public origin of absolute URLs. */
export interface DocumentSettings {
  siteUrl: string;
}

/** JSON documents: two-space indented with a final newline, readable in a browser and a diff. */
const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

/**
 * The OpenAPI document, compact with a final newline: read by generators, validators and agents
 * (llms.txt points them at it), for whom indentation is nearly half its bytes.
 * Browsers' JSON viewers and its snapshot (snapshots/documents) show it indented.
 */
const compactJson = (value: unknown): string => `${JSON.stringify(value)}\n`;

/** The body of each catalog entry, by key. */
const BUILDERS: Record<(typeof DOCUMENT_CATALOG)[number]["key"], (siteUrl: string) => string> = {
  agent: (url) => json(agentCard(url)),
  health: () => json(health()),
  settlement: () => json(settlement()),
  quickstart: (url) => json(quickstart(url)),
  tools: (url) => json(tools(url)),
  schema_transition: (url) => json(transitionSchemaDocument(url)),
  schema_simulate: (url) => json(simulateSchemaDocument(url)),
  schema_receipt: (url) => json(receiptSchemaDocument(url)),
  schema_verify: (url) => json(verifySchemaDocument(url)),
  openapi: (url) => compactJson(openapi(url)),
  errors: () => json(errors()),
  fees: () => json(fees()),
  examples: () => json(examples()),
  templates: () => json(templates()),
  changelog: () => json(changelog()),
  scoreboard: (url) => json(scoreboard(url)),
  settlement_md: (url) => settlementMd(url),
  llms: (url) => llmsTxt(url),
  robots: (url) => robotsTxt(url),
  sitemap: (url) => sitemapXml(url),
  server_json: (url) => json(serverJson(url)),
};

/** One document of the catalog: every path it is served at (aliases included) and its builder. */
/** A document of `type` holding `body`, with its strong ETag (the first 128 bits of its SHA-256). */
export const documentOf = (type: string, body: string): Document => ({
  type,
  body,
  etag: `"${sha256Hex(body).slice(0, 32)}"`,
});

export interface DocumentEntry {
  paths: readonly string[];
  /** Builds the Document: nothing is built until it is called, and each call builds anew. */
  build: () => Document;
}

/**
 * Every document of the catalog with its paths and builder. A server that builds each document
 * on its first request (and keeps it) starts without building any (cold start).
 */
export function documentBuilders(settings: DocumentSettings): DocumentEntry[] {
  const siteUrl = settings.siteUrl.replace(/\/+$/, "");
  return DOCUMENT_CATALOG.map((entry) => ({
    paths: entry.paths,
    build: (): Document => {
      const body = BUILDERS[entry.key](siteUrl);
      return documentOf(TYPES[entry.kind], body);
    },
  }));
}

/** Every document path and its bytes, all built now, each once; aliases share one Document. */
export function buildDocuments(settings: DocumentSettings): Map<string, Document> {
  const documents = new Map<string, Document>();
  for (const { paths, build } of documentBuilders(settings)) {
    const doc = build();
    for (const path of paths) documents.set(path, doc);
  }
  return documents;
}
