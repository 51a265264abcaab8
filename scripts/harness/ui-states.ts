/**
 * The web UI's main states, reached as a user reaches them, for the suites and scripts that look
 * at the whole page (axe in snapshots/ui/axe-and-weight.e2e.test.ts, `bun run screenshots`): a
 * job in every status (one funded with a hold), both receipts (one verified), the balance
 * history's figures shown and a simulation.
 */
import type { Page } from "playwright-core";
import { expectText } from "./page-waits.ts";
import { fillJobForm, fund, walkTo } from "./ui-actions.ts";
import { copyLink, decodeToken, encodeToken } from "./ui-links.ts";
import { button, field, receiptItem, region } from "./ui-names.ts";

/** Fills `page` with every picture; returns the released job's handoff link and a receipt link whose fee is wrong. */
export async function everyState(page: Page): Promise<{ handoff: string; badReceipt: string }> {
  await walkTo(page, "open", { title: "Translate the README", amount: 60 });
  await walkTo(page, "submitted", { title: "Market scan", amount: 120 });
  const released = await walkTo(page, "released", { title: "Logo sketch", amount: 100 });
  await walkTo(page, "disputed", { title: "Data cleanup", amount: 80 });
  const held = await walkTo(page, "open", { title: "Unit tests", amount: 40 });
  await field(held, "Hold seconds").fill("600");
  await fund(held);
  await held.getByRole("timer").waitFor();
  const receipt = receiptItem(page, "Logo sketch");
  await button(receipt, "Verify receipt").click();
  await expectText(receipt, "✓ Valid");
  const history = region(page, "Balance history");
  await history.getByText("Show the figures", { exact: true }).click();
  await fillJobForm(page, { title: "Simulated summary", amount: 50 });
  await button(page, "Simulate").click();
  await region(page, "Simulation").waitFor();
  const { link: handoff } = await copyLink(page, released, "handoff");
  const { link, token } = await copyLink(page, receipt, "receipt");
  const badReceipt = link.replace(token, encodeToken("r1.", { ...decodeToken(token), f: 7 }));
  return { handoff, badReceipt };
}
