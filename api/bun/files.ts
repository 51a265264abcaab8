/** The site's files under `bun run api`: Bun.file, streamed from disk with Bun's content types. */
import type { FileSource } from "../host/static-files.ts";

export const bunFiles: FileSource = async (path) => {
  const file = Bun.file(path);
  return (await file.exists()) ? { body: file, size: file.size, type: file.type } : null;
};
