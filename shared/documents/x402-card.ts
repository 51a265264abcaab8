/**
 * What the discovery card and llms.txt say of x402 (D30): where an agent written for x402 funds a
 * job, the facilitator's URL as HTTPFacilitatorClient takes it, and the demo network's terms.
 */
import { absolute } from "../lib/absolute-url.ts";
import { ASSET_DOMAIN, DEMO_ASSET, DEMO_NETWORK } from "../x402/demo-network.ts";
import { X402_PATHS } from "../x402/x402-paths.ts";

/** One sentence on x402 here, for the card and llms.txt. */
export const X402_SENTENCE =
  "Fund a job over x402 (D30): the stock x402 client pays a 402 auth-capture escrow offer in demo credits on a network that is no chain, and the job is funded as transition funds it.";

/** The discovery card's x402 member. */
export const x402Card = (siteUrl: string) => ({
  summary: X402_SENTENCE,
  fund: absolute(siteUrl, X402_PATHS.fund),
  facilitator: absolute(siteUrl, X402_PATHS.fund.replace(/\/fund$/, "")),
  scheme: "auth-capture",
  payment_flow: "escrow",
  network: DEMO_NETWORK,
  asset: { address: DEMO_ASSET, name: ASSET_DOMAIN.name, version: ASSET_DOMAIN.version, decimals: 0 },
  spend_control: `client.setSpendControls({ allowedAssets: [{ network: "${DEMO_NETWORK}", asset: "${DEMO_ASSET}" }] })`,
  money: false,
});
