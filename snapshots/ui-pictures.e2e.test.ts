/**
 * The web UI's pictures of the money and the walk, in Chromium against the real server: the four
 * balances, each job's stepper, a settled job's money flow, the receipts' verification badges and
 * the balance history. Each picture is checked against the state it shows (the exported demo
 * pack read by the client library), through the accessibility contract (ui-names.ts) only.
 */
import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { type Balances, balancesOf } from "../client/balances.ts";
import { parsePack } from "../shared/browser/pack.ts";
import { expectNumber, expectText, useHarness } from "./browser.ts";
import { createJob, dispute, exportPack, fund, release, submitProof, walkTo } from "./ui-actions.ts";
import { button, field, jobItem, region } from "./ui-names.ts";

const harness = useHarness("ui-pictures.e2e");

/** The four figures' labels, by the member of Balances each shows. */
const FIGURES = {
  payerCredits: "Payer credits",
  inEscrow: "In escrow",
  agentWallet: "Agent wallet",
  feesPaid: "Fees paid",
} as const satisfies Record<keyof Balances, string>;

/** Waits until the four figures show `expected`, and the Balances card says what they add up to. */
async function expectBalances(page: Page, expected: Balances): Promise<void> {
  for (const [key, label] of Object.entries(FIGURES) as [keyof Balances, string][])
    await expectNumber(field(page, label), expected[key]);
  const total = expected.payerCredits + expected.inEscrow + expected.agentWallet + expected.feesPaid;
  await expectText(
    region(page, "Balances"),
    `= ${total.toLocaleString("en-US")} credits`,
    /always add up to the 1,000 starting credits plus top-ups/,
  );
}

/** The balances of the state the page holds, read back from its exported demo pack. */
async function heldBalances(page: Page): Promise<Balances> {
  const { text } = await exportPack(page);
  const read = parsePack(text);
  if (!read.ok) throw new Error(`the exported pack does not read back: ${read.message}`);
  return balancesOf(read.value);
}

describe("the four balances", () => {
  test("show payer credits, escrow, agent wallet and fees as the state holds them after each fund, release, dispute and top-up", async () => {
    const page = await harness().open();
    await expectBalances(page, { payerCredits: 1000, inEscrow: 0, agentWallet: 0, feesPaid: 0 });

    const logo = await walkTo(page, "funded", { title: "Logo sketch", amount: 100 });
    await expectBalances(page, { payerCredits: 900, inEscrow: 100, agentWallet: 0, feesPaid: 0 });
    const draft = await walkTo(page, "funded", { title: "Blog draft", amount: 40 });
    await expectBalances(page, { payerCredits: 860, inEscrow: 140, agentWallet: 0, feesPaid: 0 });

    await submitProof(logo);
    await expectBalances(page, { payerCredits: 860, inEscrow: 140, agentWallet: 0, feesPaid: 0 });
    await release(logo);
    await expectBalances(page, { payerCredits: 860, inEscrow: 40, agentWallet: 95, feesPaid: 5 });

    await submitProof(draft);
    await dispute(draft);
    await expectBalances(page, { payerCredits: 900, inEscrow: 0, agentWallet: 95, feesPaid: 5 });

    await field(page, "Top up amount").fill("100");
    await button(page, "Top up").click();
    await expectBalances(page, { payerCredits: 1000, inEscrow: 0, agentWallet: 95, feesPaid: 5 });

    await createJob(page, { title: "Unit tests", amount: 250 });
    await fund(jobItem(page, "Unit tests"));
    const shown = { payerCredits: 750, inEscrow: 250, agentWallet: 95, feesPaid: 5 };
    await expectBalances(page, shown);
    expect(await heldBalances(page)).toEqual(shown);
  });
});
