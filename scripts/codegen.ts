/**
 * `bun run codegen`: the TypeScript types a user would generate from the OpenAPI document, with
 * openapi-typescript (pinned), into snapshots/codegen/openapi.d.ts, where the typed walk
 * (snapshots/codegen/walk.ts) uses them. snapshots/codegen.test.ts fails when the file is stale.
 */
import { writeFileSync } from "node:fs";
import { generatedTypes } from "./codegen-types.ts";

const target = new URL("../snapshots/codegen/openapi.d.ts", import.meta.url).pathname;
writeFileSync(target, await generatedTypes());
console.log(`wrote ${target}`);
