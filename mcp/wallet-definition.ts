/**
 * A wallet tool as tools/list gives it: its input schema made of the row's properties (closed
 * when it has none), its output schema by the row's outcome (wallet-schemas.ts), and the hints
 * hosts use to decide when to ask a person, read from the row's readOnly, idempotent and confirm
 * (why each hint is true: wallet-tools.ts).
 */
import type { ToolDefinition } from "../shared/mcp/tools.ts";
import { walletOutputSchema } from "./wallet-schemas.ts";
import type { WalletTool } from "./wallet-tools.ts";

/** The tool as tools/list gives it. */
export const definition = (tool: WalletTool): ToolDefinition => ({
  name: tool.name,
  title: tool.title,
  description: tool.description,
  inputSchema: {
    type: "object",
    properties: tool.properties,
    ...(tool.required && { required: tool.required }),
    // A tool of no arguments says so: an open empty object is one the Agents SDK cannot make strict.
    ...(Object.keys(tool.properties).length === 0 && { additionalProperties: false }),
  },
  outputSchema: walletOutputSchema(tool.outcome),
  annotations: {
    readOnlyHint: tool.readOnly === true,
    destructiveHint: tool.confirm !== undefined,
    idempotentHint: tool.readOnly === true || tool.idempotent === true,
    openWorldHint: false,
  },
});
