/**
 * RFC 3339 date-times (D4). Responses write toISOString() form; expires_at accepts UTC
 * only (`Z` or `+00:00`, `t`/`z` in either case, any number of fraction digits, kept to
 * milliseconds); job stamps accept any offset. Years stay within 0000-9999 once in UTC,
 * so every stored stamp has the four-digit toISOString form.
 */
import { LIMITS } from "./constants.ts";

// Field ranges spelled out, so the published patterns refuse what the parser refuses (all but
// day-of-month overflow such as 02-30, which only the parser catches).
const DATE = "\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])";
const TIME = "([01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d";

/** Regular expression source for expires_at: RFC 3339 in UTC (published in the schemas). */
export const UTC_DATE_TIME_PATTERN = `^${DATE}[Tt]${TIME}(\\.\\d+)?([Zz]|\\+00:00)$`;
/** Regular expression source for job stamps: any RFC 3339 date-time. */
export const DATE_TIME_PATTERN = `^${DATE}[Tt]${TIME}(\\.\\d+)?([Zz]|[+-]([01]\\d|2[0-3]):[0-5]\\d)$`;

const MIN_MS = Date.parse("0000-01-01T00:00:00.000Z");
const MAX_MS = Date.parse(LIMITS.expiresAtMax);

const daysIn = (year: number, month: number): number =>
  month === 2
    ? year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
      ? 29
      : 28
    : month === 4 || month === 6 || month === 9 || month === 11
      ? 30
      : 31;

/** Days from 1970-01-01 to a proleptic Gregorian date (H. Hinnant's days_from_civil). */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

/** The value of the ASCII digit at `i`, or -1. */
const digitAt = (text: string, i: number): number => {
  const code = text.charCodeAt(i) - 48;
  return code >= 0 && code <= 9 ? code : -1;
};

/** The two-digit number at `i`, or -1. */
const twoDigits = (text: string, i: number): number => {
  const tens = digitAt(text, i),
    ones = digitAt(text, i + 1);
  return tens < 0 || ones < 0 ? -1 : tens * 10 + ones;
};

/**
 * Parses an RFC 3339 date-time into epoch milliseconds, or null when it is not one.
 * With `utcOnly`, only `Z`/`z` and `+00:00` offsets are accepted (`-00:00` is refused).
 * It reads the characters of the RFC 3339 grammar (`yyyy-mm-ddThh:mm:ss[.frac](Z|±hh:mm)`)
 * directly and does the calendar arithmetic itself: the engine checks several stamps per
 * request, and a regex match plus a Date object per stamp was most of its time. Same answers
 * as a regex match and a UTC Date, which snapshots/engine/date-times.test.ts keeps as its
 * reference.
 */
export function parseDateTime(text: string, utcOnly = false): number | null {
  const length = text.length;
  if (length < 20) return null;
  const y1 = digitAt(text, 0),
    y2 = digitAt(text, 1),
    y3 = digitAt(text, 2),
    y4 = digitAt(text, 3);
  if (y1 < 0 || y2 < 0 || y3 < 0 || y4 < 0) return null;
  const year = y1 * 1000 + y2 * 100 + y3 * 10 + y4;
  const month = twoDigits(text, 5),
    day = twoDigits(text, 8);
  const hour = twoDigits(text, 11),
    minute = twoDigits(text, 14),
    second = twoDigits(text, 17);
  if (month < 0 || day < 0 || hour < 0 || minute < 0 || second < 0) return null;
  const t = text.charCodeAt(10);
  if (
    text.charCodeAt(4) !== 45 ||
    text.charCodeAt(7) !== 45 ||
    (t !== 84 && t !== 116) ||
    text.charCodeAt(13) !== 58 ||
    text.charCodeAt(16) !== 58
  ) {
    return null; // "-", "-", "T" or "t", ":", ":"
  }
  let i = 19;
  let millis = 0;
  if (text.charCodeAt(i) === 46 /* "." */) {
    const first = ++i;
    for (; i < length; i++) {
      const digit = digitAt(text, i);
      if (digit < 0) break;
      if (i - first < 3) millis += digit * (i === first ? 100 : i === first + 1 ? 10 : 1);
    }
    if (i === first) return null;
  }
  let offset = 0;
  const zone = text.charCodeAt(i);
  if (zone === 90 || zone === 122) {
    // "Z" or "z"
    if (i + 1 !== length) return null;
  } else if (zone === 43 || zone === 45) {
    // "+" or "-", then hh:mm to the end
    if (i + 6 !== length || text.charCodeAt(i + 3) !== 58) return null;
    const oh = twoDigits(text, i + 1),
      om = twoDigits(text, i + 4);
    if (oh < 0 || om < 0 || oh > 23 || om > 59) return null;
    if (utcOnly && (zone === 45 || oh !== 0 || om !== 0)) return null;
    offset = (zone === 45 ? -1 : 1) * (oh * 60 + om) * 60_000;
  } else {
    return null;
  }
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return null;
  if (hour > 23 || minute > 59 || second > 59) return null;
  const ms =
    daysFromCivil(year, month, day) * 86_400_000 + ((hour * 60 + minute) * 60 + second) * 1000 + millis - offset;
  return ms >= MIN_MS && ms <= MAX_MS ? ms : null;
}

/**
 * True when `text` is a valid date-time in toISOString form (`2026-01-01T00:00:00.000Z`), the
 * form every response writes and so the form clients send back. Same answer as parseDateTime
 * accepting `text` with that exact shape, for less work: a UTC stamp of four-digit year is
 * always in range, and the time it names is not needed.
 */
export function isIsoStamp(text: string): boolean {
  if (text.length !== 24 || text.charCodeAt(19) !== 46 || text.charCodeAt(23) !== 90) return false; // ".", "Z"
  if (
    text.charCodeAt(4) !== 45 ||
    text.charCodeAt(7) !== 45 ||
    text.charCodeAt(10) !== 84 ||
    text.charCodeAt(13) !== 58 ||
    text.charCodeAt(16) !== 58
  ) {
    return false; // "-", "-", "T", ":", ":"
  }
  const century = twoDigits(text, 0),
    yearOfCentury = twoDigits(text, 2),
    millis = twoDigits(text, 20),
    lastDigit = digitAt(text, 22);
  if (century < 0 || yearOfCentury < 0 || millis < 0 || lastDigit < 0) return false;
  // Each field is -1 when not two digits, which its range test refuses.
  const month = twoDigits(text, 5),
    day = twoDigits(text, 8);
  const hour = twoDigits(text, 11),
    minute = twoDigits(text, 14),
    second = twoDigits(text, 17);
  if (month < 1 || month > 12 || day < 1 || day > daysIn(century * 100 + yearOfCentury, month)) return false;
  return hour >= 0 && hour <= 23 && minute >= 0 && minute <= 59 && second >= 0 && second <= 59;
}

let lastMs = Number.NaN;
let lastIso = "";

/** The response form of a date-time (D4). The last answer is kept: a request stamps one clock reading several times. */
export function toIso(ms: number): string {
  if (ms !== lastMs) {
    lastIso = new Date(ms).toISOString();
    lastMs = ms;
  }
  return lastIso;
}

/** Latest epoch millisecond a stored stamp may hold (9999-12-31T23:59:59.999Z). */
export const MAX_DATE_TIME_MS = MAX_MS;
