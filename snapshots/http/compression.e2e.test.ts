/**
 * Compressed documents from the real server (`bun api/bun/server.ts`, a child process): openapi.json
 * is sent br-compressed once compressed, decoding to the same bytes as the plain one.
 * Negotiation, entity tags and the compressor in process are in compression.test.ts.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { brotliDecompressSync } from "node:zlib";
import { type LiveServer, startServer } from "../../scripts/harness/live-server.ts";
import { buildDocuments } from "../../shared/documents/built-documents.ts";
import { DEFAULT_SITE_URL } from "../../shared/protocol/constants.ts";

const DOCUMENTS = buildDocuments({ siteUrl: DEFAULT_SITE_URL });

describe("the real server (bun api/bun/server.ts)", () => {
  let server: LiveServer;
  beforeAll(async () => {
    server = await startServer({ SITE_URL: "http://localhost:3000" });
  });
  afterAll(async () => {
    await server.stop();
  });

  test("sends openapi.json br-compressed once compressed, decoding to the same bytes as the plain one", async () => {
    const url = `${server.base}/openapi.json`;
    const plain = await (await fetch(url, { headers: { "Accept-Encoding": "identity" } })).text();
    expect(plain).toBe(DOCUMENTS.get("/openapi.json")!.body); // the server runs with the documents' SITE_URL
    let response: Response | undefined;
    for (let attempt = 0; attempt < 100; attempt++) {
      response = await fetch(url, { headers: { "Accept-Encoding": "br" }, decompress: false });
      if (response.headers.get("content-encoding") === "br") break;
      await response.arrayBuffer();
      await Bun.sleep(20);
    }
    expect(response!.headers.get("content-encoding")).toBe("br");
    const bytes = new Uint8Array(await response!.arrayBuffer());
    expect(new TextDecoder().decode(brotliDecompressSync(bytes))).toBe(plain);
    expect(bytes.byteLength * 4).toBeLessThan(Buffer.byteLength(plain));
  });
});
