/**
 * Compressed documents, which bring documents near the bare runtime's speed (docs/performance.md):
 * content negotiation on Accept-Encoding (RFC 9110 12.5.3), one strong entity tag per
 * representation, Vary, 304s, HEAD, compression that starts on a document's first request that
 * accepts a coding (never at start), and the plain document whenever compression is not ready,
 * fails or saves nothing.
 * The compressor is the server's own (api/host/compress.ts, node:zlib); the real server's compressed
 * answer is in compression.e2e.test.ts.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { compress } from "../../api/host/compress.ts";
import { buildDocuments } from "../../shared/documents/built-documents.ts";
import { preferredCoding } from "../../shared/http/codings.ts";
import { createService, type Service, type ServiceOptions } from "../../shared/http/service.ts";
import { type ContentCoding, DEFAULT_SITE_URL } from "../../shared/protocol/constants.ts";
import { fixedContext } from "../support/helpers.ts";

const ctx = fixedContext();
const BASE = "http://localhost";
const DOCUMENTS = buildDocuments({ siteUrl: DEFAULT_SITE_URL });
const PATHS = [...DOCUMENTS.keys()];

/** A service with the server's compressor, or with `compressor` instead. */
const serviceWith = (compressor: ServiceOptions["compress"] = compress): Service =>
  createService({ now: () => ctx.now, randomHex: ctx.randomHex, compress: compressor });

const get = async (
  service: Service,
  path: string,
  headers: Record<string, string> = {},
  method = "GET",
): Promise<Response> => service.fetch(new Request(`${BASE}${path}`, { method, headers }));

const DECODE: Record<ContentCoding, (bytes: Uint8Array) => Uint8Array> = {
  br: (bytes) => brotliDecompressSync(bytes),
  gzip: (bytes) => gunzipSync(bytes),
};

describe("preferredCoding: Accept-Encoding (RFC 9110 12.5.3)", () => {
  const cases: [string | null, ContentCoding | null][] = [
    [null, null],
    ["", null],
    ["identity", null],
    ["deflate", null],
    ["zstd", null],
    ["gzip", "gzip"],
    ["x-gzip", "gzip"],
    ["br", "br"],
    ["BR", "br"],
    ["gzip, deflate, br", "br"], // browsers and fetch
    ["gzip, deflate, br, zstd", "br"],
    ["br;q=0, gzip", "gzip"],
    ["gzip;q=0", null],
    ["gzip;q=0.5, br;q=0.4", "gzip"],
    ["gzip;q=0.4, br;q=0.4", "br"], // equal weight: the smaller coding
    ["br;q=0.001", "br"],
    [" br ; q=1.0 , gzip", "br"],
    ["*", "br"],
    ["*;q=0", null],
    ["gzip, *;q=0", "gzip"],
    ["*, br;q=0", "gzip"], // * stands for every coding not named
    ["br;q=0, gzip;q=0, *", null],
    ["gzip;level=9", "gzip"], // other parameters do not change the weight
  ];
  for (const [accept, coding] of cases) {
    test(`${JSON.stringify(accept)} → ${coding ?? "the document as it is"}`, () => {
      expect(preferredCoding(accept)).toBe(coding);
    });
  }
  test("the same value twice gives the same answer (the kept last answer), and a new value a new one", () => {
    expect(preferredCoding("gzip")).toBe("gzip");
    expect(preferredCoding("gzip")).toBe("gzip");
    expect(preferredCoding("br")).toBe("br");
    expect(preferredCoding("gzip")).toBe("gzip");
  });
});

describe("a service without a compressor (the site build, edge hosts)", () => {
  const service = createService({ now: () => ctx.now, randomHex: ctx.randomHex });
  test("sends every document as it is, with no Vary, whatever the client accepts", async () => {
    for (const path of PATHS) {
      const response = await get(service, path, { "Accept-Encoding": "gzip, deflate, br" });
      expect(response.headers.get("content-encoding")).toBeNull();
      expect(response.headers.get("vary")).toBeNull();
      expect(response.headers.get("etag")).toBe(DOCUMENTS.get(path)!.etag);
      expect(await response.text()).toBe(DOCUMENTS.get(path)!.body);
    }
  });
});

describe("a service with the server's compressor", () => {
  test("compresses nothing at start; the first request that accepts a coding starts it, and gets the document as it is", async () => {
    const calls: ContentCoding[] = [];
    const service = serviceWith((bytes, coding) => {
      calls.push(coding);
      return compress(bytes, coding);
    });
    await Bun.sleep(5);
    expect(calls).toEqual([]);
    const plain = await get(service, "/api/fees.json");
    expect(plain.headers.get("content-encoding")).toBeNull();
    await Bun.sleep(5);
    expect(calls).toEqual([]); // a client that accepts no coding starts nothing
    const first = await get(service, "/api/fees.json", { "Accept-Encoding": "br" });
    expect(first.headers.get("content-encoding")).toBeNull();
    expect(await first.text()).toBe(DOCUMENTS.get("/api/fees.json")!.body);
    // That request alone starts it: this one document, in every coding, once.
    let later = first;
    for (const deadline = Date.now() + 5000; later.headers.get("content-encoding") === null; await Bun.sleep(10)) {
      if (Date.now() > deadline) throw new Error("fees.json never came compressed");
      later = await get(service, "/api/fees.json", { "Accept-Encoding": "br" });
    }
    expect([...calls].sort()).toEqual(["br", "gzip"]);
    expect(later.headers.get("content-encoding")).toBe("br");
  });

  test("every document, in each coding, decodes to exactly the document's bytes", async () => {
    const service = serviceWith();
    await service.compressDocuments();
    for (const path of PATHS) {
      const doc = DOCUMENTS.get(path)!;
      for (const coding of ["br", "gzip"] as const) {
        const response = await get(service, path, { "Accept-Encoding": coding });
        const bytes = new Uint8Array(await response.arrayBuffer());
        expect(response.status).toBe(200);
        expect(response.headers.get("content-type")).toBe(doc.type);
        expect(response.headers.get("vary")).toBe("Accept-Encoding");
        // Plain only when compressing would not make it smaller (today: robots.txt under gzip).
        const plainBytes = new TextEncoder().encode(doc.body);
        const shrinks = (await compress(plainBytes, coding)).byteLength < plainBytes.byteLength;
        expect(response.headers.get("content-encoding"), `${path} ${coding}`).toBe(shrinks ? coding : null);
        if (!shrinks) {
          expect(new TextDecoder().decode(bytes)).toBe(doc.body);
          expect(response.headers.get("etag")).toBe(doc.etag);
          continue;
        }
        expect(response.headers.get("content-encoding")).toBe(coding);
        expect(response.headers.get("etag")).toBe(`${doc.etag.slice(0, -1)}-${coding}"`);
        expect(bytes.byteLength).toBeLessThan(Buffer.byteLength(doc.body));
        expect(new TextDecoder().decode(DECODE[coding](bytes))).toBe(doc.body);
      }
    }
    // Brotli at its best quality over every document (openapi.json is 89 KB): seconds on a loaded 2-core machine.
  }, 30_000);

  test("large documents shrink several times over (openapi.json, settlement.json)", async () => {
    const service = serviceWith();
    await service.compressDocuments();
    for (const path of ["/openapi.json", "/api/settlement.json"]) {
      const plain = Buffer.byteLength(DOCUMENTS.get(path)!.body);
      const br = (await (await get(service, path, { "Accept-Encoding": "br" })).arrayBuffer()).byteLength;
      expect(br * 4).toBeLessThan(plain);
    }
  });

  test("gzip is sent when it is a smaller body; robots.txt, which gzip would grow, goes as it is", async () => {
    const service = serviceWith();
    await service.compressDocuments();
    const robots = await get(service, "/robots.txt", { "Accept-Encoding": "gzip" });
    expect(robots.headers.get("content-encoding")).toBeNull();
    expect(await robots.text()).toBe(DOCUMENTS.get("/robots.txt")!.body);
    const fees = await get(service, "/api/fees.json", { "Accept-Encoding": "gzip" });
    expect(fees.headers.get("content-encoding")).toBe("gzip");
  });

  test("the plain document also carries Vary: Accept-Encoding, for caches", async () => {
    const service = serviceWith();
    const response = await get(service, "/api/health.json");
    expect(response.headers.get("vary")).toBe("Accept-Encoding");
    expect(response.headers.get("etag")).toBe(DOCUMENTS.get("/api/health.json")!.etag);
  });

  describe("conditional requests match the representation the client would get", () => {
    let service: Service;
    const doc = DOCUMENTS.get("/openapi.json")!;
    const brTag = `${doc.etag.slice(0, -1)}-br"`;
    beforeAll(async () => {
      service = serviceWith();
      await service.compressDocuments();
    });

    test("the br tag with Accept-Encoding br: 304, no body, no Content-Encoding, the br tag", async () => {
      const response = await get(service, "/openapi.json", { "Accept-Encoding": "br", "If-None-Match": brTag });
      expect(response.status).toBe(304);
      expect(await response.text()).toBe("");
      expect(response.headers.get("etag")).toBe(brTag);
      expect(response.headers.get("content-encoding")).toBeNull();
      expect(response.headers.get("vary")).toBe("Accept-Encoding");
    });
    test("a weak form of the br tag, in a list: 304", async () => {
      const response = await get(service, "/openapi.json", {
        "Accept-Encoding": "br",
        "If-None-Match": `"other", W/${brTag}`,
      });
      expect(response.status).toBe(304);
    });
    test("the plain tag while accepting br: 200 with br (another representation)", async () => {
      const response = await get(service, "/openapi.json", { "Accept-Encoding": "br", "If-None-Match": doc.etag });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-encoding")).toBe("br");
    });
    test("the br tag from a client that accepts no coding: 200 with the plain document", async () => {
      const response = await get(service, "/openapi.json", { "If-None-Match": brTag });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-encoding")).toBeNull();
      expect(await response.text()).toBe(doc.body);
    });
    test("the plain tag from a client that accepts no coding: 304", async () => {
      const response = await get(service, "/openapi.json", { "If-None-Match": doc.etag });
      expect(response.status).toBe(304);
    });
    test("HEAD: the br headers, the br body's Content-Length, and no body", async () => {
      const response = await get(service, "/openapi.json", { "Accept-Encoding": "br" }, "HEAD");
      const body = await (await get(service, "/openapi.json", { "Accept-Encoding": "br" })).arrayBuffer();
      expect(response.status).toBe(200);
      expect(response.headers.get("content-encoding")).toBe("br");
      expect(response.headers.get("etag")).toBe(brTag);
      expect(response.headers.get("content-length")).toBe(String(body.byteLength));
      expect(await response.text()).toBe("");
    });
    test("HEAD without a coding: the plain document's Content-Length in bytes", async () => {
      const response = await get(service, "/openapi.json", {}, "HEAD");
      expect(response.headers.get("content-length")).toBe(String(Buffer.byteLength(doc.body)));
      expect(await response.text()).toBe("");
    });
  });

  test("a compressor that fails leaves the document as it is, and the service answering", async () => {
    const service = serviceWith(() => Promise.reject(new Error("no zlib here")));
    await get(service, "/openapi.json", { "Accept-Encoding": "br, gzip" });
    await service.compressDocuments();
    const response = await get(service, "/openapi.json", { "Accept-Encoding": "br, gzip" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-encoding")).toBeNull();
    expect(await response.text()).toBe(DOCUMENTS.get("/openapi.json")!.body);
  });

  test("engine responses are never compressed", async () => {
    const service = serviceWith();
    await service.compressDocuments();
    const response = await service.fetch(
      new Request(`${BASE}/api/v0/transition`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Accept-Encoding": "br, gzip" },
        body: JSON.stringify({ action: "create", title: "t", amount: 100, criteria: "c" }),
      }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-encoding")).toBeNull();
    expect(response.headers.get("vary")).toBeNull();
  });
});

describe("waitUntil: the compression a request starts is handed to the host (Workers' ctx.waitUntil)", () => {
  test("once, by the request that started it, settling when the coded forms are ready; never for a plain request", async () => {
    const handed: [Promise<unknown>, Request][] = [];
    const service = createService({ now: () => ctx.now, randomHex: ctx.randomHex, compress });
    /** A request with the context a Worker gives it: its own waitUntil. */
    const send = async (headers: Record<string, string> = {}) => {
      const request = new Request(`${BASE}/api/settlement.json`, { headers });
      return [request, await service.fetch(request, { waitUntil: (work) => handed.push([work, request]) })] as const;
    };
    await send();
    expect(handed).toHaveLength(0);
    const [first, answer] = await send({ "Accept-Encoding": "br" });
    expect(answer.headers.get("content-encoding")).toBeNull();
    expect(handed).toHaveLength(1);
    expect(handed[0]![1]).toBe(first);
    await handed[0]![0];
    expect((await send({ "Accept-Encoding": "br" }))[1].headers.get("content-encoding")).toBe("br");
    await send({ "Accept-Encoding": "gzip" });
    expect(handed).toHaveLength(1);
  });
});

describe("awaitCompression (Workers): the request that starts a document's compression waits for its coded form", () => {
  test("it gets br with its ETag and is logged once, never counted by a rate limit (D23); a document compression cannot shrink goes as it is", async () => {
    const logged: string[] = [];
    let counted = 0;
    const service = createService({
      now: () => ctx.now,
      randomHex: ctx.randomHex,
      compress,
      awaitCompression: true,
      onResponse: (record) => logged.push(`${record.path} ${record.status} ${record.bytes}`),
      limiter: {
        policy: { name: "default", quota: 100, window: 60 },
        limit: () => ({ allowed: ++counted <= 100 }),
      },
    });
    const first = await get(service, "/openapi.json", { "Accept-Encoding": "br" });
    expect(first.headers.get("content-encoding")).toBe("br");
    const body = new Uint8Array(await first.arrayBuffer());
    expect(new TextDecoder().decode(DECODE.br(body))).toBe(DOCUMENTS.get("/openapi.json")!.body);
    const again = await get(service, "/openapi.json", { "Accept-Encoding": "br" });
    expect(again.headers.get("etag")).toBe(first.headers.get("etag"));
    expect(logged).toEqual([`/openapi.json 200 ${body.byteLength}`, `/openapi.json 200 ${body.byteLength}`]);
    expect(counted).toBe(0);
    // robots.txt: gzip and br would grow it, so the wait ends with the document as it is.
    const small = await get(service, "/robots.txt", { "Accept-Encoding": "gzip" });
    expect(small.headers.get("content-encoding")).toBeNull();
    expect(await small.text()).toBe(DOCUMENTS.get("/robots.txt")!.body);
  });
});
