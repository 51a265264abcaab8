/**
 * The bench's `x402 fund` case (scripts/bench/x402-case.ts, x402-target.ts; D30): its paid request
 * funds the bench's job on a service with the servers' key, its payment lasts any run, its unpaid
 * twin funds the same job through transition, and its target is 1.3 recoveries of added server
 * CPU, rounded against the case. No server starts; nothing here measures time.
 */
import { describe, expect, test } from "bun:test";
import { decodePaymentResponseHeader } from "@x402/core/http";
import { x402IdentityOf } from "../../keys/x402-keys.ts";
import { SIGNING_KEY, signer } from "../../scripts/bench/cases.ts";
import type { Side, X402FundResult } from "../../scripts/bench/results.ts";
import { PAID_FUND, PAYMENT, UNPAID_TWIN } from "../../scripts/bench/x402-case.ts";
import { x402Check, x402Table } from "../../scripts/bench/x402-target.ts";
import { createHandler } from "../../shared/http/service.ts";
import { nobleRecover } from "../../shared/x402/recover.ts";

type Body = Record<string, any>;

let counter = 0;
const service = createHandler({
  now: Date.now,
  randomHex: (length) => (counter++).toString(16).padStart(length, "0"),
  sealing: { mode: "on", signer },
  x402: { identity: x402IdentityOf(SIGNING_KEY), recover: nobleRecover },
});

const send = (target: typeof PAID_FUND): Promise<Response> =>
  service(
    new Request(`http://127.0.0.1${target.path}`, {
      method: target.method,
      headers: { "Content-Type": "application/json", ...target.headers },
      body: target.body!,
    }),
  );

describe("the x402 fund case", () => {
  test("its payment funds the bench's job, with PAYMENT-RESPONSE, on a service with the servers' key", async () => {
    const answer = await send(PAID_FUND);
    expect(answer.status).toBe(200);
    const settled = decodePaymentResponseHeader(answer.headers.get("PAYMENT-RESPONSE")!);
    expect(settled.success).toBe(true);
    const { job } = (await answer.json()) as Body;
    expect(job.status).toBe("funded");
    expect(job.x402Payment).toBe(settled.transaction);
  });

  test("the payment stays good for more than an hour, so a long run measures paid funds throughout", () => {
    const { validBefore } = (PAYMENT.payload as { authorization: { validBefore: string } }).authorization;
    expect(Number(validBefore)).toBeGreaterThan(Date.now() / 1000 + 3_600);
  });

  test("its twin funds the same job through transition, unpaid", async () => {
    const paid = ((await (await send(PAID_FUND)).json()) as Body).job;
    const answer = await send(UNPAID_TWIN);
    expect(answer.status).toBe(200);
    const { job } = (await answer.json()) as Body;
    expect(job.id).toBe(paid.id);
    expect(job.status).toBe("funded");
    expect(job.x402Payment).toBeUndefined();
  });
});

/** A side whose rounds have these CPU µs per request. */
const side = (label: string, cpus: (number | null)[]): Side => ({
  label,
  rps: 1000,
  p50Ms: 1,
  p99Ms: 3,
  worstP99Ms: 3,
  cpuUsPerRequest: cpus[0]!,
  errors: 0,
  non2xx: 0,
  rounds: cpus.map((cpu) => ({ rps: 1000, p50Ms: 1, p99Ms: 3, cpuUsPerRequest: cpu })),
});

const result = (added: number | null): X402FundResult => ({
  name: "x402 fund",
  paid: side("x402 fund", [added === null ? null : 40 + added]),
  unpaid: side("transition fund", [40]),
  addedCpuUs: added,
  addedCpuRange: added === null ? null : { min: added, max: added },
  recovery: { method: "test", runs: [200, 200], median: 200, min: 200, max: 200 },
});

describe("the x402 fund target", () => {
  test("added server CPU at most 1.3 recoveries, rounded against the case", () => {
    expect(x402Check(result(260)).met).toBe(true);
    expect(x402Check(result(260)).target).toBe("<= 1.3 × 200.0 = 260.0");
    // 260.01 would print 260.0 against "<= 260.0".
    expect([x402Check(result(260.01)).value.split(" ")[0], x402Check(result(260.01)).met]).toEqual(["260.1", false]);
  });

  test("no CPU figure (off Linux) is not met", () => {
    expect(x402Check(result(null))).toMatchObject({ value: "n/a", met: false });
  });

  test("the table gives both sides, the added CPU, the recovery and the verdict", () => {
    expect(x402Table(result(300))).toMatchSnapshot();
  });
});
