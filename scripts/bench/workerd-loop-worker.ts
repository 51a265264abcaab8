/**
 * The Worker of workerd-loop.ts: an engine request taken apart inside workerd's isolate, where
 * no HTTP stands between it and the CPU count. `GET /?step=<step>&case=<name>&n=<calls>` builds
 * the case's request (LOOP_CASES, a binding: `{ name: { path, body } }`) and repeats one step
 * `n` times in a loop. Each step does what the one before it does, and one thing more, so the
 * differences of their CPU times are the parts of a request:
 *
 *   request  the Request alone, as workerd hands one to a Worker
 *   read     and its body read whole (shared/http/engine.ts `limitedBody`, as the service reads it)
 *   run      and the engine on those bytes, without seals (shared/engine/run.ts)
 *   sealed   the same with the seals on, by the Worker's own MAC (D27)
 *   answer   the service's engine answer instead (shared/http/engine.ts `engineAnswer`: read, run, JSON)
 *   worker   the Worker itself instead (api/workers/worker.ts: the service, its exchange, the exit)
 *
 * Beside them, `other` is the run step with another build's engine (its `run` and header reader,
 * given by `setOther` in an entry workerd-loop.ts writes for OTHER=<checkout>), in the same isolate.
 *
 * No step reads the answer's body: workerd writes it to the socket, outside JavaScript. With
 * `show=1` a step answers its last answer's status and text instead of a count, so that a test
 * can hold the steps to the Worker's own answer.
 */
import { cryptoRandomHex } from "../../api/host/random-hex.ts";
import type { WorkerContext, WorkerEnv } from "../../api/workers/worker.ts";
import worker from "../../api/workers/worker.ts";
import { sealingOf, signingSettings } from "../../keys/key-settings.ts";
import { run } from "../../shared/engine/run.ts";
import { type EngineAnswer, engineAnswer, limitedBody } from "../../shared/http/engine.ts";
import { HeaderTextReader } from "../../shared/http/header-text.ts";
import { toResponse } from "../../shared/http/responses.ts";
import { hmacSha256 } from "../../shared/lib/hmac-sha256.ts";
import type { EngineRoute } from "../../shared/protocol/constants.ts";
import type { Sealing } from "../../shared/seal/signer.ts";

/** What a step is given: the request, its case's route, the isolate's sealing, env and context. */
interface Call {
  request: Request;
  route: EngineRoute;
  sealing: Sealing;
  env: WorkerEnv;
  ctx: WorkerContext;
}

/** An engine as a build's modules export it: this one's, or another's (older builds type their arguments otherwise). */
interface Engine {
  run(route: EngineRoute, body: Uint8Array, headers: unknown, context: object): ReturnType<typeof run>;
  HeaderTextReader: new (headers: Headers) => unknown;
}
const OWN: Engine = { run, HeaderTextReader };
let other: Engine | undefined;

/** Gives the `other` step its engine (workerd-loop.ts's entry for OTHER). */
export const setOther = (engine: Engine): void => {
  other = engine;
};

/** `engine` on the request's body, read as the service reads a framed body, with or without seals. */
async function engineOn({ request, route, sealing }: Call, sealed: boolean, engine: Engine = OWN) {
  const body = await limitedBody(request, true);
  const context = { now: Date.now(), randomHex: cryptoRandomHex, sealing: sealed ? sealing : undefined };
  return engine.run(route, body!, new engine.HeaderTextReader(request.headers), context);
}

/** The service's engine answer (shared/http/engine.ts), made once the isolate's sealing is known. */
let engineAnswered: EngineAnswer | undefined;
const answerOf = ({ request, route, sealing }: Call): Promise<Response> => {
  engineAnswered ??= engineAnswer({ now: Date.now, randomHex: cryptoRandomHex, sealing, trustContentLength: true });
  return engineAnswered(route, request, "0123456789abcdef");
};

/** Each step, in order: each does what the one before it does, and one thing more. */
export const STEPS = {
  request: ({ request }: Call) => request.method,
  read: ({ request }: Call) => limitedBody(request, true),
  run: (call: Call) => engineOn(call, false),
  sealed: (call: Call) => engineOn(call, true),
  answer: answerOf,
  worker: ({ request, env, ctx }: Call) => worker.fetch(request, env, ctx),
} as const;

/** The run step with the other build's engine. */
const otherEngine = (call: Call) => engineOn(call, false, other);

let sealing: Sealing | undefined;

export default {
  async fetch(request: Request, env: WorkerEnv & { LOOP_CASES: string }, ctx: WorkerContext): Promise<Response> {
    const query = new URL(request.url).searchParams;
    const name = query.get("step");
    const step = name === "other" ? other && otherEngine : STEPS[name as keyof typeof STEPS];
    const loopCase = (JSON.parse(env.LOOP_CASES) as Record<string, { path: string; body: string }>)[
      query.get("case") ?? ""
    ];
    if (step === undefined || loopCase === undefined) return new Response("no such step or case", { status: 404 });
    sealing ??= sealingOf(signingSettings({ SEALS: env.SEALS, SIGNING_KEY: env.SIGNING_KEY }), hmacSha256) as Sealing;
    const route = loopCase.path.slice(loopCase.path.lastIndexOf("/") + 1) as EngineRoute;
    const headers = { "Content-Type": "application/json", "Content-Length": String(utf8Bytes(loopCase.body)) };
    const calls = Number(query.get("n") ?? 1);
    let last: unknown;
    for (let i = 0; i < calls; i++) {
      const init = { method: "POST", headers, body: loopCase.body };
      last = await step({ request: new Request(`http://127.0.0.1${loopCase.path}`, init), route, sealing, env, ctx });
    }
    if (query.get("show") !== "1") return new Response(String(calls));
    const answer = last instanceof Response ? last : isResult(last) ? toResponse(last, "0123456789abcdef") : undefined;
    return new Response(answer ? `${answer.status} ${await answer.text()}` : String(last));
  },
};

const utf8Bytes = (text: string): number => new TextEncoder().encode(text).length;
const isResult = (value: unknown): value is ReturnType<typeof run> =>
  typeof value === "object" && value !== null && "status" in value && "body" in value;
