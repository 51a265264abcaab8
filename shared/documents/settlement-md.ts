/**
 * /SETTLEMENT.md: the protocol for humans, rendered from the same object as
 * /api/settlement.json, so the two cannot say different things.
 */
import { MCP_PATH } from "../protocol/constants.ts";
import { ERROR_CATALOG } from "../protocol/errors.ts";
import { absolute } from "./document-list.ts";
import { settlement } from "./settlement.ts";

const cell = (value: unknown): string =>
  (value === null ? "(none)" : String(value)).replaceAll("|", "\\|").replaceAll("\n", " ");

const table = (headers: string[], rows: unknown[][]): string =>
  [
    `| ${headers.join(" | ")} |`,
    `|${headers.map(() => "---").join("|")}|`,
    ...rows.map((row) => `| ${row.map(cell).join(" | ")} |`),
  ].join("\n");

/** The Markdown document. */
export function settlementMd(siteUrl: string): string {
  const s = settlement();
  const engines = Object.entries(s.engines);
  return [
    `# ${s.service} settlement protocol (version ${s.version})`,
    "",
    `> ${s.summary}`,
    "",
    `Every response carries \`"mode": "${s.mode}"\` and \`"money": ${s.money}\`. Machine-readable twin: [settlement.json](${absolute(siteUrl, "/api/settlement.json")}). API description: [OpenAPI 3.1](${absolute(siteUrl, "/openapi.json")}). The engines as MCP tools (Streamable HTTP, stateless): [${absolute(siteUrl, MCP_PATH)}](${absolute(siteUrl, MCP_PATH)}).`,
    "",
    "## States and transitions",
    "",
    `States: ${s.statuses.join(", ")}. ${s.terminal_statuses.join(" and ")} are terminal. One job walks: ${s.walk}.`,
    "",
    table(
      ["From", "Action", "Condition", "To", "Also happens"],
      s.transitions.map((t) => [t.from, t.action, t.condition, t.to, t.also]),
    ),
    "",
    s.other_combinations,
    "",
    "## Fees",
    "",
    table(
      ["Event", "Rule"],
      [
        [
          "release",
          `fee = ${s.fees.release.fee}; agent_payout = ${s.fees.release.agent_payout}; agent_credits_delta = agent_payout`,
        ],
        ["dispute", "fee 0, agent_payout 0; returned_to_payer = amount"],
        ["fund", "no fee; the full amount is held in escrow"],
        ["top_up", "no fee (client-side)"],
      ],
    ),
    "",
    "## What the client keeps",
    "",
    ...Object.entries(s.client_state).map(([name, rule]) => `- **${name}**: ${rule}`),
    "",
    "## Engines",
    "",
    ...engines.map(([name, engine]) => `- **POST ${engine.path}** (${name}): ${engine.does}`),
    "",
    "## Action bodies",
    "",
    table(
      ["action", "job status needed", "required", "optional"],
      Object.entries(s.request.actions).map(([action, a]) => [
        action,
        a.requires ?? "(none)",
        a.required.join(", "),
        a.optional.join(", "),
      ]),
    ),
    "",
    `Simulate: required ${s.request.simulate.required.join(", ")}; optional ${s.request.simulate.optional.join(", ")}. No action and no job.`,
    "",
    "Verify:",
    "",
    ...s.request.verify.rules.map((rule) => `- ${rule}`),
    "",
    "## Request fields",
    "",
    table(
      ["Field", "Type", "Aliases", "Rule"],
      s.request.fields.map((f) => [
        f.name,
        f.type,
        "aliases" in f && f.aliases ? (f.aliases as readonly string[]).join(", ") : "",
        f.rule,
      ]),
    ),
    "",
    "## Job (response form)",
    "",
    `${s.job.form}.`,
    "",
    table(
      ["Field", "Type", "Rule"],
      s.job.fields.map((f) => [f.name, f.type, f.rule]),
    ),
    "",
    "## Receipt",
    "",
    `${s.receipt.form}. A receipt is not proof of payment.`,
    "",
    table(
      ["Field", "Source"],
      s.receipt.fields.map((f) => [f.name, f.source]),
    ),
    "",
    "## Limits",
    "",
    table(
      ["Item", "Limit"],
      Object.entries(s.limits).map(([item, limit]) => [item, limit]),
    ),
    "",
    "## Documents over HTTP",
    "",
    `${s.documents.caching} ${s.documents.compression}`,
    "",
    "## Authentication",
    "",
    `Optional. Send ${s.authentication.headers.join(" or ")}. key_id = ${s.authentication.key_id}. ${s.authentication.note}`,
    "",
    "## Errors",
    "",
    table(
      ["Code", "HTTP", "Kind", "Message", "Extra fields"],
      Object.entries(ERROR_CATALOG).map(([code, e]) => [code, e.status, e.kind, e.message, e.extra.join(", ")]),
    ),
    "",
    `Full catalog: [errors.json](${absolute(siteUrl, "/api/errors.json")}).`,
    "",
    "## Share links (reference UI)",
    "",
    `Job handoff: \`${s.tokens.handoff.prefix}\` + ${s.tokens.encoding} of ${s.tokens.handoff.carries}, in ${s.tokens.handoff.where.join(" or ")}. Receipt: \`${s.tokens.receipt.prefix}\` + the same encoding of ${s.tokens.receipt.carries}, in ${s.tokens.receipt.where.join(" or ")}. Never in a token: ${s.tokens.excluded.join(", ")}.`,
    "",
    table(["Job member", "Short key"], Object.entries(s.tokens.handoff.job_keys)),
    "",
    `${s.tokens.handoff.extra_note} Extra keys: ${Object.entries(s.tokens.handoff.extra_job_keys)
      .map(([long, short]) => `${long} → ${short}`)
      .join(", ")}. ${s.tokens.checks}`,
    "",
    table(["Receipt field", "Short key"], Object.entries(s.tokens.receipt.receipt_keys)),
    "",
    s.tokens.seals,
    "",
    "## Demo pack (reference UI)",
    "",
    `One JSON file: ${s.demo_pack.fields.join(", ")}, with format \`${s.demo_pack.format}\` and version ${s.demo_pack.version}. ${s.demo_pack.rules}`,
    "",
    "## Decisions",
    "",
    "Where the interface specification is silent, these rules hold. Numbers are stable.",
    "",
    ...Object.entries(s.decisions).map(([number, rule]) => `- **${number}.** ${rule}`),
    "",
  ].join("\n");
}
