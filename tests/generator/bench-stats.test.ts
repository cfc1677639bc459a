import { describe, expect, it } from 'vitest';
import { median, percentile } from '../../bench/stats';

/** bench/stats.ts: the one definition of the benches' order statistics (docs/benchmarks.md's figures). */
describe('bench statistics', () => {
  const hundred = Array.from({ length: 100 }, (_, i) => 100 - i); // 100 … 1, unsorted on purpose

  it('takes a percentile by nearest rank: the smallest sample with p % at or below it', () => {
    expect(percentile(hundred, 95)).toBe(95);
    expect(percentile(hundred, 99)).toBe(99);
    expect(percentile(hundred, 100)).toBe(100);
    expect(percentile(hundred, 0)).toBe(1);
    expect(percentile([3, 1, 2], 50)).toBe(2);
    expect(percentile([], 50)).toBeNaN();
  });

  it('takes the median as a measured sample: the middle one, the upper of an even count', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(3);
    expect(median([])).toBeNaN();
  });

  it('leaves the samples it is given in their order', () => {
    const samples = [3, 1, 2];
    percentile(samples, 50);
    median(samples);
    expect(samples).toEqual([3, 1, 2]);
  });
});
