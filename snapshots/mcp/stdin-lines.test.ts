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

  test("answers a line past the bound once with -32600, drops it to its end, and reads the next", async () => {
    const long = Buffer.from(`{"a":"${"x".repeat(100)}`);
    const { passed, answered } = await read([long, Buffer.from("x".repeat(50)), Buffer.from('x"}\n{"b":2}\n')], 64);
    expect(passed).toBe('{"b":2}\n');
    expect(answered.map((line) => JSON.parse(line).error)).toEqual([
      { code: -32600, message: "Invalid Request: a line may hold at most 64 characters." },
    ]);
  });
});
