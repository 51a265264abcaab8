/** /api/quickstart.json: the ordered walk with ready-to-run bodies and curl lines. */

import { absolute } from "../lib/absolute-url.ts";
import { enginePath, MODE, MONEY, STARTING_CREDITS } from "../protocol/constants.ts";
import { FEE_TEXT } from "../protocol/fees.ts";
import { X402_PATHS } from "../x402/x402-paths.ts";
import { demoWalk } from "./walk.ts";

/** A curl line that POSTs `body` as JSON (single quotes in the JSON are escaped for the shell). */
function curlPost(url: string, body: unknown): string {
  const json = JSON.stringify(body).replaceAll("'", "'\\''");
  return `curl -s -X POST '${url}' -H 'Content-Type: application/json' -d '${json}'`;
}

/** The quickstart document. */
export function quickstart(siteUrl: string) {
  const walk = demoWalk();
  const { action, title, amount, criteria } = walk.create;
  const post = (
    step: number,
    name: string,
    route: "quote" | "transition",
    body: Record<string, unknown>,
    expect: Record<string, unknown>,
    note: string,
  ) => {
    const url = absolute(siteUrl, enginePath(route));
    return { step, name, method: "POST", url, body, curl: curlPost(url, body), expect, note };
  };
  const discovery = absolute(siteUrl, "/.well-known/agent.json");
  return {
    mode: MODE,
    money: MONEY,
    summary:
      "Walk one job from create to release (or dispute). The client keeps the job and the balances and sends the job back on every call.",
    client_state: {
      payer_credits: `Start with ${STARTING_CREDITS}. Replace it with payer_credits from each response.`,
      agent_wallet: "Start with 0. Add agent_credits_delta after a release; unchanged after a dispute.",
      job: "Keep the job from each response and send it back as `job` on the next action, exactly as it came: the same members, names and order, and its seal when it has one (D27). The jobs in these ready bodies carry no seal (documents are built without the deployment's key), so their receipts come back unsigned: carry the job your own last answer gave.",
    },
    steps: [
      {
        step: 1,
        name: "discovery",
        method: "GET",
        url: discovery,
        curl: `curl -s '${discovery}'`,
        note: "Read the agent card: every document and engine.",
      },
      post(
        2,
        "quote",
        "quote",
        { action, title, amount, criteria },
        { next_status: "open" },
        "Dry run of create: validated fields, no id, nothing changes.",
      ),
      post(
        3,
        "create",
        "transition",
        walk.create,
        { "job.status": "open", "job.id": walk.created.job.id, idempotent: true },
        "Creates the job. With an idempotency key the id is derived from it (same key and fields, same id).",
      ),
      post(
        4,
        "fund",
        "transition",
        walk.fund,
        { "job.status": "funded", payer_credits: walk.funded.payer_credits },
        "Holds the amount in escrow: payer credits drop by the amount. No fee.",
      ),
      post(
        5,
        "prove",
        "transition",
        walk.submit,
        { "job.status": "submitted" },
        "The agent submits proof (a URL and an optional note).",
      ),
      post(
        6,
        "release",
        "transition",
        walk.release,
        {
          "job.status": "released",
          fee: walk.released.fee,
          agent_payout: walk.released.agent_payout,
          agent_credits_delta: walk.released.agent_credits_delta,
        },
        `The payer releases: ${FEE_TEXT} fee, the rest to the agent wallet. A receipt comes back.`,
      ),
      {
        ...post(
          7,
          "dispute",
          "transition",
          walk.dispute,
          {
            "job.status": "disputed",
            returned_to_payer: walk.disputed.returned_to_payer,
            payer_credits: walk.disputed.payer_credits,
          },
          "Instead of step 6: the payer disputes, the full amount returns, no fee.",
        ),
        optional: true,
      },
    ],
    next: {
      simulate: { url: absolute(siteUrl, enginePath("simulate")), note: "Runs steps 3 to 6 (or 7) in one request." },
      verify: {
        url: absolute(siteUrl, enginePath("verify")),
        body: { receipt: walk.released.receipt },
        note: "Recomputes the fee math of a receipt.",
      },
      x402: {
        url: absolute(siteUrl, X402_PATHS.fund),
        note: "Step 4 paid over x402 (D30): the same fund body, sent with a stock x402 client, gets a 402 auth-capture offer in demo credits and, paid, the same answer.",
      },
    },
  };
}
