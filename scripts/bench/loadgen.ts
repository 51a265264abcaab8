/**
 * The built-in load generator, used by `bun run bench` only when wrk is not available: one
 * process holding N keep-alive HTTP/1.1 connections on raw sockets, each sending its next
 * request as soon as the previous response is complete (no pipelining), for a fixed time.
 * Reads its settings from the LOADGEN environment variable (JSON) and prints one
 * `BENCH_JSON {...}` line: requests, duration, errors, non-2xx count and a latency
 * histogram in 10 µs buckets.
 */
import type { Socket } from "bun";
import type { Target } from "./load.ts";

interface Settings {
  host: string;
  port: number;
  targets: Target[];
  connections: number;
  seconds: number;
}

const settings = JSON.parse(process.env.LOADGEN ?? "{}") as Settings;
const requests = settings.targets.map((target) => {
  const body = target.body === undefined ? Buffer.alloc(0) : Buffer.from(target.body);
  const head =
    `${target.method} ${target.path} HTTP/1.1\r\nHost: ${settings.host}:${settings.port}\r\n` +
    (target.body === undefined ? "" : `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n`) +
    Object.entries(target.headers ?? {})
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join("") +
    "\r\n";
  return Buffer.concat([Buffer.from(head, "latin1"), body]);
});

const BUCKET_US = 10;
const histogram = new Map<number, number>();
let completed = 0;
let errors = 0;
let non2xx = 0;
const HEADER_END = Buffer.from("\r\n\r\n");

/** Per-connection parser state. */
interface Connection {
  next: number;
  sentAt: number;
  head: Buffer | null;
  remaining: number;
  inBody: boolean;
}

const start = performance.now();
const end = start + settings.seconds * 1000;

function send(socket: Socket<Connection>): void {
  const state = socket.data;
  if (performance.now() >= end) {
    socket.end();
    return;
  }
  state.sentAt = performance.now();
  socket.write(requests[state.next]!);
  state.next = (state.next + 1) % requests.length;
}

function complete(socket: Socket<Connection>): void {
  const micros = (performance.now() - socket.data.sentAt) * 1000;
  const bucket = Math.floor(micros / BUCKET_US);
  histogram.set(bucket, (histogram.get(bucket) ?? 0) + 1);
  completed++;
  send(socket);
}

function onData(socket: Socket<Connection>, chunk: Buffer): void {
  const state = socket.data;
  if (state.inBody) {
    state.remaining -= chunk.length;
  } else {
    state.head = state.head ? Buffer.concat([state.head, chunk]) : chunk;
    const at = state.head.indexOf(HEADER_END);
    if (at === -1) return;
    const head = state.head.subarray(0, at).toString("latin1");
    const status = Number(head.slice(9, 12));
    if (!(status >= 200 && status < 400)) non2xx++;
    const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
    if (!length) {
      // Only Content-Length framing is understood; the service and baselines always send it.
      errors++;
      socket.end();
      return;
    }
    state.remaining = Number(length[1]) - (state.head.length - at - 4);
    state.head = null;
    state.inBody = true;
  }
  if (state.remaining <= 0) {
    state.inBody = false;
    complete(socket);
  }
}

const closed: Promise<void>[] = [];
for (let i = 0; i < settings.connections; i++) {
  closed.push(
    new Promise<void>((resolve) => {
      Bun.connect<Connection>({
        hostname: settings.host,
        port: settings.port,
        data: { next: i % requests.length, sentAt: 0, head: null, remaining: 0, inBody: false },
        socket: {
          open: send,
          data: onData,
          close: () => resolve(),
          error: () => {
            errors++;
            resolve();
          },
        },
      }).catch(() => {
        errors++;
        resolve();
      });
    }),
  );
}
await Promise.all(closed);
const durationUs = (performance.now() - start) * 1000;
console.log(
  `BENCH_JSON ${JSON.stringify({ requests: completed, duration_us: durationUs, errors, non2xx, histogram: [...histogram] })}`,
);
