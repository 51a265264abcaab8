/**
 * D24's binding, at the unit: a confirmation's requestState holds the job id, the action and the
 * amount, and a retried call whose state differs in any one of them is refused (-32602), so a
 * yes given for 200 credits never releases 300. The wire rounds are in confirm.e2e.test.ts.
 */
import { describe, expect, test } from "bun:test";
import { type Confirmable, confirmations } from "../../mcp/confirm.ts";
import type { ToolCallContext } from "../../shared/mcp/mcp-server.ts";

const ASKED: Confirmable = { job_id: "as_0000000001", action: "release", amount: 200 };
const QUESTION = { title: "Release 200 credits", message: "Release?" };

const YES = { confirm: { action: "accept", content: { confirm: true } } };
const NO = { confirm: { action: "accept", content: { confirm: false } } };

/** The `_meta` envelope of a 2026-07-28 request (its content does not matter here). */
const ENVELOPE = {};

/** A call from a 2026-07-28 client that declared elicitation, retried with `state` (nonce `nonce`) and `responses` (a yes by default). */
const retried = (state: Confirmable, nonce = "n1", responses: object = YES) =>
  ({
    clientCapabilities: { elicitation: {} },
    mcp: { mcpReq: { envelope: ENVELOPE, requestState: () => ({ ...state, nonce }), inputResponses: responses } },
  }) as unknown as ToolCallContext;

/** A first call (no state) from a 2026-07-28 client that declared elicitation, or (`asks` false) one that did not. */
const first = (asks = true) =>
  ({
    clientCapabilities: asks ? { elicitation: {} } : {},
    mcp: { mcpReq: { envelope: ENVELOPE, requestState: () => undefined, inputResponses: undefined } },
  }) as unknown as ToolCallContext;

/** A call from a 2025-era client (no envelope) that declared elicitation, whose handler answers `elicit`. */
const legacy = (elicit: () => Promise<unknown>) =>
  ({
    clientCapabilities: { elicitation: {} },
    mcp: { mcpReq: { requestState: () => undefined, inputResponses: undefined, elicitInput: elicit } },
  }) as unknown as ToolCallContext;

describe("a 2025-era client is asked with an elicitation request", () => {
  test("a yes goes ahead; a no, a declined form or a handler that fails is declined", async () => {
    const answer = (value: unknown) => () => Promise.resolve(value);
    const check = (elicit: () => Promise<unknown>) => confirmations().check(legacy(elicit), ASKED, QUESTION);
    expect(await check(answer({ action: "accept", content: { confirm: true } }))).toEqual({ kind: "go" });
    expect(await check(answer({ action: "accept", content: { confirm: false } }))).toEqual({ kind: "declined" });
    expect(await check(answer({ action: "decline" }))).toEqual({ kind: "declined" });
    expect(await check(() => Promise.reject(new Error("the form could not be shown")))).toEqual({ kind: "declined" });
  });
});

describe("a confirmation's state (D24)", () => {
  test("lets the same job, action and amount go ahead on a yes", async () => {
    expect(await confirmations().check(retried(ASKED), ASKED, QUESTION)).toEqual({ kind: "go" });
  });

  test.each([
    ["another job", { job_id: "as_0000000002" }],
    ["another action", { action: "dispute" as const }],
    ["another amount", { amount: 300 }],
  ])("refuses a state given for %s", async (_name, change) => {
    const check = confirmations().check(retried(ASKED), { ...ASKED, ...change }, QUESTION);
    await expect(check).rejects.toThrow("This confirmation was given to release job as_0000000001 for 200 credits");
  });
});

describe("a confirmation's answer is final", () => {
  test("a state answered no is refused when resent with a yes; a fresh question is still asked", async () => {
    const confirms = confirmations();
    expect(await confirms.check(retried(ASKED, "n1", NO), ASKED, QUESTION)).toEqual({ kind: "declined" });
    await expect(confirms.check(retried(ASKED, "n1", YES), ASKED, QUESTION)).rejects.toThrow(
      "This confirmation of the release of job as_0000000001 was answered already, and an answer is final.",
    );
    expect((await confirms.check(first(), ASKED, QUESTION)).kind).toBe("ask");
  });

  test("a state answered yes is refused when resent: one yes acts once", async () => {
    const confirms = confirmations();
    expect(await confirms.check(retried(ASKED, "n2"), ASKED, QUESTION)).toEqual({ kind: "go" });
    await expect(confirms.check(retried(ASKED, "n2"), ASKED, QUESTION)).rejects.toThrow("answered already");
  });

  test("a retried call with the state but no response to the question is asked again", async () => {
    const confirms = confirmations();
    for (const responses of [{}, { other: YES.confirm }]) {
      const again = await confirms.check(retried(ASKED, "n3", responses), ASKED, QUESTION);
      expect(again.kind).toBe("ask");
    }
    // Not taken as an answer: the same state with a yes still goes ahead.
    expect(await confirms.check(retried(ASKED, "n3"), ASKED, QUESTION)).toEqual({ kind: "go" });
  });
});

describe("a client that cannot ask (no elicitation)", () => {
  test("goes ahead unasked by default, and is refused under ESCROW_CONFIRM=required", async () => {
    expect(await confirmations().check(first(false), ASKED, QUESTION)).toEqual({ kind: "go" });
    expect(await confirmations(true).check(first(false), ASKED, QUESTION)).toEqual({ kind: "cannot_ask" });
  });
});
