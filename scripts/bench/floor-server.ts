/**
 * The same-answer floor of `bun run bench`: a bare Bun.serve that reads each request as the
 * service does (a POST's whole body) and sends, for every request, the exact answer the service
 * gave to the case's request: its status, its headers (but Date and Content-Length, which Bun
 * writes itself; X-Request-Id as a constant of the same length) and its body bytes. What the
 * service spends beyond this floor is its own work: routing, the engine, ids, the log. The body
 * goes out as a Blob, the cheapest form of constant bytes on Bun (an array's bytes are copied
 * into every response; a Blob's are not): the floor is the least a bare server can do.
 *
 * FLOOR_ANSWER names a JSON file `{ status, headers: [[name, value], ...], body: base64 }`
 * (written by servers.ts from the service's own answer). Listens on 127.0.0.1:PORT.
 */
import { readFileSync } from "node:fs";

interface Captured {
  status: number;
  headers: [string, string][];
  body: string;
}

const captured = JSON.parse(readFileSync(process.env.FLOOR_ANSWER!, "utf8")) as Captured;
const body = new Blob([Buffer.from(captured.body, "base64")]);
const headers = new Headers(captured.headers);
const init = { status: captured.status, headers };

Bun.serve({
  hostname: "127.0.0.1",
  port: Number(process.env.PORT ?? 0),
  development: false,
  fetch: (request) =>
    request.method === "POST" ? request.arrayBuffer().then(() => new Response(body, init)) : new Response(body, init),
});
