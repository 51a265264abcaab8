/**
 * What the MCP server tells a client at initialize (D24): how to hold the job between calls
 * (exactly as returned, so that its seal holds, D27) and which tool to reach for. The remote
 * endpoint and the stdio server both say it; the stdio server adds a sentence about its wallet.
 */
import { SEND_JOB_BACK } from "../protocol/integrity-members.ts";

/** The server's instructions to an MCP client. */
export const MCP_INSTRUCTIONS = `Stateless demo escrow for agent jobs: no money moves and the service stores nothing. Keep the job from each answer for the next call, as \`job\`. ${SEND_JOB_BACK} A changed job loses its seal, and its receipt is then unsigned. Call escrow_quote before escrow_transition to see the money impact; escrow_simulate runs a whole walk; escrow_validate checks a body (and whether a job's seal holds: seal_valid); escrow_verify checks a receipt's figures (and its signature: signature_valid). A refusal is a result with isError and the catalog error (error, message, field).`;
