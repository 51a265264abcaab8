/**
 * The GET documents, by path: content type and body, built once. The API serves these bytes
 * and the static site prerenders the same ones (D18). Builders are pure and take no clock.
 */
import { sha256Hex } from "../sha256.ts";
import { health } from "./health.ts";

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

const JSON_TYPE = "application/json; charset=utf-8";
const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

const document = (type: string, body: string): Document => ({ type, body, etag: `"${sha256Hex(body).slice(0, 32)}"` });

/** Every document path and its bytes. */
export function buildDocuments(_settings: DocumentSettings): Map<string, Document> {
  const table = new Map<string, Document>();
  table.set("/api/health.json", document(JSON_TYPE, json(health())));
  return table;
}
