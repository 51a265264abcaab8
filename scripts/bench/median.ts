/** The median, the figure the bench reports for every set of rounds and runs. */

/** The median of `values` (the mean of the middle two when even). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The lowest and highest of `values`: how far the machine's noise moved a figure. */
export const extent = (values: number[]): { min: number; max: number } => ({
  min: Math.min(...values),
  max: Math.max(...values),
});
