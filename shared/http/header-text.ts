/**
 * Header values as text. HTTP servers (Bun, Node) hand header bytes over as Latin-1
 * characters, while D14 and D15 hash the UTF-8 text of a demo key or idempotency key, so the
 * engine reads headers through this decoding.
 */
import type { HeaderReader } from "../protocol/keys.ts";

const HIGH_LATIN1 = /[\x80-\xff]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the range is every Latin-1 character, controls included
const BEYOND_LATIN1 = /[^\x00-\xff]/;
const utf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * A header value as UTF-8 text. HTTP servers (Bun, Node) hand header bytes over as Latin-1
 * characters, so a UTF-8 demo key or idempotency key (curl can send one) arrives as mojibake,
 * while D14 and D15 hash the UTF-8 text. Bytes that are not valid UTF-8 stay as they came.
 */
function headerText(value: string): string {
  if (!HIGH_LATIN1.test(value) || BEYOND_LATIN1.test(value)) return value;
  try {
    return utf8.decode(Uint8Array.from(value, (char) => char.charCodeAt(0)));
  } catch {
    return value;
  }
}

/** The request headers as the engine reads them: values decoded by {@link headerText}. */
export class HeaderTextReader implements HeaderReader {
  constructor(private readonly headers: Headers) {}
  get(name: string): string | null {
    const value = this.headers.get(name);
    return value === null ? null : headerText(value);
  }
}
