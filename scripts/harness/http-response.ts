/**
 * A parser of raw HTTP/1.1 responses as they come off a socket (raw-http.ts): status, headers,
 * and a body framed by Content-Length, chunking or the connection's close, so a test sees the
 * bytes a server sent, not what a client library made of them.
 */

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
