/**
 * The web UI's seal and signature badges (D27) under happy-dom: every state named in
 * words, the texts docs/web-ui.md lists and the sentences it quotes, what a missing seal or
 * signature and an older version's mean, messages escaped; and the badges in the receipt item,
 * the shared panel and a handed-off job item. What feeds them is seal-checks.test.ts; the
 * browser suites drive them in Chromium.
 */
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import type { JobRecord, ReceiptRecord } from "../../client/index.ts";
import { freshState } from "../../shared/client-state/pack.ts";
import { jobItem } from "../../site/src/client/job-item.ts";
import { receiptItem } from "../../site/src/client/receipt-item.ts";
import { SEAL_BADGES, SEAL_MEANINGS, sealBadge } from "../../site/src/client/seal-badge.ts";
import type { SealCheck } from "../../site/src/client/seal-checks.ts";
import { sharedPanel } from "../../site/src/client/shared-panel.ts";
import { OLDER_PACK } from "../client/older-seals.ts";
import { SIGNER, sealedWalk } from "../client/sealed-walk.ts";
import { useHappyDocument } from "../support/happy-document.ts";

const _window = useHappyDocument();

const { funded, receipt } = sealedWalk();
const { signature: _, ...unsigned } = receipt;
const changedReceipt = { ...receipt, agent_payout: receipt.agent_payout + 1 };
const olderJob = OLDER_PACK.jobs[1] as JobRecord;
const { job_sealed: __, ...olderReceipt } = OLDER_PACK.receipts[0]!;

describe("the badges", () => {
  const states: SealCheck[] = [
    { state: "pending" },
    { state: "valid", kid: "k1" },
    { state: "invalid", message: "changed" },
    { state: "missing" },
    { state: "older" },
    { state: "unchecked", message: "no keys" },
  ];

  test.each(["seal", "signature"] as const)("name every state of a %s check in words", (kind) => {
    expect(states.map((check) => sealBadge(kind, check).querySelector(".seal-badge")!.textContent)).toEqual(
      Object.values(SEAL_BADGES[kind]),
    );
  });

  const docs = readFileSync(new URL("../../docs/web-ui.md", import.meta.url), "utf8");

  test("are the texts docs/web-ui.md lists, state by state", () => {
    for (const state of Object.keys(SEAL_BADGES.seal) as (keyof typeof SEAL_BADGES.seal)[])
      expect(docs).toContain(`| ${state} | ${SEAL_BADGES.seal[state]} | ${SEAL_BADGES.signature[state]} |`);
  });

  test.each(
    (["seal", "signature"] as const).flatMap((kind) =>
      Object.entries(SEAL_MEANINGS[kind]).map(([state, sentence]) => [kind, state, sentence]),
    ),
  )("the %s %s sentence is the one docs/web-ui.md quotes, word for word", (_kind, _state, sentence) => {
    expect(docs.replace(/\s+/g, " ")).toContain(`"${sentence}"`);
  });

  test("render a message as text, never HTML", () => {
    const badge = sealBadge("seal", { state: "invalid", message: "<img src=x onerror=alert(1)>" });
    expect(badge.querySelector("img")).toBeNull();
    expect(badge.textContent).toContain("<img src=x onerror=alert(1)>");
  });

  test("say why a job without a seal counts as none", () => {
    expect(sealBadge("seal", { state: "missing" }).textContent).toBe(
      "Not sealed The service did not seal this job, so nothing shows it is as the service wrote it, and its receipt will not be signed.",
    );
  });

  test("say why a receipt an older version signed counts as not signed", () => {
    expect(sealBadge("signature", { state: "older" }).textContent).toBe(
      "Not signed Signed by an older version of the service, which signed receipts whether or not it had sealed the job; it no longer vouches for this receipt.",
    );
  });

  test("say plainly that the service did not vouch for an unsigned receipt", () => {
    expect(sealBadge("signature", { state: "missing" }).textContent).toBe(
      "Not signed The service did not vouch for this receipt: the job reached it without a valid seal, or the service signs no receipts.",
    );
  });
});

describe("where the badges show", () => {
  const badgeIn = (element: ParentNode) => element.querySelector(".seal-badge")?.textContent;
  const panel = (children: unknown[]) => {
    const div = document.createElement("div");
    div.append(...(children.filter(Boolean) as Node[]));
    return div;
  };

  test("a receipt item shows its signature check, and Not signed without a signature", () => {
    expect(badgeIn(receiptItem(receipt, { signature: { state: "valid", kid: SIGNER.kid } }))).toBe(
      "Signed by this service",
    );
    expect(badgeIn(receiptItem(changedReceipt, { signature: { state: "invalid", message: "x" } }))).toBe(
      "Signature does not match",
    );
    expect(badgeIn(receiptItem(unsigned))).toBe("Not signed");
    expect(receiptItem(olderReceipt as ReceiptRecord, { signature: { state: "older" } }).textContent).toContain(
      SEAL_MEANINGS.signature.older,
    );
  });

  test("the shared panel shows a handed-off job's seal check and a shared receipt's signature check", () => {
    const job = panel(sharedPanel({ kind: "handoff", job: funded }, freshState(), null, { state: "valid" }));
    expect(badgeIn(job)).toBe("Sealed by this service");
    const older = panel(sharedPanel({ kind: "handoff", job: olderJob }, freshState(), null, { state: "older" }));
    expect([badgeIn(older), older.textContent?.includes(SEAL_MEANINGS.seal.older)]).toEqual(["Not sealed", true]);
    const shared = panel(sharedPanel({ kind: "receipt", receipt }, freshState(), null, { state: "missing" }));
    expect(badgeIn(shared)).toBe("Not signed");
  });

  test("a job item shows a seal check only for a job imported from a handoff link", () => {
    const view = { job: funded, quotes: {}, payerCredits: 1000, busy: false, draft: () => "", now: 0, received: false };
    expect(badgeIn(jobItem(view))).toBeUndefined();
    expect(badgeIn(jobItem({ ...view, seal: { state: "unchecked", message: "no answer" } }))).toBe(
      "Could not check the seal",
    );
  });
});
