/**
 * The seals of a demo pack's jobs, asked before the pack may replace everything (issue 41,
 * finding 5): one check per sealed job and none when the pack holds none; the jobs whose seal
 * does not hold are named for the question, which then asks for Import anyway; an older
 * version's seal asks nothing and is no warning. On the engine in process, sealing with the
 * suites' test signer.
 */
import { describe, expect, test } from "bun:test";
import type { EscrowApi, JobRecord } from "../../client/index.ts";
import { packSeals, sealsWarning } from "../../site/src/client/pack-seals.ts";
import { OLDER_PACK } from "../client/older-seals.ts";
import { sealedWalk, sealingApi } from "../client/sealed-walk.ts";

/** The sealing engine in process, counting the calls of each route. */
function counted(): { api: EscrowApi; calls: string[] } {
  const inner = sealingApi();
  const calls: string[] = [];
  const api = Object.fromEntries(
    Object.entries(inner).map(([route, call]) => [
      route,
      (...args: unknown[]) => {
        calls.push(route);
        return (call as (...a: unknown[]) => unknown)(...args);
      },
    ]),
  ) as unknown as EscrowApi;
  return { api, calls };
}

const walk = sealedWalk("dispute");

describe("a demo pack's seals (issue 41, finding 5)", () => {
  test("a pack with no sealed job asks nothing of the service and adds nothing to the question", async () => {
    const { api, calls } = counted();
    const unsealed = [walk.funded, walk.settled].map(({ seal: _, ...job }) => job as JobRecord);
    const seals = await packSeals(unsealed, api);
    expect(calls).toEqual([]);
    expect(sealsWarning(seals)).toBe("");
  });

  test("each sealed job is asked about once; the one whose seal does not hold is named", async () => {
    const { api, calls } = counted();
    const edited = { ...walk.settled, amount: 3000 };
    const seals = await packSeals([walk.funded, edited], api);
    expect(calls.sort()).toEqual(["validate", "verify"]);
    expect(seals).toEqual({ changed: [edited], unchecked: [] });
    expect(sealsWarning(seals)).toStartWith(
      `The service says the seal of 1 job does not hold: "${edited.title}" (${edited.id}). Something in them was changed`,
    );
  });

  test("a seal of an older version's form asks nothing and is no warning", async () => {
    const { api, calls } = counted();
    const seals = await packSeals(OLDER_PACK.jobs as JobRecord[], api);
    expect(calls).toEqual([]);
    expect(seals).toEqual({ changed: [], unchecked: [] });
  });
});
