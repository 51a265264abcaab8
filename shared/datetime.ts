/**
 * RFC 3339 date-times (D4). Responses write toISOString() form; expires_at accepts UTC
 * only (`Z` or `+00:00`, `t`/`z` in either case, any number of fraction digits, kept to
 * milliseconds); job stamps accept any offset. Years stay within 0000-9999 once in UTC,
 * so every stored stamp has the four-digit toISOString form.
 */
import { LIMITS } from "./constants.ts";

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(?:([Zz])|([+-])(\d{2}):(\d{2}))$/;

// Field ranges spelled out, so the published patterns refuse what the parser refuses (all but
// day-of-month overflow such as 02-30, which only the parser catches).
const DATE = "\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])";
const TIME = "([01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d";

/** Regular expression source for expires_at: RFC 3339 in UTC (published in the schemas). */
export const UTC_DATE_TIME_PATTERN =
  `^${DATE}[Tt]${TIME}(\\.\\d+)?([Zz]|\\+00:00)$`;
/** Regular expression source for job stamps: any RFC 3339 date-time. */
export const DATE_TIME_PATTERN =
  `^${DATE}[Tt]${TIME}(\\.\\d+)?([Zz]|[+-]([01]\\d|2[0-3]):[0-5]\\d)$`;

const MIN_MS = Date.parse("0000-01-01T00:00:00.000Z");
const MAX_MS = Date.parse(LIMITS.expiresAtMax);

const daysIn = (year: number, month: number): number =>
  month === 2 ? (year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;

/**
 * Parses an RFC 3339 date-time into epoch milliseconds, or null when it is not one.
 * With `utcOnly`, only `Z`/`z` and `+00:00` offsets are accepted (`-00:00` is refused).
 */
export function parseDateTime(text: string, utcOnly = false): number | null {
  const m = RFC3339.exec(text);
  if (!m) return null;
  const [, ys, mos, ds, hs, mis, ss, frac, zulu, sign, ohs, oms] = m;
  const year = Number(ys), month = Number(mos), day = Number(ds);
  const hour = Number(hs), minute = Number(mis), second = Number(ss);
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return null;
  if (hour > 23 || minute > 59 || second > 59) return null;
  let offset = 0;
  if (!zulu) {
    const oh = Number(ohs), om = Number(oms);
    if (oh > 23 || om > 59) return null;
    if (utcOnly && (sign === "-" || oh !== 0 || om !== 0)) return null;
    offset = (sign === "-" ? -1 : 1) * (oh * 60 + om) * 60_000;
  }
  const millis = frac ? Number(frac.slice(0, 3).padEnd(3, "0")) : 0;
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day); // setUTCFullYear keeps years 0-99 literal
  date.setUTCHours(hour, minute, second, millis);
  const ms = date.getTime() - offset;
  return ms >= MIN_MS && ms <= MAX_MS ? ms : null;
}

/** The response form of a date-time (D4). */
export const toIso = (ms: number): string => new Date(ms).toISOString();

/** Latest epoch millisecond a stored stamp may hold (9999-12-31T23:59:59.999Z). */
export const MAX_DATE_TIME_MS = MAX_MS;
