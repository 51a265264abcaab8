/**
 * @hey-api/openapi-ts's output (pinned; its TypeScript types, SDK and bundled fetch client) for
 * the built OpenAPI document: the files a user would generate, by path under the output folder.
 * Generated into a temporary folder and read back, so a test can compare them with the
 * committed ones (snapshots/client/generated-client/hey-api/) without writing there.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { createClient } from "@hey-api/openapi-ts";
import { buildDocuments } from "../shared/documents/built-documents.ts";
import { DEFAULT_SITE_URL } from "../shared/protocol/constants.ts";

/** Where the committed output lives, from the repository root. */
export const HEY_API_DIR = "snapshots/client/generated-client/hey-api";

/** Every file under `dir`, by path relative to it. */
export function filesUnder(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files[relative(dir, path)] = readFileSync(path, "utf8");
  }
  return files;
}

/** The generated files, by path under the output folder. */
export async function generatedHeyApi(): Promise<Record<string, string>> {
  const input = JSON.parse(buildDocuments({ siteUrl: DEFAULT_SITE_URL }).get("/openapi.json")!.body);
  const out = mkdtempSync(join(tmpdir(), "hey-api-"));
  try {
    await createClient({
      input,
      output: {
        path: out,
        entryFile: false,
        tsConfigPath: new URL("../tsconfig.json", import.meta.url).pathname,
      },
      plugins: ["@hey-api/typescript", "@hey-api/sdk", "@hey-api/client-fetch"],
      logs: { level: "silent" },
    });
    return filesUnder(out);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
