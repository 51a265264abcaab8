/**
 * The access log's line: one JSON object per request, made from the record the service's
 * `onResponse` hook gets (service.ts), so every runtime logs the same fields. It names the request
 * (its id, D22), never its content: no query, no body, and of the demo key only its key_id (D14).
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

/** Characters a JSON string may hold as they are, for the fast path: printable ASCII but `"` and `\`. */
const PLAIN = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/** A JSON string literal in ASCII only, so a line's length is its byte count. */
function jsonString(text: string): string {
  if (PLAIN.test(text)) return `"${text}"`;
  return JSON.stringify(text).replace(
    /[\u007f-\uffff]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/** The last time written and its text: a busy server logs many requests in one millisecond. */
let lastTime = Number.NaN;
let lastTimeText = "";

/** `time` in ISO 8601 (toISOString), made once per millisecond. */
function isoTime(time: number): string {
  if (time !== lastTime) {
    lastTimeText = new Date(time).toISOString();
    lastTime = time;
  }
  return lastTimeText;
}

/**
 * The access log line of `record`, without its newline: `time` (ISO 8601), `request_id`,
 * `method`, `path`, `status`, `bytes` (when known), `duration_us`, and `key_id` when the
 * request sent a demo key. ASCII only.
 */
export function accessLogLine(record: AccessRecord): string {
  const headers = record.request.headers;
  // Most requests send no demo key: two lookups, and the reader only when one is there.
  const keyId =
    headers.get("authorization") === null && headers.get("x-service-key") === null
      ? null
      : keyIdFromHeaders(new HeaderTextReader(headers));
  return `{"time":"${isoTime(record.time)}","request_id":${jsonString(record.requestId)},"method":${jsonString(record.method)},"path":${jsonString(record.path)},"status":${record.status}${record.bytes === null ? "" : `,"bytes":${record.bytes}`},"duration_us":${record.micros}${keyId === null ? "" : `,"key_id":"${keyId}"`}}`;
}
