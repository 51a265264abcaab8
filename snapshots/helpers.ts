/**
 * Shared test helpers: a fixed clock and a predictable random source (STYLE 8), engine calls,
 * and fixture jobs in every status, built by walking the real engine.
 */
import { expect } from "bun:test";
import type { EngineContext, EngineResult } from "../shared/engine/context.ts";
import { run } from "../shared/engine/run.ts";
import { createHandler } from "../shared/http/handler.ts";
import type { EngineRoute } from "../shared/protocol/constants.ts";

/** The fixed clock of every test: 2026-01-01T00:00:00.000Z. */
export const NOW = Date.parse("2026-01-01T00:00:00.000Z");

/** A context with the fixed clock (or `now`) and a random source that counts: 0000000001, ... */
export function fixedContext(now: number = NOW): EngineContext {
  let counter = 0;
  return {
    now,
    randomHex: (length) => (++counter).toString(16).padStart(length, "0").slice(-length),
  };
}

/** Runs one engine with a JSON body (objects are stringified; strings and bytes go as they are). */
export function call(
  route: EngineRoute,
  body: unknown,
  headers: Record<string, string> = {},
  ctx: EngineContext = fixedContext(),
): EngineResult {
  const raw = typeof body === "string" || body instanceof Uint8Array ? body : JSON.stringify(body);
  return run(route, raw, new Headers(headers), ctx);
}

/** Asserts a success and returns its body. */
export function ok(result: EngineResult): Record<string, any> {
  expect(result.body.ok, JSON.stringify(result.body)).toBe(true);
  expect(result.status).toBe(200);
  return result.body as Record<string, any>;
}

/** Asserts a rejection with `error` (and `field` when given) and returns its body. */
export function rejected(result: EngineResult, error: string, field?: string): Record<string, any> {
  expect(result.body.error, JSON.stringify(result.body)).toBe(error);
  if (field !== undefined) expect(result.body.field).toBe(field);
  expect(result.body.ok).toBe(false);
  expect(result.body.mode).toBe("demo");
  expect(result.body.money).toBe(false);
  return result.body as Record<string, any>;
}

/** The create fields every fixture uses. */
export const CREATE = { title: "Summarise a paper", amount: 100, criteria: "Five bullet points" } as const;

/** Fixture jobs in every status, each produced by the engine itself from CREATE. */
export function jobsByStatus(amount: number = CREATE.amount) {
  const open = ok(call("transition", { action: "create", ...CREATE, amount })).job;
  const funded = ok(call("transition", { action: "fund", job: open, payer_credits: 1000 })).job;
  const submitted = ok(
    call("transition", { action: "submit", job: funded, proof_url: "https://example.com/proof" }),
  ).job;
  const released = ok(call("transition", { action: "release", job: submitted })).job;
  const disputed = ok(call("transition", { action: "dispute", job: submitted })).job;
  return { open, funded, submitted, released, disputed } as Record<
    "open" | "funded" | "submitted" | "released" | "disputed",
    Record<string, any>
  >;
}

/** A handler with the fixed clock, for HTTP-level tests without a server (like hono's app.request). */
export function testHandler(now: number = NOW) {
  const ctx = fixedContext(now);
  return createHandler({ now: () => ctx.now, randomHex: ctx.randomHex });
}
