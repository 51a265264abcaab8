/**
 * The output schemas of the wallet tools: each tool's success (what it did, and the wallet
 * after it) or a refusal in the engine tools' shape, the catalog's error body (D8), whose
 * `error` is a catalog code or, for a confirmation the person declined, `declined` (D24). Built
 * from the engines' response schemas, written out whole (an MCP client validates them alone).
 */
import { OWN_FIGURES } from "../client/index.ts";
import { inlinedAnswers } from "../shared/mcp/tools.ts";
import { errorBodySchema } from "../shared/schemas/answer-schemas.ts";
import type { Schema } from "../shared/schemas/convert.ts";

/** What a wallet success carries beside the wallet. */
export type WalletOutcome = "none" | "transition" | "credits" | "link" | "shared";

const credits: Schema = { type: "integer", minimum: 0 };

/** The wallet after the call: its balances, its jobs, and which pack holds it (never the path). */
const WALLET: Schema = {
  type: "object",
  required: ["balances", "jobs", "pack"],
  properties: {
    balances: {
      type: "object",
      description:
        "payerCredits + inEscrow + agentWallet + feesPaid add up to the starting credits plus top-ups. receivedInEscrow is the escrow of the jobs received through a handoff link: their payers' credits, in none of the four (D28).",
      required: [...OWN_FIGURES, "receivedInEscrow"],
      properties: { ...Object.fromEntries(OWN_FIGURES.map((f) => [f, credits])), receivedInEscrow: credits },
    },
    jobs: {
      type: "array",
      items: {
        type: "object",
        required: ["id", "title", "amount", "status", "received"],
        properties: {
          id: { type: "string" },
          title: { type: "string" },
          amount: credits,
          status: { type: "string" },
          received: {
            type: "boolean",
            description:
              "True for a job received through a handoff link: its payer is someone else, so only submit and handing it back are this wallet's (D28).",
          },
        },
      },
    },
    pack: {
      type: "object",
      required: ["file", "from"],
      description: "The pack file's name, and whether ESCROW_PACK named it or it is the default.",
      properties: { file: { type: "string" }, from: { enum: ["ESCROW_PACK", "default"] } },
    },
  },
};

/** A refusal: the catalog error body, with `declined` beside the catalog codes. */
function refusal(): Schema {
  const body = errorBodySchema();
  const properties = body.properties as Record<string, Schema>;
  const codes = (properties.error as { enum: string[] }).enum;
  return { ...body, properties: { ...properties, error: { type: "string", enum: [...codes, "declined"] } } };
}

/** Adds `ok: true` and the wallet to a success schema. */
function withWallet(success: Schema): Schema {
  const properties = (success.properties ?? {}) as Record<string, Schema>;
  const required = (success.required ?? []) as string[];
  return {
    ...success,
    type: "object",
    required: [...new Set(["ok", ...required, "wallet"])],
    properties: { ...properties, ok: { const: true }, wallet: WALLET },
  };
}

let SUCCESSES: Record<WalletOutcome, Schema> | undefined;
let REFUSAL: Schema | undefined;

function successes(): Record<WalletOutcome, Schema> {
  const answer = inlinedAnswers().TransitionResponse;
  const members = answer.properties as Record<string, Schema>;
  return {
    none: withWallet({}),
    transition: withWallet(answer),
    credits: withWallet({ required: ["payerCredits"], properties: { payerCredits: credits } }),
    link: withWallet({ required: ["link"], properties: { link: { type: "string" } } }),
    shared: withWallet({
      required: ["kind"],
      properties: {
        kind: { enum: ["handoff", "receipt"] },
        job: members.job!,
        receipt: members.receipt!,
        changed: {
          type: "boolean",
          description: "False when the link brought nothing new (the same job or receipt again): nothing changed.",
        },
        settled: {
          ...members.job!,
          description:
            "The job a receipt settled: held here funded or submitted, now as its receipt says (its signature holds).",
        },
      },
    }),
  };
}

/** The output schema of a wallet tool whose success is `outcome`. */
export function walletOutputSchema(outcome: WalletOutcome): Schema & { type: "object" } {
  SUCCESSES ??= successes();
  REFUSAL ??= refusal();
  return { type: "object", anyOf: [SUCCESSES[outcome], REFUSAL] };
}
