/**
 * `bun run codegen`: the files generated from the project's own tables and documents, each
 * checked by a test that fails while the committed file is stale:
 * - snapshots/client/generated-client/openapi.d.ts, the TypeScript types a user would generate
 *   from the OpenAPI document with openapi-typescript (pinned), where the typed walk
 *   (snapshots/client/generated-client/walk.ts) uses them
 *   (snapshots/client/generated-client.e2e.test.ts);
 * - snapshots/client/generated-client/hey-api/, what @hey-api/openapi-ts (pinned) makes of the
 *   same document (types, SDK, fetch client), where the second typed walk
 *   (snapshots/client/generated-client/hey-api-walk.ts) uses them. Its own biome.json keeps the
 *   generated files out of the lint;
 * - docs/SETTLEMENT.md, the contract as GET /SETTLEMENT.md serves it by default
 *   (snapshots/documents/committed-settlement.test.ts).
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { generatedHeyApi, HEY_API_DIR } from "./codegen-hey-api.ts";
import { generatedSettlementMd, SETTLEMENT_MD_FILE } from "./codegen-settlement.ts";
import { generatedTypes } from "./codegen-types.ts";

const write = (path: string, text: string): void => {
  const target = new URL(`../${path}`, import.meta.url).pathname;
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, text);
  console.log(`wrote ${target}`);
};

write("snapshots/client/generated-client/openapi.d.ts", await generatedTypes());
write(SETTLEMENT_MD_FILE, generatedSettlementMd());

/** The one file of the hey-api folder that is ours, not the generator's: it keeps the output out of the lint. */
const HEY_API_KEPT = new Set(["biome.json"]);

// Everything else in the folder is the generator's and is replaced whole, so a file or folder it
// no longer makes (a top-level *.gen.ts as much as one under client/ or core/) does not linger.
const heyApi = await generatedHeyApi();
const heyApiDir = new URL(`../${HEY_API_DIR}`, import.meta.url).pathname;
mkdirSync(heyApiDir, { recursive: true });
for (const entry of readdirSync(heyApiDir)) {
  if (!HEY_API_KEPT.has(entry)) rmSync(join(heyApiDir, entry), { recursive: true, force: true });
}
for (const [path, text] of Object.entries(heyApi)) write(`${HEY_API_DIR}/${path}`, text);
