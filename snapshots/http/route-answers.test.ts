/**
 * Every kind of path the route table serves (routes.ts), asked every method and condition, its
 * answer kept whole: status, every header (as Headers lists them), and the body (a
 * document's as its length and SHA-256). The key set is one of the documents, so its answers sit
 * beside theirs; a change of routing that changes one byte of any answer shows here. Engines,
 * documents, the key set, /mcp (its guard, preflight and 405), static files, 404, HEAD, 304, a
 * compressed form, and a rate-limited service's answers.
 */
import { describe, expect, test } from "bun:test";
import { signerFromKeys } from "../../keys/ed25519-keys.ts";
import { readSigningKey } from "../../keys/signing-key.ts";
import { TEST_SIGNING_JWK } from "../../scripts/harness/test-key.ts";
import { documentBuilders } from "../../shared/documents/built-documents.ts";
import { servedDocuments } from "../../shared/http/documents.ts";
import { keySetDocument } from "../../shared/http/jwks.ts";
import { ROUTE_PATHS, routeTable } from "../../shared/http/routes.ts";
import { createService, type ServiceOptions } from "../../shared/http/service.ts";
import { sha256Hex } from "../../shared/lib/sha256.ts";
import { NOW } from "../support/helpers.ts";

const signer = signerFromKeys(readSigningKey(JSON.stringify(TEST_SIGNING_JWK)));
/** A compressor that keeps the first half of the bytes: deterministic, and smaller. */
const halve = (bytes: Uint8Array) => Promise.resolve(bytes.slice(0, Math.floor(bytes.length / 2)));
const counter = () => {
  let n = 0;
  return (length: number) => (n++).toString(16).padStart(length, "0");
};

const PATHS = ["/api/v0/quote", "/api/health.json", "/openapi.json", "/.well-known/jwks.json", "/mcp", "/nope", "/app"];
const METHODS = ["GET", "HEAD", "POST", "OPTIONS", "PUT", "DELETE"];

/** The answer as text: status, headers in order, body. */
async function shown(response: Response): Promise<string> {
  const headers = [...response.headers].map(([name, value]) => `${name}: ${value}`).join("\n");
  const bytes = new Uint8Array(await response.arrayBuffer());
  const text = new TextDecoder().decode(bytes);
  const body =
    bytes.length > 400 || !/^[\x20-\x7e\n]*$/.test(text) ? `${bytes.length} bytes, ${sha256Hex(text)}` : text;
  return `${response.status}\n${headers}\n\n${body}`;
}

function service(extra: Partial<ServiceOptions> = {}) {
  return createService({
    now: () => NOW,
    randomHex: counter(),
    sealing: { mode: "on", signer },
    fallback: (_request, path) => (path === "/app" ? new Response("the app", { headers: { "X-Static": "1" } }) : null),
    ...extra,
  });
}

const ask = async (
  fetch: ReturnType<typeof service>["fetch"],
  method: string,
  path: string,
  headers: Record<string, string> = {},
) => {
  const body = method === "POST" || method === "PUT" ? '{"action":"create"}' : null;
  return shown(await fetch(new Request(`http://localhost${path}`, { method, body, headers })));
};

describe("the answers of the route table", () => {
  test("holds exactly the paths requestPath reads without the URL parser", () => {
    const options = { now: () => NOW, randomHex: counter() };
    const documents = servedDocuments(
      [...documentBuilders({ siteUrl: "http://localhost" }), keySetDocument(undefined)],
      false,
    );
    const table = routeTable(
      options,
      documents,
      () => Promise.resolve(new Response()),
      () => undefined,
    );
    expect([...table.keys()].sort()).toEqual([...ROUTE_PATHS].sort());
  });

  test("every path and method, plain", async () => {
    const { fetch } = service();
    const answers: Record<string, string> = {};
    for (const path of PATHS)
      for (const method of METHODS) answers[`${method} ${path}`] = await ask(fetch, method, path);
    expect(answers).toMatchSnapshot();
  });

  test("conditional and compressed GETs of a document and of the key set", async () => {
    const { fetch } = service({ compress: halve, awaitCompression: true });
    const answers: Record<string, string> = {};
    for (const path of ["/api/health.json", "/.well-known/jwks.json"]) {
      const etag = (await fetch(new Request(`http://localhost${path}`))).headers.get("etag")!;
      answers[`GET ${path} If-None-Match`] = await ask(fetch, "GET", path, { "If-None-Match": etag });
      answers[`HEAD ${path} If-None-Match`] = await ask(fetch, "HEAD", path, { "If-None-Match": etag });
      answers[`GET ${path} gzip`] = await ask(fetch, "GET", path, { "Accept-Encoding": "gzip" });
      answers[`GET ${path} gzip again`] = await ask(fetch, "GET", path, { "Accept-Encoding": "gzip" });
      answers[`HEAD ${path} br`] = await ask(fetch, "HEAD", path, { "Accept-Encoding": "br" });
    }
    expect(answers).toMatchSnapshot();
  });

  test("/mcp behind its guard: a foreign page's Origin is refused whatever the method", async () => {
    const { fetch } = service();
    const answers: Record<string, string> = {};
    for (const method of METHODS)
      answers[method] = await ask(fetch, method, "/mcp", { Origin: "https://evil.example", Host: "localhost" });
    expect(answers).toMatchSnapshot();
  });

  test("a rate-limited service: an engine's answers carry the headers, a refusal is 429; documents and preflights are not counted", async () => {
    let left = 2;
    const limiter = {
      policy: { name: "default", quota: 2, window: 60 },
      limit: () => ({ allowed: left-- > 0, remaining: Math.max(left, 0), reset: 30 }),
    };
    const { fetch } = service({ limiter });
    const answers: string[] = [];
    for (const [method, path] of [
      ["POST", "/api/v0/quote"],
      ["GET", "/.well-known/jwks.json"],
      ["OPTIONS", "/api/v0/quote"],
      ["POST", "/api/v0/quote"],
      ["POST", "/api/v0/quote"],
      ["HEAD", "/api/health.json"],
      ["GET", "/.well-known/jwks.json"],
      ["OPTIONS", "/mcp"],
    ] as const)
      answers.push(`${method} ${path}\n${await ask(fetch, method, path)}`);
    expect(answers).toMatchSnapshot();
  });
});
