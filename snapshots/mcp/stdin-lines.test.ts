/**
 * The stdio server's line reader (mcp/stdin-lines.ts): a character split across two reads
 * arrives whole, a line that is not JSON is answered -32700, and a line past the bound is
 * answered -32600 once and dropped up to its end, the next line read as usual.
 */
import { describe, expect, test } from "bun:test";
import { PassThrough } from "node:stream";
import { jsonLines } from "../../mcp/stdin-lines.ts";

/** What passes through, and what is answered, for `chunks` written one by one. */
async function read(chunks: Buffer[], lineMax?: number): Promise<{ passed: string; answered: string[] }> {
  const input = new PassThrough();
  const answered: string[] = [];
  const out = jsonLines(input, (line) => answered.push(line), lineMax);
  let passed = "";
  out.on("data", (data: Buffer | string) => {
    passed += data.toString();
  });
  for (const chunk of chunks) input.write(chunk);
  input.end();
  await new Promise((done) => out.on("end", done));
  return { passed, answered };
}

describe("the stdio line reader", () => {
  test("passes a character split across two reads whole", async () => {
    const bytes = Buffer.from('{"params":{"t":"é"}}\n', "utf8");
    const cut = bytes.indexOf(0xa9); // inside é (c3 a9)
    const { passed, answered } = await read([bytes.subarray(0, cut), bytes.subarray(cut)]);
    expect(passed).toBe('{"params":{"t":"é"}}\n');
    expect(answered).toEqual([]);
  });

  test("answers a line that is not JSON with -32700 and passes the next", async () => {
    const { passed, answered } = await read([Buffer.from('nope\n{"a":1}\n')]);
    expect(passed).toBe('{"a":1}\n');
    expect(answered.map((line) => JSON.parse(line).error.code)).toEqual([-32700]);
  });

  test("answers a tools/call or prompts/get whose arguments are not an object with -32602, its id, and passes the rest", async () => {
    const lines = [
      { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "t", arguments: [1] } },
      { jsonrpc: "2.0", id: 2, method: "prompts/get", params: { name: "p", arguments: null } },
      { jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "t", arguments: {} } },
      { jsonrpc: "2.0", id: 4, method: "tools/call", params: { name: "t" } },
    ].map((m) => JSON.stringify(m));
    const { passed, answered } = await read([Buffer.from(`${lines.join("\n")}\n`)]);
    expect(passed).toBe(`${lines[2]}\n${lines[3]}\n`);
    expect(answered.map((line) => JSON.parse(line))).toEqual([
      { jsonrpc: "2.0", id: 1, error: { code: -32602, message: expect.stringContaining("not an array;") } },
      { jsonrpc: "2.0", id: 2, error: { code: -32602, message: expect.stringContaining("not null;") } },
    ]);
  });

  test("answers a line past the bound once with -32600, drops it to its end, and reads the next", async () => {
    const long = Buffer.from(`{"a":"${"x".repeat(100)}`);
    const { passed, answered } = await read([long, Buffer.from("x".repeat(50)), Buffer.from('x"}\n{"b":2}\n')], 64);
    expect(passed).toBe('{"b":2}\n');
    expect(answered.map((line) => JSON.parse(line).error)).toEqual([
      { code: -32600, message: "Invalid Request: a line may hold at most 64 characters." },
    ]);
  });
});
