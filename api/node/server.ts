/**
 * `bun run api:node`: the service (api/host/assemble.ts) on Node 20's own http server, no
 * framework. A request becomes a fetch Request (its body streamed, so the service's body limit
 * holds, D9) and the Response is written back, streamed. The settings of `bun run api` but
 * WORKERS (api/host/settings.ts); RATE_LIMIT counts per TCP peer (D23); SIGTERM or SIGINT drain
 * the requests in flight before exit 0 (api/host/stop.ts). The script bundles this file for
 * Node first (Node 20 runs no TypeScript).
 */
import { createServer, type IncomingMessage } from "node:http";
import { Readable } from "node:stream";
import { assemble } from "../host/assemble.ts";
import { nodeApis } from "../host/node-apis.ts";
import { cannotListen, settingsOrExit, startLine } from "../host/settings.ts";
import { stopOnSignals } from "../host/stop.ts";

const settings = settingsOrExit(process.env);
const host = assemble(settings, nodeApis(settings));

/** The fetch Request of a Node request. */
function toRequest(req: IncomingMessage): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  }
  const method = req.method ?? "GET";
  // Node's web streams and the DOM's are the same objects under two type declarations.
  const body = method === "GET" || method === "HEAD" ? undefined : (Readable.toWeb(req) as unknown as ReadableStream);
  const request = new Request(`http://${req.headers.host ?? "localhost"}${req.url ?? "/"}`, {
    method,
    headers,
    body,
    duplex: "half",
  } as RequestInit);
  return request;
}

let stopping = false;

const server = createServer(async (req, res) => {
  const response = await host.service.fetch(toRequest(req), { clientAddress: req.socket.remoteAddress });
  // Once stopping, a connection closes after its answer instead of waiting idle (keep-alive).
  if (stopping) res.setHeader("Connection", "close");
  res.writeHead(response.status, Object.fromEntries(response.headers));
  if (response.body === null || req.method === "HEAD") {
    res.end();
    return;
  }
  Readable.fromWeb(response.body as unknown as import("node:stream/web").ReadableStream).pipe(res);
});

server.on("error", (error: NodeJS.ErrnoException) => cannotListen(settings, error.code ?? error.message));
server.listen(settings.port, settings.host, () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : settings.port;
  console.log(startLine(settings, port, `Node ${process.version}`));
});

stopOnSignals(host, {
  close: () =>
    new Promise<void>((done) => {
      // No new connections; idle keep-alive ones close now, busy ones once answered.
      stopping = true;
      server.close(() => done());
      server.closeIdleConnections();
    }),
  cut: () => server.closeAllConnections(),
});
