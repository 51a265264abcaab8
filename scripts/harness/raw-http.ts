/**
 * Raw HTTP/1.1 over plain TCP sockets to a server on 127.0.0.1, so a test controls every byte,
 * including ones `fetch` refuses to send: one request on a fresh connection, a keep-alive
 * connection, and what comes back parsed (http-response.ts).
 */

import { connect, type Socket } from "node:net";
import { parseResponse, type RawResponse } from "./http-response.ts";

/**
 * One keep-alive HTTP/1.1 connection that sends requests one after another and reads each
 * answer off the same socket. A close or error before an answer rejects that request.
 */
export class KeepAliveClient {
  private buffer: Buffer = Buffer.alloc(0);
  private waiting: { resolve: (response: RawResponse) => void; reject: (error: Error) => void } | null = null;
  private failure: Error | null = null;

  private constructor(private readonly socket: Socket) {
    socket.on("data", (chunk: Buffer) => {
      this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
      this.settle();
    });
    const fail = (error: Error) => {
      this.failure ??= error;
      this.waiting?.reject(this.failure);
      this.waiting = null;
    };
    socket.on("error", fail);
    socket.on("close", () => fail(new Error("connection closed by the server")));
  }

  /** Connects to 127.0.0.1:`port`. */
  static async connect(port: number): Promise<KeepAliveClient> {
    return new KeepAliveClient(await open(port));
  }

  private settle(): void {
    if (!this.waiting) return;
    const response = parseResponse(this.buffer);
    if (!response) return;
    this.buffer = this.buffer.subarray(response.length);
    const { resolve } = this.waiting;
    this.waiting = null;
    resolve(response);
  }

  /** Sends one request (built with {@link rawRequest}) and waits for its answer. */
  request(bytes: Uint8Array): Promise<RawResponse> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.socket.write(bytes);
      this.settle();
    });
  }

  /** True while the connection is open. */
  get open(): boolean {
    return !this.socket.destroyed && this.failure === null;
  }

  close(): void {
    this.socket.destroy();
  }
}

/** What happened on one raw connection. */
export interface RawExchange {
  /** The first response, or null when none arrived. */
  response: RawResponse | null;
  /** Every byte received. */
  received: Buffer;
  /** The socket was closed or reset by the other side. */
  closed: boolean;
  /** A socket error, if any (ECONNRESET, EPIPE...). */
  error: string | null;
}

/** Opens a TCP connection to 127.0.0.1:`port`. */
export function open(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: "127.0.0.1", port }, () => resolve(socket));
    socket.once("error", reject);
  });
}

/**
 * Sends `request` (bytes) on a fresh connection and waits until a full response arrives, the
 * connection closes, or `timeoutMs` passes. The socket is destroyed afterwards. `headRequest`:
 * the request is a HEAD, so the response ends with its head whatever its Content-Length says.
 */
export async function exchange(
  port: number,
  request: Uint8Array | string,
  timeoutMs = 10_000,
  headRequest = false,
): Promise<RawExchange> {
  const socket = await open(port);
  const result = await collect(socket, timeoutMs, () => socket.write(request), headRequest);
  socket.destroy();
  return result;
}

/**
 * Collects what `socket` receives until a full response, a close or `timeoutMs`; `start` runs
 * once the listeners are in place (it may keep writing). `headRequest`: see {@link exchange}.
 */
export function collect(
  socket: Socket,
  timeoutMs: number,
  start: () => unknown = () => {},
  headRequest = false,
): Promise<RawExchange> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let error: string | null = null;
    let settled = false;
    const finish = (closed: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      const received = Buffer.concat(chunks);
      let response: RawResponse | null = null;
      try {
        response = parseResponse(received, closed, headRequest);
      } catch {
        response = null;
      }
      resolve({ response, received, closed, error });
    };
    const timer = setTimeout(() => finish(false), timeoutMs);
    socket.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
      try {
        if (parseResponse(Buffer.concat(chunks), false, headRequest)) finish(false);
      } catch {
        // keep collecting; an unparsable response shows up as response null
      }
    });
    socket.on("error", (e: NodeJS.ErrnoException) => {
      error = e.code ?? e.message;
    });
    socket.on("close", () => finish(true));
    start();
  });
}

/** An HTTP/1.1 request as bytes: request line, Host, the given headers, then the body. */
export function rawRequest(
  method: string,
  path: string,
  body: Uint8Array | string | null,
  headers: Record<string, string> = {},
): Buffer {
  const bytes = body === null ? Buffer.alloc(0) : Buffer.from(body);
  const lines = [`${method} ${path} HTTP/1.1`, "Host: 127.0.0.1"];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  if (body !== null && !Object.keys(headers).some((name) => /^(content-length|transfer-encoding)$/i.test(name))) {
    lines.push(`Content-Length: ${bytes.length}`);
  }
  return Buffer.concat([Buffer.from(`${lines.join("\r\n")}\r\n\r\n`, "latin1"), bytes]);
}
