/** How the bench's tables write their figures (report.ts, seals.ts). */
import type { RatioRange, Side } from "./results.ts";

/** `n` with `digits` decimals. */
export const fixed = (n: number, digits = 2): string => n.toFixed(digits);
/** A whole number with thousands separators. */
export const int = (n: number): string => Math.round(n).toLocaleString("en-US");
/** " (min–max)" of a range, or nothing without one. */
export const spread = (range: RatioRange | null | undefined, digits = 2): string =>
  range ? ` (${fixed(range.min, digits)}–${fixed(range.max, digits)})` : "";
/** A side's server CPU µs per request, or n/a off Linux. */
export const cpu = (side: Side): string => (side.cpuUsPerRequest === null ? "n/a" : fixed(side.cpuUsPerRequest, 1));
/** `n` to `digits` decimals, rounded the way that can only make a figure look worse against its goal. */
export const towards = (n: number, digits: number, up: boolean): string => {
  const scale = 10 ** digits;
  return fixed((up ? Math.ceil : Math.floor)(n * scale - (up ? 1e-9 : -1e-9)) / scale, digits);
};
