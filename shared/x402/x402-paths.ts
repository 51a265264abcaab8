/**
 * The x402 paths (D30), by what they answer: the fund route and the demo network's facilitator
 * under /api/v0/x402 (x402 v2 §7, as HTTPFacilitatorClient calls it). Known to the route table
 * (shared/http/x402-routes.ts) and the documents that describe them, apart from both.
 */
export const X402_PATHS = {
  fund: "/api/v0/x402/fund",
  supported: "/api/v0/x402/supported",
  verify: "/api/v0/x402/verify",
  settle: "/api/v0/x402/settle",
} as const;
