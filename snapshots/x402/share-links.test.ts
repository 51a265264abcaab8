/**
 * D19, D30: a job funded over x402 and its receipt travel through the share links with the
 * payment (the job's x402Payer and x402Payment, the receipt's x402 side under their short keys),
 * and come back byte for byte: the job's seal still holds and the receipt's signature verifies.
 */
import { describe, expect, test } from "bun:test";
import {
  decodeHandoff,
  decodeReceipt,
  encodeHandoff,
  encodeReceipt,
  type JobRecord,
  type ReceiptRecord,
} from "../../shared/client-state/share-links.ts";
import { CREATE, PROOF_URL } from "../support/helpers.ts";
import { post, stockPayer, x402Service } from "../support/x402-payer.ts";

type Body = Record<string, any>;
const service = x402Service();
/** The JSON a token carries after its prefix. */
const payloadOf = (token: string): Body => JSON.parse(Buffer.from(token.slice(3), "base64url").toString());
const answer = async (path: string, body: Body): Promise<Body> =>
  (await (await service(post(path, body))).json()) as Body;

describe("share links of a job funded over x402", () => {
  test("the handoff and the receipt link keep the payment, the seal and the signature", async () => {
    const { job: open } = await answer("/api/v0/transition", { action: "create", ...CREATE });
    const paid = await stockPayer(service).pay("http://localhost/api/v0/x402/fund", {
      method: "POST",
      body: JSON.stringify({ job: open, payer_credits: 1000 }),
    });
    const { job } = (await paid.json()) as Body;
    const token = encodeHandoff(job as JobRecord);
    expect(payloadOf(token).job).toMatchObject({ xp: job.x402Payer, xi: job.x402Payment });
    const opened = decodeHandoff(token);
    if (!opened.ok) throw new Error(opened.message);
    expect(JSON.stringify(opened.value)).toBe(JSON.stringify(job));
    const checked = await answer("/api/v0/validate", { action: "submit", job: opened.value, proof_url: PROOF_URL });
    expect(checked.seal_valid).toBe(true);

    const submitted = await answer("/api/v0/transition", { action: "submit", job, proof_url: PROOF_URL });
    const { receipt } = await answer("/api/v0/transition", { action: "dispute", job: submitted.job });
    expect(receipt.x402_settlement).toBe("void");
    const receiptToken = encodeReceipt(receipt as ReceiptRecord);
    expect(payloadOf(receiptToken)).toMatchObject({ xp: job.x402Payer, xi: job.x402Payment, xs: "void" });
    const link = decodeReceipt(receiptToken);
    if (!link.ok) throw new Error(link.message);
    expect(JSON.stringify(link.value)).toBe(JSON.stringify(receipt));
    expect((await answer("/api/v0/verify", { receipt: link.value })).signature_valid).toBe(true);
  });
});
