/** Order statistics of the benches' samples: one definition for every bench's figures. */

const ascending = (values: readonly number[]) => [...values].sort((a, b) => a - b);

/**
 * The p-th percentile by nearest rank: the smallest sample with at least p % of the samples at or
 * below it (index ⌈p/100 · n⌉ − 1 of the sorted values, the first at least); NaN without samples.
 */
export function percentile(values: readonly number[], p: number): number {
  if (!values.length) return NaN;
  const sorted = ascending(values);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** The middle sample (the upper one of an even count: a sample that was measured, not a mean); NaN without samples. */
export function median(values: readonly number[]): number {
  if (!values.length) return NaN;
  return ascending(values)[Math.floor(values.length / 2)]!;
}
