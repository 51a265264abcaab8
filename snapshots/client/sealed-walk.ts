/**
 * What the client's seal suites share: one test signer (D27) for the real engine, a walk on it
 * that gives a sealed job at each status and a signed receipt, the engine in process sealing with
 * that signer (client/in-process.ts), and a keeper holding one job, to make its links.
 */
import { EscrowKeeper, type JobRecord, localApi, type ReceiptRecord } from "../../client/index.ts";
import type { EngineContext } from "../../shared/engine/context.ts";
import type { SealMode } from "../../shared/seal/signer.ts";
import { CREATE, call, fixedContext, NOW, PROOF_URL } from "../support/helpers.ts";
import { testSigner } from "../support/test-signer.ts";

/** The signer of every sealing engine here. */
export const SIGNER = testSigner();
/** Its JWKS, as GET /.well-known/jwks.json answers it. */
export const JWKS = { keys: SIGNER.keys };

type Body = Record<string, any>;

/** A walk on the engine with SIGNER: every committed job sealed, the settled job's receipt signed. */
export function sealedWalk(terminal: "release" | "dispute" = "release") {
  const ctx: EngineContext = { ...fixedContext(), sealing: { mode: "on", signer: SIGNER } };
  const step = (body: Body, headers: Record<string, string> = {}) =>
    call("transition", body, headers, ctx).body as Body;
  const created = step({ action: "create", ...CREATE, client_ref: "order-7" });
  const funded = step({ action: "fund", job: created.job, payer_credits: 1000, ttl_seconds: 600 });
  const submitted = step({ action: "submit", job: funded.job, proof_url: PROOF_URL, proof_note: "Done." });
  const settled = step({ action: terminal, job: submitted.job }, { Authorization: "Bearer demo_k" });
  return {
    open: created.job as JobRecord,
    funded: funded.job as JobRecord,
    submitted: submitted.job as JobRecord,
    settled: settled.job as JobRecord,
    receipt: settled.receipt as ReceiptRecord,
  };
}

/** The engine in process on the fixed clock, sealing with SIGNER under `mode`. */
export const sealingApi = (mode: Exclude<SealMode, "off"> = "on") =>
  localApi({ now: () => NOW, sealing: { mode, signer: SIGNER } });

/** The JSON text of a value: what "byte for byte" compares. */
export const bytes = (value: unknown): string => JSON.stringify(value);

/** A keeper holding `job` (or `receipt`) only, to make its link; the link under https://escrow.test/. */
export function linkOf(record: { kind: "handoff"; job: JobRecord } | { kind: "receipt"; receipt: ReceiptRecord }) {
  const keeper = new EscrowKeeper(localApi());
  if (record.kind === "handoff") {
    keeper.commit({ ...keeper.state, jobs: [record.job] });
    const link = keeper.handoffLink(record.job.id, "https://escrow.test/");
    if (!link.ok) throw new Error(link.message);
    return link.link;
  }
  keeper.commit({ ...keeper.state, receipts: [record.receipt] });
  const link = keeper.receiptLink(record.receipt.job_id, "https://escrow.test/");
  if (!link.ok) throw new Error(link.message);
  return link.link;
}

/** The token of a share link. */
export const tokenOf = (link: string): string => link.split(/#(?:handoff|receipt)\//)[1]!;
