/**
 * The body size limit (D9): a request body is never read past 65,536 bytes, whether it
 * declares its length or streams in without one.
 */
import { LIMITS } from "../protocol/constants.ts";

const DIGITS = /^\d+$/;

/** The declared Content-Length, or -1 when there is none (or it is not a plain number). */
export function declaredLength(request: Request): number {
  const declared = request.headers.get("content-length");
  return declared !== null && DIGITS.test(declared) ? Number(declared) : -1;
}

/**
 * The body as bytes, or null when it passes the limit (D9). A declared Content-Length over
 * the limit is refused before reading; otherwise the stream is read only up to the limit,
 * even under a Content-Length, which a Request built in code need not honour.
 */
export async function readLimitedBody(
  request: Request,
  limit: number = LIMITS.bodyBytesMax,
): Promise<Uint8Array | null> {
  if (declaredLength(request) > limit) return null;
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * A framed body (HandlerOptions.trustContentLength) whose declared length is within the
 * limit, read whole in one call: one await instead of a stream reader's loop. The bytes go to
 * the engine as they came, so its strict decoder decides about invalid UTF-8 (invalid_json).
 */
export function readFramedBody(request: Request, limit: number): Promise<Uint8Array | null> {
  return request.arrayBuffer().then((buffer) => (buffer.byteLength > limit ? null : new Uint8Array(buffer)));
}
