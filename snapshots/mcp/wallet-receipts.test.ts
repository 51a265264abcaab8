/**
 * The stdio wallet's wallet_open_link and a receipt link (issue 41, finding 2): the wallet
 * checks a receipt's signature in the process, against the public keys of the signer the engine
 * signs with (its JWKS, D27), so the payer's signed receipt settles the worker's received,
 * submitted copy there as it does in the web UI; a receipt changed after signing settles nothing.
 * In process, on the engine sealing with the suites' test signer.
 */
import { describe, expect, test } from "bun:test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { packOf } from "../../mcp/pack-file.ts";
import { walletBox } from "../../mcp/wallet-box.ts";
import { decodeToken, encodeToken } from "../../scripts/harness/ui-links.ts";
import { JWKS, sealingApi } from "../client/sealed-walk.ts";
import { PROOF_URL } from "../support/helpers.ts";

const DIR = mkdtempSync(`${tmpdir()}/escrow-wallet-receipts-`);

/** A wallet on its own pack file, its engine sealing with the test signer, its receipts checked against its JWKS. */
function wallet(name: string) {
  const { box } = walletBox(packOf({ ESCROW_PACK: `${DIR}/${name}.json` }), sealingApi(), { keys: JWKS });
  return async (tool: string, args: Record<string, unknown> = {}) =>
    (await box.call(tool, args, {} as never)!).structuredContent as Record<string, any>;
}

/** A payer wallet's job of 200 credits, handed to a worker wallet, submitted there, handed back and released. */
async function releasedByThePayer(name: string) {
  const payer = wallet(`${name}-payer`);
  const worker = wallet(`${name}-worker`);
  const id: string = (await payer("wallet_create", { title: "Translate a page", amount: 200, criteria: "French" })).job
    .id;
  await payer("wallet_fund", { job_id: id });
  await worker("wallet_open_link", { link: (await payer("wallet_handoff_link", { job_id: id })).link });
  await worker("wallet_submit", { job_id: id, proof_url: PROOF_URL });
  await payer("wallet_open_link", { link: (await worker("wallet_handoff_link", { job_id: id })).link });
  await payer("wallet_release", { job_id: id });
  const { link } = await payer("wallet_receipt_link", { job_id: id });
  return { id, worker, link: link as string };
}

describe("wallet_open_link of a receipt link (issue 41, finding 2)", () => {
  test("whose signature holds settles the worker's received, submitted copy: released, its escrow gone", async () => {
    const { id, worker, link } = await releasedByThePayer("signed");
    const opened = await worker("wallet_open_link", { link });
    expect(opened).toMatchObject({ ok: true, kind: "receipt", changed: true, settled: { id, status: "released" } });
    expect(opened.wallet.jobs).toEqual([
      { id, title: "Translate a page", amount: 200, status: "released", received: true },
    ]);
    expect(opened.wallet.balances).toEqual({
      payerCredits: 1000,
      inEscrow: 0,
      agentWallet: 0,
      feesPaid: 0,
      receivedInEscrow: 0,
    });
  });

  test("changed after signing (a release note added) is kept beside the job, which stays submitted", async () => {
    const { id, worker, link } = await releasedByThePayer("changed");
    const token = link.slice(link.indexOf("r1."));
    const changed = encodeToken("r1.", { ...decodeToken(token), rn: "Paid in full" });
    const opened = await worker("wallet_open_link", { link: changed });
    expect(opened).toMatchObject({ ok: true, kind: "receipt", changed: true });
    expect(opened.settled).toBeUndefined();
    expect(opened.wallet.jobs[0]).toMatchObject({ id, status: "submitted" });
    expect(opened.wallet.balances.receivedInEscrow).toBe(200);
  });
});
