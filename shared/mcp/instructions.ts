/**
 * What the MCP server tells a client at initialize (D24): how to hold the job between calls and
 * which tool to reach for. The remote endpoint and the stdio server both say it; the stdio
 * server adds a sentence about its wallet.
 */

/** The server's instructions to an MCP client. */
export const MCP_INSTRUCTIONS =
  "Stateless demo escrow for agent jobs: no money moves and the service stores nothing. Keep the job from each answer and send it back as `job` on the next call. Call escrow_quote before escrow_transition to see the money impact; escrow_simulate runs a whole walk; escrow_verify checks a receipt's figures. A refusal is a result with isError and the catalog error (error, message, field).";
