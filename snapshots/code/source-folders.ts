/**
 * The folders of the repository that hold source files (TypeScript, Astro), from the root: the
 * one list the checks that must see every source read. The layer test reads all but the tests'
 * (layers.test.ts, named-files.test.ts), and the docs' path check knows a path under any of them
 * (snapshots/docs/code-blocks.test.ts). source-folders.test.ts fails when a folder with sources
 * is missing here, or when knip.json's `project` (dead-code.test.ts) leaves a source file out.
 */
export const SOURCE_FOLDERS = ["shared", "keys", "api", "mcp", "client", "site", "scripts", "snapshots"] as const;
