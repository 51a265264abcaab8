/**
 * `bun run codegen`: the files generated from the project's own tables and documents, each
 * checked by a test that fails while the committed file is stale:
 * - shared/engine/accessors.generated.ts, the engine's fixed-name accessors over the field
 *   tables (scripts/codegen-accessors.ts; snapshots/engine/accessors.test.ts);
 * - snapshots/client/generated-client/openapi.d.ts, the TypeScript types a user would generate
 *   from the OpenAPI document with openapi-typescript (pinned), where the typed walk
 *   (snapshots/client/generated-client/walk.ts) uses them
 *   (snapshots/client/generated-client.e2e.test.ts);
 * - snapshots/client/generated-client/hey-api/, what @hey-api/openapi-ts (pinned) makes of the
 *   same document (types, SDK, fetch client), where the second typed walk
 *   (snapshots/client/generated-client/hey-api-walk.ts) uses them. Its own biome.json keeps the
 *   generated files out of the lint.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { ACCESSORS_PATH, generatedAccessors } from "./codegen-accessors.ts";
import { generatedHeyApi, HEY_API_DIR } from "./codegen-hey-api.ts";
import { generatedTypes } from "./codegen-types.ts";

const write = (path: string, text: string): void => {
  const target = new URL(`../${path}`, import.meta.url).pathname;
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, text);
  console.log(`wrote ${target}`);
};

write(ACCESSORS_PATH, generatedAccessors());
write("snapshots/client/generated-client/openapi.d.ts", await generatedTypes());

// The generator's folders are replaced whole, so a file it no longer makes does not linger.
const heyApi = await generatedHeyApi();
for (const folder of ["client", "core"])
  rmSync(new URL(`../${HEY_API_DIR}/${folder}`, import.meta.url), { recursive: true, force: true });
for (const [path, text] of Object.entries(heyApi)) write(`${HEY_API_DIR}/${path}`, text);
