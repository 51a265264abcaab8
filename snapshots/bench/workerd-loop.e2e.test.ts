/**
 * scripts/bench/workerd-loop.ts takes an engine request apart inside workerd's isolate: each step
 * does what the one before it does and one thing more, so their differences are the parts of a
 * request. These tests hold the steps to what they claim: the answer step makes the Worker's own
 * answer (apart from the request id and what the clock decides), the sealed step seals and the run step does not, and the
 * table gives each step's addition to the one before it.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { ROOT } from "../../scripts/bench/servers.ts";
import { loopCases, startLoopWorker, stepTable } from "../../scripts/bench/workerd-loop.ts";

/** An answer without what the clock decides: the request's time, and the seal and signature over it (their headers kept). */
const timeless = (text: string): string =>
  text
    .replace(/"(resolvedAt|resolved)":"[^"]*"/g, '"$1":"…"')
    .replace(/"(seal|signature)":"([^".]*)\.[^"]*"/g, '"$1":"$2.…"');

describe("the loop Worker's steps, in workerd", () => {
  const cases = loopCases(["transition release", "error"]);
  let worker: Awaited<ReturnType<typeof startLoopWorker>>;
  beforeAll(async () => {
    worker = await startLoopWorker(cases);
  }, 60_000);
  afterAll(() => worker.dispose());

  const shown = async (step: string, name: string): Promise<string> => {
    const query = new URLSearchParams({ step, case: name, n: "2", show: "1" });
    const answer = await fetch(new URL(`/?${query}`, worker.url));
    expect(answer.status).toBe(200);
    return (await answer.text()).replace(/"request_id":"[^"]*"/, '"request_id":"…"');
  };

  test("the cases are the bench's engine cases the words pick", () => {
    expect(Object.keys(cases)).toEqual(["transition release", "error invalid_field"]);
  });

  test("the answer step's answer is the Worker's, on a success and on an error", async () => {
    for (const name of Object.keys(cases)) {
      const answer = await shown("answer", name);
      expect(timeless(answer), name).toBe(timeless(await shown("worker", name)));
      expect(answer.slice(0, 4)).toBe(name === "error invalid_field" ? "400 " : "200 ");
    }
  });

  test("the sealed step seals the job and signs the receipt; the run step does neither", async () => {
    const sealed = JSON.parse((await shown("sealed", "transition release")).slice(4));
    const plain = JSON.parse((await shown("run", "transition release")).slice(4));
    expect(typeof sealed.job.seal).toBe("string");
    expect(typeof sealed.receipt.signature).toBe("string");
    expect(plain.job.seal).toBeUndefined();
    expect(plain.receipt.signature).toBeUndefined();
    expect({ ...sealed.job, seal: undefined, resolvedAt: undefined }).toEqual({ ...plain.job, resolvedAt: undefined });
  });

  test("an unknown step or case is a 404, not a loop, and so is the other build's step when none was given", async () => {
    for (const query of ["step=nope&case=error%20invalid_field", "step=run&case=nope", "step=other&case=quote"]) {
      expect((await fetch(new URL(`/?${query}`, worker.url))).status).toBe(404);
    }
  });
});

describe("OTHER: another checkout's engine in the same isolate", () => {
  const cases = loopCases(["quote"]);
  let worker: Awaited<ReturnType<typeof startLoopWorker>>;
  beforeAll(async () => {
    // This checkout as the other one: the two engines must answer alike.
    worker = await startLoopWorker(cases, ROOT);
  }, 60_000);
  afterAll(() => worker.dispose());

  test("its step answers as this build's run step does", async () => {
    const text = async (step: string) =>
      (await fetch(new URL(`/?${new URLSearchParams({ step, case: "quote", n: "2", show: "1" })}`, worker.url))).text();
    const answer = await text("other");
    expect(answer.startsWith("200 {")).toBe(true);
    expect(timeless(answer)).toBe(timeless(await text("run")));
  });
});

test("the table gives each step's median and what it adds to the step before", () => {
  expect(stepTable({ request: [5, 6, 7], read: [20, 18, 19], run: [31, 30, 29] })).toEqual([
    { step: "request", micros: 6, added: null },
    { step: "read", micros: 19, added: 13 },
    { step: "run", micros: 30, added: 11 },
  ]);
});
