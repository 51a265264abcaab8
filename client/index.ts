/**
 * The TypeScript client of the agent escrow demo: typed calls to the five engines over HTTP or
 * in-process, and a state keeper that holds the client side (credits, escrow, wallet, jobs,
 * receipts, activity), reads and writes the demo pack and makes and opens share links, asks the
 * service whether a job's seal holds, and checks signed receipts offline against the service's
 * JWKS. No money moves. Runs in browsers, Bun, Node 20 and Deno: no runtime's own APIs.
 */
export type { ActivityEvent, ActivityKind, DemoState } from "../shared/client-state/pack.ts";
export { freshState } from "../shared/client-state/pack.ts";
export type { JobRecord, ReceiptRecord } from "../shared/client-state/share-links.ts";
export { isOlderForm, isSealed, isSigned } from "../shared/client-state/signed-members.ts";
export type { AnswerOf, ErrorBody, ErrorCode, IdentifiedJob, Mismatch } from "../shared/protocol/answers.ts";
export type { Action, EngineRoute, JobStatus, Terminal } from "../shared/protocol/constants.ts";
export type { Job } from "../shared/protocol/job-members.ts";
export type { Receipt } from "../shared/protocol/receipt-members.ts";
export { credits } from "./activity.ts";
export type { Answer, ClientErrorCode, EscrowError } from "./answer.ts";
export type { CallOptions, EscrowApi } from "./api.ts";
export { type Balances, balancesOf, OWN_FIGURES, type OwnFigure } from "./balances.ts";
export {
  type Difference,
  differenceText,
  type HandBackRefusal,
  handBack,
  handBackDifferences,
  MEMBER_WORDS,
  SUBMIT_MEMBERS,
} from "./hand-back.ts";
export type { Imported, ImportOptions } from "./held-state.ts";
export { engineUrl, type HttpOptions, httpApi } from "./http.ts";
export { type LocalOptions, localApi } from "./in-process.ts";
export { EscrowKeeper, type KeeperOptions } from "./keeper.ts";
export { type Jwks, type Verification, type VerifyFailure, verifyReceipt } from "./receipt-check.ts";
export { afterReceipt, type ReceiptTaken, settledJob } from "./receipt-import.ts";
export { keptBecause, removalRefusal, withoutJob } from "./removal.ts";
export type { ActionRequest, FormInput, SimulateRequest, TransitionRequest, VerifyRequest } from "./requests.ts";
export { checkSeal, SEAL_CHECK_PROOF_URL, type SealVerdict } from "./seal-check.ts";
export { openLink, PACK_BYTES_MAX, packText, readPackText, type Shared } from "./sharing.ts";
export { type ActionFields, afterAction, afterHandoff, type Done, isReceived } from "./state.ts";
export { TOP_UP_MAX, topUpRefusal } from "./top-up.ts";
