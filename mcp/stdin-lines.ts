/**
 * The stdio server's input, line by line, with JSON-RPC's parse error for a line that is not
 * JSON (id null, as JSON-RPC 2.0 answers a message it cannot read). The SDK's stdio transport
 * skips such a line without a word, which leaves a client waiting for an answer that never
 * comes. A tools/call or prompts/get whose arguments are not an object gets /mcp's invalid
 * params answer (shared/mcp/bad-arguments.ts), not the SDK's validator report; the other lines
 * that are JSON pass on to it unchanged. Bytes are decoded as a stream, so a
 * character split across two reads arrives whole; a line longer than the SDK's own buffer
 * bound is answered Invalid Request and dropped up to its end.
 */

import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import { badArguments } from "../shared/mcp/bad-arguments.ts";

const error = (code: number, message: string) =>
  `${JSON.stringify({ jsonrpc: "2.0", id: null, error: { code, message } })}\n`;
const PARSE_ERROR = error(-32700, "Parse error");

/** The longest line read: the SDK's stdio read buffer bound (10 MiB). */
const LINE_MAX = 10 * 1024 * 1024;

/** `input` with every line that is not JSON answered on `answer` and left out. */
export function jsonLines(input: NodeJS.ReadableStream, answer: (line: string) => void, lineMax = LINE_MAX): Transform {
  const decoder = new StringDecoder("utf8");
  let rest = "";
  /** True while the rest of a line too long to read is being dropped. */
  let dropping = false;
  const lines = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      let text = decoder.write(chunk);
      if (dropping) {
        const end = text.indexOf("\n");
        if (end < 0) return done();
        dropping = false;
        text = text.slice(end + 1);
      }
      const parts = (rest + text).split("\n");
      rest = parts.pop() ?? "";
      if (rest.length > lineMax) {
        answer(error(-32600, `Invalid Request: a line may hold at most ${lineMax} characters.`));
        rest = "";
        dropping = true;
      }
      let passed = "";
      for (const part of parts) {
        const line = part.replace(/\r$/, "");
        if (line.trim() === "") continue;
        let message: unknown;
        try {
          message = JSON.parse(line);
        } catch {
          answer(PARSE_ERROR);
          continue;
        }
        const refused = badArguments(message);
        if (refused) answer(`${JSON.stringify({ jsonrpc: "2.0", ...refused })}\n`);
        else passed += `${line}\n`;
      }
      done(null, passed === "" ? undefined : passed);
    },
  });
  input.pipe(lines);
  return lines;
}
