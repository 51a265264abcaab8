/**
 * A person confirms what cannot be undone (D24), over `bun run mcp` (stdio), with the SDK's own
 * (v2) Client: a client that declared elicitation is asked before wallet_release and
 * wallet_dispute act (2026-07-28: an input_required result; 2025: an elicitation request), told
 * the job, the amount and where the credits go; a yes acts, a no changes nothing in the pack.
 * On 2026-07-28 the requestState is bound to the job, the action and the amount: replayed for
 * another job, or edited, it is refused. A client without elicitation is never asked (the walk
 * in stdio.e2e.test.ts releases unasked), unless ESCROW_CONFIRM=required, which refuses it. An
 * answered state is final: resent, with a yes after a no, it is refused.
 */
import { describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import type { CallToolResult, Client, InputRequiredResult } from "@modelcontextprotocol/client";
import { own, PROOF_URL } from "../support/helpers.ts";
import { ERAS, type Era, expectValidOutput, startMcp } from "./mcp-fixtures.ts";

const DIR = mkdtempSync(`${tmpdir()}/escrow-confirm-`);
const ELICITATION = { capabilities: { elicitation: { form: {} } } };

/** A pack at `path` holding `count` submitted jobs of 200 credits, made by a client that is never asked; their ids. */
async function submittedJobs(path: string, era: Era, count: number): Promise<string[]> {
  const agent = await startMcp(path, era);
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const created = await agent.callTool({
      name: "wallet_create",
      arguments: { title: `Translate page ${i + 1}`, amount: 200, criteria: "Into French" },
    });
    const id = (created.structuredContent as { job: { id: string } }).job.id;
    await agent.callTool({ name: "wallet_fund", arguments: { job_id: id } });
    await agent.callTool({ name: "wallet_submit", arguments: { job_id: id, proof_url: PROOF_URL } });
    ids.push(id);
  }
  await agent.close();
  return ids;
}

/** A client that answers every confirmation with `confirm` (or whose handler fails), and the messages it was shown. */
async function person(path: string, era: Era, confirm: boolean | "decline" | "fail") {
  const asked: string[] = [];
  const client = await startMcp(path, era, ELICITATION);
  client.setRequestHandler("elicitation/create", async (request) => {
    asked.push((request.params as { message: string }).message);
    if (confirm === "fail") throw new Error("the host could not show the form");
    return confirm === "decline" ? { action: "decline" } : { action: "accept", content: { confirm } };
  });
  return { client, asked };
}

/** tools/call as a client that fulfils input requests itself. */
const call = (client: Client, name: string, params: Record<string, unknown>) =>
  client.request({ method: "tools/call", params: { name, ...params } }, {
    allowInputRequired: true,
  } as never) as Promise<CallToolResult | InputRequiredResult>;
const yes = { confirm: { action: "accept", content: { confirm: true } } };

const content = (result: { structuredContent?: unknown }) => result.structuredContent as Record<string, any>;

describe.each(ERAS.map((e) => e.era))("wallet confirmations over stdio, a %s client", (era) => {
  test("a yes releases, after a question that names the job, the amount, the payout and the fee", async () => {
    const path = `${DIR}/${era}-yes.json`;
    const [id] = await submittedJobs(path, era, 1);
    const { client, asked } = await person(path, era, true);
    const { tools } = await client.listTools();
    const released = await client.callTool({ name: "wallet_release", arguments: { job_id: id } });
    expect(released.isError).toBeUndefined();
    expectValidOutput(tools.find((t) => t.name === "wallet_release")!.outputSchema, content(released), "release");
    expect(content(released).wallet.balances).toEqual(
      own({ payerCredits: 800, inEscrow: 0, agentWallet: 190, feesPaid: 10 }),
    );
    expect(asked).toEqual([
      `Release job ${id} ("Translate page 1")? 200 credits leave escrow: 190 to the agent wallet and a 10 credit fee. This cannot be undone.`,
    ]);
    await client.close();
  }, 30_000);

  test("a no, or a declined form, changes nothing in the pack and says so; a yes then disputes", async () => {
    const path = `${DIR}/${era}-no.json`;
    const [id] = await submittedJobs(path, era, 1);
    const before = readFileSync(path, "utf8");
    for (const answer of [false, "decline"] as const) {
      const { client, asked } = await person(path, era, answer);
      const { tools } = await client.listTools();
      for (const name of ["wallet_release", "wallet_dispute"]) {
        const refused = await client.callTool({ name, arguments: { job_id: id } });
        expect(refused.isError, name).toBe(true);
        expect(content(refused)).toMatchObject({ ok: false, error: "declined" });
        expect(content(refused).message).toContain(
          `job ${id} was not confirmed; nothing changed (the job is still submitted)`,
        );
        expectValidOutput(tools.find((t) => t.name === name)!.outputSchema, content(refused), name);
      }
      expect(asked[1]).toBe(
        `Dispute job ${id} ("Translate page 1")? All 200 credits in escrow return to the payer credits; the agent gets nothing. This cannot be undone.`,
      );
      expect(readFileSync(path, "utf8")).toBe(before);
      await client.close();
    }
    const { client } = await person(path, era, true);
    const disputed = await client.callTool({ name: "wallet_dispute", arguments: { job_id: id } });
    expect(content(disputed).wallet.balances).toEqual(
      own({ payerCredits: 1000, inEscrow: 0, agentWallet: 0, feesPaid: 0 }),
    );
    await client.close();
  }, 30_000);

  test("an action the engine would refuse is refused without asking anyone", async () => {
    const path = `${DIR}/${era}-refused.json`;
    const [id] = await submittedJobs(path, era, 1);
    const { client, asked } = await person(path, era, true);
    await client.callTool({ name: "wallet_release", arguments: { job_id: id } });
    const again = await client.callTool({ name: "wallet_release", arguments: { job_id: id } });
    expect(content(again)).toMatchObject({ error: "illegal_transition" });
    expect(asked).toHaveLength(1);
    await client.close();
  }, 30_000);
});

test("a 2025-era client whose elicitation handler fails is answered declined, with the error body, and nothing changes", async () => {
  const path = `${DIR}/legacy-fail.json`;
  const [id] = await submittedJobs(path, "2025", 1);
  const before = readFileSync(path, "utf8");
  const { client, asked } = await person(path, "2025", "fail");
  const { tools } = await client.listTools();
  const refused = await client.callTool({ name: "wallet_release", arguments: { job_id: id } });
  expect(asked).toHaveLength(1);
  expect(refused.isError).toBe(true);
  expect(content(refused)).toMatchObject({ ok: false, error: "declined" });
  expectValidOutput(tools.find((t) => t.name === "wallet_release")!.outputSchema, content(refused), "wallet_release");
  expect(readFileSync(path, "utf8")).toBe(before);
  await client.close();
}, 30_000);

describe("2026-07-28: the confirmation's requestState is bound to its job, action and amount", () => {
  test("replayed for another job or action, or edited, it is refused; echoed as minted, it acts", async () => {
    const path = `${DIR}/bound.json`;
    const [first, second] = await submittedJobs(path, "2026-07-28", 2);
    const client = await startMcp(path, "2026-07-28", { ...ELICITATION, inputRequired: { autoFulfill: false } });
    const asked = (await call(client, "wallet_release", { arguments: { job_id: first } })) as InputRequiredResult;
    expect(asked.resultType).toBe("input_required");
    expect(Object.keys(asked.inputRequests ?? {})).toEqual(["confirm"]);
    const state = asked.requestState!;
    const before = readFileSync(path, "utf8");

    const replays: [string, Record<string, unknown>, RegExp][] = [
      ["wallet_release", { job_id: second }, /was given to release job .* for 200 credits, not to release job/],
      ["wallet_dispute", { job_id: first }, /not to dispute job/],
    ];
    for (const [name, args, message] of replays) {
      await expect(call(client, name, { arguments: args, inputResponses: yes, requestState: state })).rejects.toThrow(
        message,
      );
    }
    const [head, body, mac] = state.split(".");
    const edited = `${head}.${Buffer.from(Buffer.from(body!, "base64url").toString().replace(first!, second!)).toString("base64url")}.${mac}`;
    await expect(
      call(client, "wallet_release", { arguments: { job_id: second }, inputResponses: yes, requestState: edited }),
    ).rejects.toThrow(/Invalid or expired requestState/);
    expect(readFileSync(path, "utf8")).toBe(before);

    const done = (await call(client, "wallet_release", {
      arguments: { job_id: first },
      inputResponses: yes,
      requestState: state,
    })) as CallToolResult;
    expect(content(done)).toMatchObject({ ok: true, action: "release", job: { id: first, status: "released" } });
    await client.close();
  }, 30_000);
});

describe("ESCROW_CONFIRM=required", () => {
  test("a client that cannot ask is refused a release, which changes nothing; one that can is asked", async () => {
    const path = `${DIR}/required.json`;
    const [id] = await submittedJobs(path, "2026-07-28", 1);
    const before = readFileSync(path, "utf8");
    const unasking = await startMcp(path, "2026-07-28", {}, { ESCROW_CONFIRM: "required" });
    const refused = await unasking.callTool({ name: "wallet_release", arguments: { job_id: id } });
    expect(refused.isError).toBe(true);
    expect(content(refused)).toMatchObject({ ok: false, error: "declined" });
    expect(content(refused).message).toBe(
      `The release of job ${id} needs a person's confirmation (ESCROW_CONFIRM=required), and this client cannot ask one (it declared no elicitation); nothing changed (the job is still submitted).`,
    );
    expect(readFileSync(path, "utf8")).toBe(before);
    await unasking.close();
    const asking = await startMcp(path, "2026-07-28", ELICITATION, { ESCROW_CONFIRM: "required" });
    asking.setRequestHandler("elicitation/create", async () => ({ action: "accept", content: { confirm: true } }));
    const released = await asking.callTool({ name: "wallet_release", arguments: { job_id: id } });
    expect(content(released)).toMatchObject({ ok: true, job: { id, status: "released" } });
    await asking.close();
  }, 30_000);

  test("a resend of an answered state is refused over the wire: a no stays a no", async () => {
    const path = `${DIR}/final.json`;
    const [id] = await submittedJobs(path, "2026-07-28", 1);
    const client = await startMcp(path, "2026-07-28", { ...ELICITATION, inputRequired: { autoFulfill: false } });
    const asked = (await call(client, "wallet_release", { arguments: { job_id: id } })) as InputRequiredResult;
    const state = asked.requestState!;
    const no = { confirm: { action: "accept", content: { confirm: false } } };
    const declined = (await call(client, "wallet_release", {
      arguments: { job_id: id },
      inputResponses: no,
      requestState: state,
    })) as CallToolResult;
    expect(content(declined)).toMatchObject({ ok: false, error: "declined" });
    await expect(
      call(client, "wallet_release", { arguments: { job_id: id }, inputResponses: yes, requestState: state }),
    ).rejects.toThrow(/was answered already, and an answer is final/);
    // Called afresh, the person is asked again, with a new state.
    const again = (await call(client, "wallet_release", { arguments: { job_id: id } })) as InputRequiredResult;
    expect(again.resultType).toBe("input_required");
    expect(again.requestState).not.toBe(state);
    await client.close();
  }, 30_000);
});
