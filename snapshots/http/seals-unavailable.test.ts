/**
 * SEALS=required without a usable key fails closed (D27), through the one handler every runtime
 * serves: each engine answers 503 seals_unavailable with the usual envelope, headers and request
 * id, before its body is parsed; an /mcp tool call is a tool error carrying that body; the key set
 * is empty and every document is served as usual.
 */
import { describe, expect, test } from "bun:test";
import { createHandler } from "../../shared/http/service.ts";
import { ENGINE_ROUTES, enginePath } from "../../shared/protocol/constants.ts";
import { ERROR_CATALOG } from "../../shared/protocol/errors.ts";
import { CREATE, mcpRequest, NOW, rpcAnswer } from "../support/helpers.ts";

const handler = createHandler({
  now: () => NOW,
  randomHex: (n) => "0".repeat(n),
  sealing: { mode: "required", signer: null },
});
const ask = (path: string, init: RequestInit = {}) => handler(new Request(`http://localhost${path}`, init));

describe("SEALS=required without a usable key", () => {
  test.each(ENGINE_ROUTES)("POST %s: 503 seals_unavailable, no-store, with its request id", async (route) => {
    for (const body of [JSON.stringify({ action: "create", ...CREATE }), "{", ""]) {
      const response = await ask(enginePath(route), { method: "POST", body, headers: { "X-Request-Id": "req-1" } });
      expect(response.status).toBe(503);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(response.headers.get("access-control-allow-origin")).toBe("*");
      expect(await response.json()).toEqual({
        ok: false,
        mode: "demo",
        money: false,
        error: "seals_unavailable",
        message: ERROR_CATALOG.seals_unavailable.message,
        request_id: "req-1",
      });
    }
  });

  test("an /mcp tool call is a tool error carrying the same body", async () => {
    const { headers, body } = mcpRequest(
      "modern",
      "tools/call",
      { name: "escrow_transition", arguments: { action: "create", ...CREATE } },
      "escrow_transition",
    );
    const answer = await rpcAnswer(await ask("/mcp", { method: "POST", headers, body }));
    expect(answer.result.isError).toBe(true);
    expect(answer.result.structuredContent).toMatchObject({ ok: false, error: "seals_unavailable" });
  });

  test("the key set is empty and the documents are served", async () => {
    expect(await (await ask("/.well-known/jwks.json")).json()).toEqual({ keys: [] });
    for (const path of ["/api/health.json", "/api/errors.json", "/openapi.json"]) {
      expect((await ask(path)).status, path).toBe(200);
    }
  });
});
