/**
 * The keeper's top-up rule: one top-up adds 1 to TOP_UP_MAX credits, and its
 * refusal names that bound, a figure a person can read, not the room left below the largest safe
 * integer; a top-up that would take payer credits past that integer is still refused.
 */
import { describe, expect, test } from "bun:test";
import { EscrowKeeper, freshState, localApi } from "../../client/index.ts";
import { TOP_UP_MAX } from "../../client/top-up.ts";
import { LIMITS } from "../../shared/protocol/constants.ts";

describe("EscrowKeeper.topUp", () => {
  test("adds TOP_UP_MAX at once, and refuses one more with a message naming 1,000,000", () => {
    const keeper = new EscrowKeeper(localApi());
    expect(TOP_UP_MAX).toBe(1_000_000);
    expect(keeper.topUp(TOP_UP_MAX)).toEqual({ ok: true, payerCredits: 1_001_000 });
    const refused = keeper.topUp(TOP_UP_MAX + 1);
    expect(refused).toMatchObject({ ok: false, code: "invalid_input" });
    if (refused.ok) return;
    expect(refused.message).toBe("Top up amount must be a whole number from 1 to 1,000,000.");
    expect(refused.message).not.toContain("9,007,199");
  });

  test.each([0, -5, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER])("refuses %p with the same bound", (amount) => {
    const keeper = new EscrowKeeper(localApi());
    const refused = keeper.topUp(amount);
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.message).toContain("1,000,000");
    expect(keeper.state.payerCredits).toBe(1000);
  });

  test("still refuses a top-up that would take payer credits past the largest safe integer", () => {
    const keeper = new EscrowKeeper(localApi(), { state: { ...freshState(), payerCredits: LIMITS.integerMax - 10 } });
    expect(keeper.topUp(11)).toMatchObject({ ok: false, code: "invalid_input" });
    expect(keeper.state.payerCredits).toBe(LIMITS.integerMax - 10);
    expect(keeper.topUp(10)).toMatchObject({ ok: true, payerCredits: LIMITS.integerMax });
  });
});
