/**
 * `bun run codegen`: the files generated from the project's own tables and documents, each
 * checked by a test that fails while the committed file is stale:
 * - shared/engine/accessors.generated.ts, the engine's fixed-name accessors over the field
 *   tables (scripts/codegen-accessors.ts; snapshots/engine/accessors.test.ts);
 * - snapshots/client/generated-client/openapi.d.ts, the TypeScript types a user would generate
 *   from the OpenAPI document with openapi-typescript (pinned), where the typed walk
 *   (snapshots/client/generated-client/walk.ts) uses them
 *   (snapshots/client/generated-client.e2e.test.ts).
 */
import { writeFileSync } from "node:fs";
import { ACCESSORS_PATH, generatedAccessors } from "./codegen-accessors.ts";
import { generatedTypes } from "./codegen-types.ts";

const write = (path: string, text: string): void => {
  const target = new URL(`../${path}`, import.meta.url).pathname;
  writeFileSync(target, text);
  console.log(`wrote ${target}`);
};

write(ACCESSORS_PATH, generatedAccessors());
write("snapshots/client/generated-client/openapi.d.ts", await generatedTypes());
