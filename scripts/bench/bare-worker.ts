/**
 * The bare Worker of `bun run bench` with BENCH_WORKERD=1: the same-answer floor in workerd, as
 * floor-server.ts is on Bun. Served by scripts/bench/workerd.ts (WORKER_MAIN) with the service's
 * own wrangler.jsonc (compatibility date, flags), it reads each request as the Worker does (a
 * POST's whole body) and sends, for every request, the exact answer the Worker gave to the
 * case's request: its status, its headers (but Content-Length, which workerd writes itself;
 * X-Request-Id as a constant of the same length) and its body bytes, a compressed body as it is
 * (`encodeBody: "manual"`, as the Worker sends it). The answer comes in the FLOOR_ANSWER binding,
 * `{ status, headers: [[name, value], ...], body: base64 }` (measure.ts, floorAnswer), and is
 * decoded once per isolate; the body goes out as a Blob, the cheapest constant bytes in workerd
 * too (docs/performance.md, "The Worker in workerd").
 */

interface Captured {
  status: number;
  headers: [string, string][];
  body: string;
}

let answer: { body: Blob; init: ResponseInit } | undefined;

/** The answer of FLOOR_ANSWER, decoded on the isolate's first request. */
function answerOf(text: string): { body: Blob; init: ResponseInit } {
  if (answer !== undefined) return answer;
  const captured = JSON.parse(text) as Captured;
  const bytes = Uint8Array.from(atob(captured.body), (char) => char.charCodeAt(0));
  const headers = new Headers(captured.headers);
  const manual = headers.has("Content-Encoding") && { encodeBody: "manual" };
  answer = { body: new Blob([bytes]), init: { status: captured.status, headers, ...manual } as ResponseInit };
  return answer;
}

export default {
  fetch(request: Request, env: { FLOOR_ANSWER: string }): Response | Promise<Response> {
    const { body, init } = answerOf(env.FLOOR_ANSWER);
    if (request.method === "POST") return request.arrayBuffer().then(() => new Response(body, init));
    return new Response(body, init);
  },
};
