/**
 * The bare Worker of `bun run bench` with BENCH_WORKERD=1: the floor any Worker stands on in
 * workerd, served by scripts/bench/workerd.ts (WORKER_MAIN) with the service's own wrangler.jsonc
 * (compatibility date, flags). A GET gets a constant small JSON; a POST's body goes through
 * JSON.parse and its answer is JSON.stringify of it.
 */
const HEADERS = { "Content-Type": "application/json; charset=utf-8" };
const CONSTANT = JSON.stringify({ ok: true, mode: "demo", money: false });

export default {
  async fetch(request: Request): Promise<Response> {
    if (request.method !== "POST") return new Response(CONSTANT, { headers: HEADERS });
    return new Response(JSON.stringify(JSON.parse(await request.text())), { headers: HEADERS });
  },
};
