/**
 * How a process of this project stops a start it cannot make (a setting it cannot read, an
 * address it cannot listen on): one line on stderr and exit code 1, no stack trace, what an
 * operator needs to fix it. The API hosts and the stdio MCP server alike.
 */
import process from "node:process";

export function refuseToStart(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}
