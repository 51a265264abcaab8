/**
 * One keep-alive client's upload of a body over D9's limit, over a raw socket, and what the
 * connection does after the 413: the answer must arrive in full, and
 * either say `Connection: close` (the client then closes), or leave a connection that answers
 * the next request; never promise keep-alive and then close. Raw bytes, so that the body can go in one write, slowly
 * (piece by piece, as a client streaming an upload), or chunked without a length.
 */
import type { Socket } from "node:net";
import { parseResponse, type RawResponse } from "./http-response.ts";
import { open } from "./raw-http.ts";

/** How the body goes: in one write with its Content-Length, piece by piece with it, or chunked without one. */
export type UploadMode = "whole" | "slow" | "chunked";

/** One oversized upload. */
export interface Upload {
  path: string;
  mode: UploadMode;
  /** Body bytes. */
  size: number;
  /** The client's Accept-Encoding, or none. */
  acceptEncoding?: string;
}

/** What followed the 413: `closed` (a whole answer that said Connection: close), `reused` (the next request got 200), or what went wrong. */
export type UploadOutcome = "closed" | "reused" | `failed: ${string}`;

const PIECE = 16 * 1024;

/** Runs `upload` against 127.0.0.1:`port` on a fresh connection; settles within `timeoutMs`. */
export async function oversizedUpload(port: number, upload: Upload, timeoutMs = 5000): Promise<UploadOutcome> {
  const socket = await open(port);
  try {
    return await run(socket, port, upload, timeoutMs);
  } finally {
    socket.destroy();
  }
}

function run(socket: Socket, port: number, upload: Upload, timeoutMs: number): Promise<UploadOutcome> {
  const framing = upload.mode === "chunked" ? "Transfer-Encoding: chunked" : `Content-Length: ${upload.size}`;
  const head = [
    `POST ${upload.path} HTTP/1.1`,
    `Host: 127.0.0.1:${port}`,
    "Content-Type: application/json",
    "Accept: application/json, text/event-stream",
    ...(upload.acceptEncoding ? [`Accept-Encoding: ${upload.acceptEncoding}`] : []),
    framing,
  ].join("\r\n");
  const body =
    upload.mode === "chunked"
      ? Buffer.from(`${upload.size.toString(16)}\r\n${" ".repeat(upload.size)}\r\n0\r\n\r\n`)
      : Buffer.alloc(upload.size, 0x20);
  return new Promise((resolve) => {
    let data = Buffer.alloc(0);
    let first: RawResponse | null = null;
    let error = "";
    let written = 0;
    let settled = false;
    const finish = (outcome: UploadOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const timer = setTimeout(
      () => finish(`failed: ${first ? "no answer to the next request" : "no answer"} in ${timeoutMs} ms`),
      timeoutMs,
    );
    /** Writes the rest of the body (a keep-alive connection needs the whole request before the next). */
    const writeRest = () => {
      if (written < body.length) socket.write(body.subarray(written));
      written = body.length;
    };
    socket.on("data", (chunk: Buffer) => {
      data = Buffer.concat([data, chunk]);
      const response = parseResponse(data);
      if (response === null) return;
      if (first === null) {
        first = response;
        data = data.subarray(response.length);
        if (response.status !== 413) return finish(`failed: ${response.status} instead of 413`);
        // It said close, and the answer is whole: a client closes its side now (RFC 9112 9.6);
        // whether the server closes first (Bun, Node, workerd) or waits for it (Deno) is its own.
        if (/close/i.test(response.headers.connection ?? "")) {
          socket.end();
          return finish("closed");
        }
        writeRest();
        socket.write(`GET /api/health.json HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
        return;
      }
      finish(response.status === 200 ? "reused" : `failed: the next request got ${response.status}`);
    });
    socket.on("error", (e: NodeJS.ErrnoException) => {
      error ||= e.code ?? e.message;
    });
    socket.on("close", () => {
      if (first === null) finish(`failed: closed before a whole answer (${error || "FIN"})`);
      else if (/close/i.test(first.headers.connection ?? "")) finish("closed");
      else finish(`failed: promised keep-alive, then closed (${error || "FIN"})`);
    });
    socket.write(`${head}\r\n\r\n`);
    if (upload.mode !== "slow") return writeRest();
    // Piece by piece until the body is sent or an answer (or the close) comes.
    const next = () => {
      if (first !== null || settled || socket.destroyed || written >= body.length) return;
      socket.write(body.subarray(written, written + PIECE));
      written += PIECE;
      setTimeout(next, 1);
    };
    next();
  });
}
