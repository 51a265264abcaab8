/**
 * docs/SETTLEMENT.md: the contract as the service serves it at GET /SETTLEMENT.md with the
 * default settings (SITE_URL unset, PORT 3000: the origin `bun run api` names), committed so
 * that a reader of the repository finds the contract and its decisions (D1..D29, written in
 * shared/documents/decisions.ts) without starting the service. `bun run codegen` writes it;
 * snapshots/documents/committed-settlement.test.ts fails while the committed copy is stale.
 */
import { buildDocuments } from "../shared/documents/built-documents.ts";
import { DEFAULT_SITE_URL } from "../shared/protocol/constants.ts";

/** Where the committed copy lives, from the repository's root. */
export const SETTLEMENT_MD_FILE = "docs/SETTLEMENT.md";

/** The bytes of GET /SETTLEMENT.md under the default origin. */
export const generatedSettlementMd = (): string =>
  buildDocuments({ siteUrl: DEFAULT_SITE_URL }).get("/SETTLEMENT.md")!.body;
