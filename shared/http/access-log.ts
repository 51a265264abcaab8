/**
 * The access log's line: one JSON object per request, made from the record the service's
 * `onResponse` hook gets (service.ts), so every runtime logs the same fields. It names the
 * request (its id, D22), never its content: no query, no body, and of the demo key only its
 * key_id (D14).
 *
 * The line is written as ASCII bytes straight into the caller's buffer ({@link encodeAccessLine}):
 * a busy server logs every request, and building a string per line, then joining the lines of
 * a write and encoding them again, cost a server about a microsecond a request. The constant
 * parts are encoded once; the time is encoded once per millisecond. {@link accessLogLine} gives
 * the same bytes as a string, for a log that takes strings (the Worker's console).
 */
import { keyIdFromHeaders } from "../protocol/keys.ts";
import { HeaderTextReader } from "./header-text.ts";

/** What the service reports about one answered request (ServiceOptions.onResponse). */
export interface AccessRecord {
  /** The request; the log reads its demo key header (for key_id) and nothing else of it. */
  request: Request;
  /** Its id (D22): the X-Request-Id the response carries. */
  requestId: string;
  method: string;
  /** The path, without the query. */
  path: string;
  status: number;
  /** Bytes of the body sent: the response's Content-Length (0 for HEAD, 204 and 304); null when it states none. */
  bytes: number | null;
  /** When the response was ready, in epoch milliseconds (ServiceOptions.now). */
  time: number;
  /** Microseconds from the request's arrival until then (ServiceOptions.clock). */
  micros: number;
}

const ascii = (text: string): Uint8Array => Uint8Array.from(text, (char) => char.charCodeAt(0));
const TIME = ascii('{"time":"');
const REQUEST_ID = ascii('","request_id":"');
const METHOD = ascii('","method":"');
const PATH = ascii('","path":"');
const STATUS = ascii('","status":');
const BYTES = ascii(',"bytes":');
const DURATION = ascii(',"duration_us":');
const KEY_ID = ascii(',"key_id":"');
const END = ascii("}\n");
const END_KEY = ascii('"}\n');
/** The longest a line is but for its id, method and path, each of whose characters takes at most 6 bytes. */
const FIXED_BYTES = 240;
const HEX_DIGITS = ascii("0123456789abcdef");
/** JSON's two-character escapes, by character code. */
const SHORT_ESCAPES: Record<number, number> = { 8: 98, 9: 116, 10: 110, 12: 102, 13: 114, 34: 34, 92: 92 };

/** The last time written and its bytes: a busy server logs many requests in one millisecond. */
let lastTime = Number.NaN;
let lastTimeBytes: Uint8Array = new Uint8Array(0);

/** Writes `bytes` at `at`; the offset after them. */
function put(out: Uint8Array, at: number, bytes: Uint8Array): number {
  for (let k = 0; k < bytes.length; k++) out[at + k] = bytes[k]!;
  return at + bytes.length;
}

/** Writes `text` as the inside of a JSON string in ASCII (others as `\uXXXX`); the offset after it. */
function putText(out: Uint8Array, at: number, text: string): number {
  let i = at;
  for (let k = 0; k < text.length; k++) {
    const code = text.charCodeAt(k);
    if (code >= 0x20 && code < 0x7f && code !== 34 && code !== 92) {
      out[i++] = code;
      continue;
    }
    out[i++] = 92;
    const short = SHORT_ESCAPES[code];
    if (short !== undefined) {
      out[i++] = short;
      continue;
    }
    out[i++] = 117;
    out[i++] = HEX_DIGITS[code >> 12]!;
    out[i++] = HEX_DIGITS[(code >> 8) & 15]!;
    out[i++] = HEX_DIGITS[(code >> 4) & 15]!;
    out[i++] = HEX_DIGITS[code & 15]!;
  }
  return i;
}

/** Writes a whole number in decimal; the offset after it. */
function putNumber(out: Uint8Array, at: number, value: number): number {
  if (!Number.isSafeInteger(value) || value < 0) return putText(out, at, String(value));
  let digits = 1;
  for (let rest = value; rest >= 10; rest = Math.floor(rest / 10)) digits++;
  let rest = value;
  for (let k = at + digits - 1; k >= at; k--) {
    out[k] = 48 + (rest % 10);
    rest = Math.floor(rest / 10);
  }
  return at + digits;
}

/** The key_id of a request that sent a demo key, else null: most send none, so two lookups first. */
function keyIdOf(request: Request): string | null {
  const headers = request.headers;
  if (headers.get("authorization") === null && headers.get("x-service-key") === null) return null;
  return keyIdFromHeaders(new HeaderTextReader(headers));
}

/**
 * Writes the access log line of `record` and its newline into `out` from `at`, as ASCII: `time`
 * (ISO 8601), `request_id`, `method`, `path`, `status`, `bytes` (when known), `duration_us`, and
 * `key_id` when the request sent a demo key. Answers the offset after the newline, or -1 (and
 * writes nothing) when the line might not fit.
 */
export function encodeAccessLine(record: AccessRecord, out: Uint8Array, at: number): number {
  const { requestId, method, path } = record;
  if (at + FIXED_BYTES + 6 * (requestId.length + method.length + path.length) > out.length) return -1;
  if (record.time !== lastTime) {
    lastTimeBytes = ascii(new Date(record.time).toISOString());
    lastTime = record.time;
  }
  let i = put(out, at, TIME);
  i = put(out, i, lastTimeBytes);
  i = putText(out, put(out, i, REQUEST_ID), requestId);
  i = putText(out, put(out, i, METHOD), method);
  i = putText(out, put(out, i, PATH), path);
  i = putNumber(out, put(out, i, STATUS), record.status);
  if (record.bytes !== null) i = putNumber(out, put(out, i, BYTES), record.bytes);
  i = putNumber(out, put(out, i, DURATION), record.micros);
  const keyId = keyIdOf(record.request);
  if (keyId === null) return put(out, i, END);
  return put(out, putText(out, put(out, i, KEY_ID), keyId), END_KEY);
}

let scratch = new Uint8Array(4096);
const latin1 = new TextDecoder("latin1");

/** The access log line of `record` as a string, without its newline: {@link encodeAccessLine}'s bytes. */
export function accessLogLine(record: AccessRecord): string {
  let end = encodeAccessLine(record, scratch, 0);
  while (end === -1) {
    scratch = new Uint8Array(scratch.length * 4);
    end = encodeAccessLine(record, scratch, 0);
  }
  return latin1.decode(scratch.subarray(0, end - 1));
}
