/**
 * A client generated from the published OpenAPI document the way users generate one
 * (openapi-typescript types, openapi-fetch): the typed walk (generated-client/walk.ts, checked by
 * `bun run typecheck` with no cast) runs against a live server (a child process), and every
 * answer it met was the one the document promised. That the committed types are fresh is in
 * generated-client.test.ts.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
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
