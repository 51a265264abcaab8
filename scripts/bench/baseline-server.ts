/**
 * The bare-runtime baselines of `bun run bench`: the floor any service on this runtime stands
 * on, with no routing and one header.
 *
 * - `BASELINE=get`: every request gets a constant small JSON.
 * - `BASELINE=get BASELINE_BYTES=n`: every request gets a constant JSON of exactly n bytes, the
 *   floor for a precomputed document of that size.
 * - `BASELINE=post`: the body goes through JSON.parse, the answer is JSON.stringify of it.
 *
 * Listens on 127.0.0.1:PORT.
 */
const kind = process.env.BASELINE ?? "get";
const port = Number(process.env.PORT ?? 0);
const bytes = Number(process.env.BASELINE_BYTES ?? 0);
const HEADERS = { "Content-Type": "application/json; charset=utf-8" };

/** A JSON text of exactly `size` bytes (at least the small constant). */
function constantOfSize(size: number): string {
  const small = JSON.stringify({ ok: true, mode: "demo", money: false });
  if (size <= small.length) return small;
  const shell = '{"ok":true,"pad":""}';
  return `{"ok":true,"pad":"${"x".repeat(size - shell.length)}"}`;
}

const CONSTANT = constantOfSize(bytes);

const respond =
  kind === "post"
    ? async (request: Request): Promise<Response> =>
        new Response(JSON.stringify(JSON.parse(await request.text())), { headers: HEADERS })
    : (): Response => new Response(CONSTANT, { headers: HEADERS });

Bun.serve({ hostname: "127.0.0.1", port, fetch: respond, development: false });
