/**
 * `bun run codegen`: the TypeScript types a user would generate from the OpenAPI document, with
 * openapi-typescript (pinned), into snapshots/client/generated-client/openapi.d.ts, where the typed
 * walk (snapshots/client/generated-client/walk.ts) uses them. The generated-client suite
 * (snapshots/client/generated-client.e2e.test.ts) fails when the file is stale.
 */
import { writeFileSync } from "node:fs";
import { generatedTypes } from "./codegen-types.ts";

const target = new URL("../snapshots/client/generated-client/openapi.d.ts", import.meta.url).pathname;
writeFileSync(target, await generatedTypes());
console.log(`wrote ${target}`);
