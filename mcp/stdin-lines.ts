/**
 * The stdio server's input, line by line, with JSON-RPC's parse error for a line that is not
 * JSON (id null, as JSON-RPC 2.0 answers a message it cannot read). The SDK's stdio transport
 * skips such a line without a word, which leaves a client waiting for an answer that never
 * comes; the lines that are JSON pass on to it unchanged.
 */
import { Transform } from "node:stream";

const PARSE_ERROR = `${JSON.stringify({ jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error" } })}\n`;

/** `input` with every line that is not JSON answered on `answer` and left out. */
export function jsonLines(input: NodeJS.ReadableStream, answer: (line: string) => void): Transform {
  let rest = "";
  const lines = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const parts = (rest + chunk.toString("utf8")).split("\n");
      rest = parts.pop() ?? "";
      let passed = "";
      for (const part of parts) {
        const line = part.replace(/\r$/, "");
        if (line.trim() === "") continue;
        try {
          JSON.parse(line);
          passed += `${line}\n`;
        } catch {
          answer(PARSE_ERROR);
        }
      }
      done(null, passed === "" ? undefined : passed);
    },
  });
  input.pipe(lines);
  return lines;
}
