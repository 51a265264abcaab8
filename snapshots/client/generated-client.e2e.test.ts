/**
 * A client generated from the published OpenAPI document the way users generate one
 * (openapi-typescript types, openapi-fetch): the committed types are what the generator makes of
 * today's document, the typed walk (generated-client/walk.ts, checked by `bun run typecheck`
 * with no cast) runs against a live server, and every answer it met was the one the document
 * promised.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { generatedTypes } from "../../scripts/codegen-types.ts";
import { type LiveServer, startServer } from "../../scripts/harness/live-server.ts";
import { walk } from "./generated-client/walk.ts";

describe("a generated client (openapi-typescript + openapi-fetch)", () => {
  let server: LiveServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server.stop();
  });

  test("the committed types are what openapi-typescript makes of the document now (else: bun run codegen)", async () => {
    const committed = readFileSync(new URL("./generated-client/openapi.d.ts", import.meta.url), "utf8");
    expect(committed).toBe(await generatedTypes());
  });

  test("the typed walk creates, quotes, funds, submits, releases, verifies and meets a refusal", async () => {
    expect(await walk(server.base)).toEqual({
      created: expect.stringMatching(/^as_[0-9a-f]{10}$/),
      quotedFee: 5,
      statuses: ["open", "funded", "submitted", "released"],
      agentPayout: 95,
      receiptValid: true,
      refused: {
        status: 409,
        error: "illegal_transition",
        message: "Cannot release a job in status released. release requires status submitted.",
      },
    });
  });
});
