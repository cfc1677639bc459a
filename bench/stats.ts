/** Order statistics of the benches' samples. */

/** The sample at p % of the sorted values (index ⌊p/100 · n⌋, the last at most); NaN without samples. */
export function percentile(values: readonly number[], p: number): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** The middle sample (the upper one of an even count). */
export const median = (values: readonly number[]): number => percentile(values, 50);
