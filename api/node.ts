/**
 * `bun run api:node`: the same handler on Node 20's own http server, no framework. A request
 * becomes a fetch Request (its body streamed, so the handler's body limit holds, D9) and the
 * Response is written back, streamed. PORT as for Bun (D16). The script bundles this file for
 * Node first (Node 20 runs no TypeScript).
 */
import { createServer, type IncomingMessage } from "node:http";
import { Readable } from "node:stream";
import { hostService } from "./host.ts";
import { listenPort } from "./settings.ts";

let port: number;
try {
  port = listenPort(process.env.PORT);
} catch (error) {
  // A bad PORT stops the start with its one-line message, no stack trace.
  console.error((error as Error).message);
  process.exit(1);
}
const service = hostService(process.env, port);

/** The fetch Request of a Node request. */
function toRequest(req: IncomingMessage): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  }
  const method = req.method ?? "GET";
  // Node's web streams and the DOM's are the same objects under two type declarations.
  const body = method === "GET" || method === "HEAD" ? undefined : (Readable.toWeb(req) as unknown as ReadableStream);
  return new Request(`http://${req.headers.host ?? "localhost"}${req.url ?? "/"}`, {
    method,
    headers,
    body,
    duplex: "half",
  } as RequestInit);
}

const server = createServer(async (req, res) => {
  const response = await service.fetch(toRequest(req));
  res.writeHead(response.status, Object.fromEntries(response.headers));
  if (response.body === null || req.method === "HEAD") {
    res.end();
    return;
  }
  Readable.fromWeb(response.body as unknown as import("node:stream/web").ReadableStream).pipe(res);
});

server.listen(port, () => {
  const address = server.address();
  const bound = typeof address === "object" && address ? address.port : port;
  console.log(`agent-escrow-demo listening on http://localhost:${bound}/ (Node ${process.version})`);
});
