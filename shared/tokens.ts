/**
 * Share-link tokens of the reference UI (D19): `h1.` (job handoff) and `r1.` (receipt) +
 * base64url without padding of compact JSON `{ "v": 1, ... }` with short keys, compatible with
 * the first public deployment. The maps are published in /api/settlement.json.
 */

/** Job member -> short key inside a handoff token. */
export const HANDOFF_KEYS = {
  id: "id",
  title: "t",
  amount: "a",
  criteria: "c",
  proofUrl: "p",
  status: "s",
  createdAt: "ca",
  fundedAt: "fa",
  submittedAt: "sa",
  resolvedAt: "ra",
  fee: "f",
  agentPayout: "ap",
  releaseNote: "rn",
  disputeReason: "dr",
} as const;

/** Receipt field -> short key inside a receipt token. */
export const RECEIPT_KEYS = {
  job_id: "j",
  title: "t",
  status: "s",
  amount: "a",
  release_fee: "f",
  agent_payout: "ap",
  returned_to_payer: "rp",
  success_criteria: "c",
  proof: "p",
  created: "ca",
  funded: "fa",
  submitted: "sa",
  resolved: "ra",
  key_id: "k",
  client_ref: "cr",
  callback_url: "cb",
  proof_note: "pn",
  release_note: "rn",
  dispute_reason: "dr",
} as const;

/** Token prefixes, versioned (SPEC "Versioning"). */
export const TOKEN_PREFIX = { handoff: "h1.", receipt: "r1." } as const;
