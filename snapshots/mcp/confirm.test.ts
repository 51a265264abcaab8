/**
 * D24's binding, at the unit: a confirmation's requestState holds the job id, the action and the
 * amount, and a retried call whose state differs in any one of them is refused (-32602), so a
 * yes given for 200 credits never releases 300. The wire rounds are in confirm.e2e.test.ts.
 */
import { describe, expect, test } from "bun:test";
import { type Confirmable, confirmations } from "../../mcp/confirm.ts";
import type { ToolCallContext } from "../../shared/mcp/server.ts";

const ASKED: Confirmable = { job_id: "as_0000000001", action: "release", amount: 200 };
const QUESTION = { title: "Release 200 credits", message: "Release?" };

/** A call from a client that declared elicitation, retried with `state` and a yes. */
const retried = (state: Confirmable) =>
  ({
    clientCapabilities: { elicitation: {} },
    mcp: {
      mcpReq: {
        requestState: () => state,
        inputResponses: { confirm: { action: "accept", content: { confirm: true } } },
      },
    },
  }) as unknown as ToolCallContext;

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
