/**
 * GET /.well-known/jwks.json (shared/http/jwks.ts), in process: the key set of the
 * service's Signer as application/jwk-set+json, current key first, never a private part; cached
 * and tagged like a document (D18) with HEAD, 304 and the documents' preflight (D17), any other
 * method 405; {"keys":[]} with SEALS=off. It is no document of the catalog, so the static site,
 * built without keys, never holds it (and wrangler.jsonc sends it to the Worker:
 * runtimes/workerd.e2e.test.ts).
 */
import { describe, expect, test } from "bun:test";
import { generateKeyPairSync } from "node:crypto";
import { publicJwk, signerFromKeys } from "../../keys/ed25519-keys.ts";
import { readSigningKey } from "../../keys/signing-key.ts";
import { TEST_JWKS, TEST_SIGNING_JWK } from "../../scripts/harness/test-key.ts";
import { buildDocuments } from "../../shared/documents/built-documents.ts";
import { DOCUMENT_CATALOG, KEY_SET } from "../../shared/documents/document-list.ts";
import { DOCUMENT_METHODS } from "../../shared/http/cors.ts";
import { createHandler } from "../../shared/http/service.ts";
import type { Sealing, Signer } from "../../shared/seal/signer.ts";
import { NOW } from "../support/helpers.ts";

const PATH = "/.well-known/jwks.json";
const signer = signerFromKeys(readSigningKey(JSON.stringify(TEST_SIGNING_JWK)));
const handlerWith = (sealing: Sealing | undefined) =>
  createHandler({ now: () => NOW, randomHex: (n) => "0".repeat(n), ...(sealing && { sealing }) });
const ask = (sealing: Sealing | undefined, init: RequestInit = {}) =>
  handlerWith(sealing)(new Request(`http://localhost${PATH}`, init));

describe("GET /.well-known/jwks.json", () => {
  test("the Signer's public keys, as application/jwk-set+json, cached and tagged as documents are", async () => {
    const response = await ask({ mode: "on", signer });
    expect(response.status).toBe(200);
    expect(Object.fromEntries(response.headers)).toMatchObject({
      "content-type": "application/jwk-set+json",
      "cache-control": "public, max-age=300",
      "access-control-allow-origin": "*",
      etag: expect.stringMatching(/^"[0-9a-f]{32}"$/),
    });
    const text = await response.text();
    expect(text).toBe(`${JSON.stringify(TEST_JWKS, null, 2)}\n`);
    expect(response.headers.get("content-length")).toBe(String(Buffer.byteLength(text)));
    expect(response.headers.get("vary")).toBeNull();
  });

  test("after a rotation: the current key first, then the previous ones", async () => {
    const fresh = generateKeyPairSync("ed25519").privateKey;
    const rotated = signerFromKeys(fresh, signer.keys);
    const { keys } = await (await ask({ mode: "required", signer: rotated })).json();
    expect(keys).toEqual([rotated.keys[0], ...TEST_JWKS.keys]);
    expect(keys[0]).toEqual(publicJwk(keys[0].x));
  });

  test("SEALS=off (no Signer): an empty set, still 200, so the link every document gives resolves", async () => {
    const response = await ask(undefined);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/jwk-set+json");
    expect(await response.text()).toBe('{\n  "keys": []\n}\n');
  });

  test("only the public members reach the body, whatever a Signer's keys hold", async () => {
    const leaky = { ...signer, keys: signer.keys.map((key) => ({ ...key, d: TEST_SIGNING_JWK.d })) } as Signer;
    const text = await (await ask({ mode: "on", signer: leaky })).text();
    expect(text).not.toContain(TEST_SIGNING_JWK.d);
    expect(JSON.parse(text)).toEqual(TEST_JWKS);
  });

  test("HEAD: the GET's headers and no body; If-None-Match with its ETag: 304", async () => {
    const handler = handlerWith({ mode: "on", signer });
    const get = await handler(new Request(`http://localhost${PATH}`));
    const head = await handler(new Request(`http://localhost${PATH}`, { method: "HEAD" }));
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    expect(head.headers.get("content-length")).toBe(get.headers.get("content-length"));
    expect(head.headers.get("etag")).toBe(get.headers.get("etag"));
    const etag = get.headers.get("etag")!;
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, "*"]) {
      const again = await handler(
        new Request(`http://localhost${PATH}`, { headers: { "If-None-Match": ifNoneMatch } }),
      );
      expect(again.status, ifNoneMatch).toBe(304);
      expect(again.headers.get("etag")).toBe(etag);
      expect(again.headers.get("cache-control")).toBe("public, max-age=300");
    }
    const stale = await handler(new Request(`http://localhost${PATH}`, { headers: { "If-None-Match": '"other"' } }));
    expect(stale.status).toBe(200);
  });

  test("OPTIONS is the documents' preflight (D17); another method 405 with Allow (D9)", async () => {
    const preflight = await ask(undefined, { method: "OPTIONS" });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-methods")).toBe(DOCUMENT_METHODS);
    for (const method of ["POST", "PUT", "DELETE"]) {
      const refused = await ask({ mode: "on", signer }, { method, body: method === "DELETE" ? null : "{}" });
      expect(refused.status, method).toBe(405);
      expect(refused.headers.get("allow")).toBe(DOCUMENT_METHODS);
      expect((await refused.json()).error).toBe("method_not_allowed");
    }
  });

  test("is no document of the catalog: the site's build (buildDocuments) holds nothing at its path", () => {
    expect(KEY_SET.path).toBe(PATH);
    expect(DOCUMENT_CATALOG.flatMap((doc) => doc.paths)).not.toContain(PATH);
    expect([...buildDocuments({ siteUrl: "http://localhost:3000" }).keys()]).not.toContain(PATH);
  });
});
