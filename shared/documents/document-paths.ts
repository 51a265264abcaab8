/**
 * Paths read out of the document list (document-list.ts): a document's canonical path by its
 * key, and the published JSON Schema of each engine's body, so no document writes a path by hand.
 */

import { ENGINE_LIST } from "../engine/catalog.ts";
import type { EngineRoute } from "../protocol/constants.ts";
import { DOCUMENT_CATALOG } from "./document-list.ts";

/** The catalog's first path of each document key. */
export const documentPath = (key: (typeof DOCUMENT_CATALOG)[number]["key"]): string =>
  DOCUMENT_CATALOG.find((entry) => entry.key === key)!.paths[0];

/** The published JSON Schema of each engine's body (engine catalog): quote and validate take transition's. */
export const BODY_SCHEMA_PATH = Object.fromEntries(
  ENGINE_LIST.map((engine) => [engine.route, documentPath(engine.bodyDocument)]),
) as Record<EngineRoute, string>;
