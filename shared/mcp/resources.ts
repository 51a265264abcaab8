/**
 * The GET documents an agent reads as MCP resources: the protocol (settlement.json and
 * SETTLEMENT.md), the OpenAPI document, the error catalog, the fee schedule, the quickstart and
 * llms.txt, each at its public URL with its media type, from the same builders as the GET routes.
 * A server with no public origin (stdio without SITE_URL) names them under a scheme nothing
 * fetches (STDIO_RESOURCE_ORIGIN), so no client mistakes them for pages it could load.
 */

import { type DocumentSettings, documentBuilders } from "../documents/built-documents.ts";
import { DOCUMENT_CATALOG, TYPES } from "../documents/document-list.ts";
import { absolute } from "../lib/absolute-url.ts";

/** The catalog keys served as resources, in the order resources/list gives them. */
const RESOURCE_KEYS = ["settlement", "settlement_md", "openapi", "errors", "fees", "quickstart", "llms"] as const;

/** A resource as resources/list gives it. */
interface ResourceEntry {
  uri: string;
  name: string;
  title: string;
  description: string;
  mimeType: string;
}

/** The resources and a reader of their text. */
export interface Resources {
  list: ResourceEntry[];
  /** The document at `uri` with its media type, or undefined when no resource has that URI. */
  read(uri: string): { uri: string; mimeType: string; text: string } | undefined;
}

/** Where resources are named when no public origin is set: a scheme of their own, never fetched. */
export const STDIO_RESOURCE_ORIGIN = "agent-escrow-demo:";

/**
 * The resources of a service whose documents name `settings.siteUrl` as their origin; each is
 * named at `origin` (the public origin by default) and built when first read.
 */
export function documentResources(settings: DocumentSettings, origin = settings.siteUrl): Resources {
  const builders = documentBuilders(settings);
  const entries = RESOURCE_KEYS.map((key) => {
    const index = DOCUMENT_CATALOG.findIndex((entry) => entry.key === key);
    const entry = DOCUMENT_CATALOG[index]!;
    const build = builders[index]!.build;
    const uri = absolute(origin, entry.paths[0]!);
    const mimeType = TYPES[entry.kind].replace(/; charset=utf-8$/, "");
    return { uri, name: key, title: entry.title, description: entry.summary, mimeType, build };
  });
  const built = new Map<string, string>();
  return {
    list: entries.map(({ uri, name, title, description, mimeType }) => ({ uri, name, title, description, mimeType })),
    read(uri) {
      const entry = entries.find((e) => e.uri === uri);
      if (!entry) return undefined;
      let text = built.get(uri);
      if (text === undefined) {
        text = entry.build().body;
        built.set(uri, text);
      }
      return { uri, mimeType: entry.mimeType, text };
    },
  };
}
