/**
 * Clients generated from the published OpenAPI document the way users generate them
 * (openapi-typescript types with openapi-fetch; @hey-api/openapi-ts's SDK): each typed walk
 * (generated-client/walk.ts, generated-client/hey-api-walk.ts, checked by `bun run typecheck`
 * with no cast) runs against a live server (a child process), and every answer it met was the
 * one the document promised. That the committed output is fresh is in generated-client.test.ts.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { type LiveServer, startServer } from "../../scripts/harness/live-server.ts";
import { heyApiWalk } from "./generated-client/hey-api-walk.ts";
import { walk } from "./generated-client/walk.ts";

describe("a generated client (openapi-typescript + openapi-fetch)", () => {
  let server: LiveServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server.stop();
  });

  test("the typed walk creates, quotes, funds, submits, releases, verifies, meets a refusal and simulates a release with its note", async () => {
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
      simulated: "released",
    });
  });

  test("the hey-api walk creates, funds, submits, releases, verifies the receipt, meets a refusal and simulates a dispute with its reason", async () => {
    expect(await heyApiWalk(server.base)).toEqual({
      created: expect.stringMatching(/^as_[0-9a-f]{10}$/),
      statuses: ["open", "funded", "submitted", "released"],
      agentPayout: 95,
      receiptValid: true,
      refused: { status: 409, error: "illegal_transition" },
      simulated: "disputed",
    });
  });
});
