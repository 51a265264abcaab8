/**
 * Raw HTTP/1.1 over plain TCP sockets to a server on 127.0.0.1, so a test controls every byte,
 * including ones `fetch` refuses to send: one request on a fresh connection, a keep-alive
 * connection, and a parser of what comes back.
 */

import { connect, type Socket } from "node:net";

/** One parsed HTTP/1.1 response. */
export interface RawResponse {
  status: number;
  /** Header names lower-cased. */
  headers: Record<string, string>;
  /** The raw header block as it came. */
  head: string;
  body: Buffer;
  text: string;
  /** Bytes of the input this response took, head and body. */
  length: number;
}

/** Decodes a chunked transfer-encoded body (trailers skipped); null while it is incomplete. */
function dechunk(data: Buffer): { body: Buffer; end: number } | null {
  const parts: Buffer[] = [];
  let offset = 0;
  for (;;) {
    const lineEnd = data.indexOf("\r\n", offset);
    if (lineEnd === -1) return null;
    const size = Number.parseInt(data.subarray(offset, lineEnd).toString("latin1"), 16);
    if (Number.isNaN(size)) throw new Error("bad chunk size");
    if (size === 0) {
      // The last chunk's line ends the body, after any trailer lines: the first blank line from here.
      const blank = data.indexOf("\r\n\r\n", lineEnd);
      return blank === -1 ? null : { body: Buffer.concat(parts), end: blank + 4 };
    }
    const start = lineEnd + 2;
    if (data.length < start + size + 2) return null;
    parts.push(data.subarray(start, start + size));
    offset = start + size + 2;
  }
}

/**
 * Parses the first complete response in `data`, or null while it is incomplete. A response
 * with neither Content-Length nor chunking is complete only when `closed`.
 */
export function parseResponse(data: Buffer, closed = false, headRequest = false): RawResponse | null {
  const headEnd = data.indexOf("\r\n\r\n");
  if (headEnd === -1) return null;
  const head = data.subarray(0, headEnd).toString("latin1");
  const [statusLine = "", ...lines] = head.split("\r\n");
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? Number.NaN);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const start = headEnd + 4;
  const rest = data.subarray(start);
  let body: Buffer | null = null;
  let end = start;
  if (headRequest || status === 204 || status === 304 || (status >= 100 && status < 200)) body = Buffer.alloc(0);
  else if (headers["content-length"] !== undefined) {
    const length = Number(headers["content-length"]);
    if (rest.length >= length) {
      body = rest.subarray(0, length);
      end = start + length;
    }
  } else if (/chunked/i.test(headers["transfer-encoding"] ?? "")) {
    const decoded = dechunk(rest);
    if (decoded) {
      body = decoded.body;
      end = start + decoded.end;
    }
  } else if (closed) {
    body = rest;
    end = data.length;
  }
  if (body === null) return null;
  return { status, headers, head, body, text: body.toString("utf8"), length: end };
}

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
