/**
 * Facet counts and numeric stats over the documents a search matched in the in-memory index
 * (memory-index.ts), computed the way PostgreSQL does on the SQL path so both answer the same.
 */
import type { ListColumn, MemoryIndex, NumberColumn, TextColumn } from './memory-index';

/** Counts per value of a text column over the documents (SQL: group by the column, nulls left out). */
export function countText(col: TextColumn, docs: Int32Array): [string, number][] {
  const counts = new Int32Array(col.values.length);
  for (let x = 0; x < docs.length; x++) {
    const c = col.codes[docs[x]];
    if (c >= 0) counts[c]++;
  }
  const out: [string, number][] = [];
  for (let c = 0; c < counts.length; c++) if (counts[c]) out.push([col.values[c], counts[c]]);
  return out;
}

/**
 * Counts per entry of an array column whose entries start with `prefix`, named without it (SQL: each
 * document counted once per entry, as `unnest` does).
 */
export function countListEntries(col: ListColumn, docs: Int32Array, prefix: string): [string, number][] {
  const perList = new Int32Array(col.lists.length);
  for (let x = 0; x < docs.length; x++) {
    const c = col.codes[docs[x]];
    if (c >= 0) perList[c]++;
  }
  const counts = new Map<string, number>();
  for (let c = 0; c < perList.length; c++) {
    if (!perList[c]) continue;
    for (const entry of col.lists[c]) {
      if (entry.startsWith(prefix)) counts.set(entry.slice(prefix.length), (counts.get(entry.slice(prefix.length)) ?? 0) + perList[c]);
    }
  }
  return [...counts];
}

/** Counts of promoted::text. */
export function countPromoted(index: MemoryIndex, docs: Int32Array): [string, number][] {
  let yes = 0;
  for (let x = 0; x < docs.length; x++) yes += index.promoted[docs[x]];
  return ([['true', yes], ['false', docs.length - yes]] as [string, number][]).filter(([, c]) => c > 0);
}

/**
 * min, max, avg and sum of a number column as PostgreSQL's numeric aggregates print them: the sum is
 * exact (in units of the column's scale) and the average is rounded where numeric division rounds it.
 */
export function numberStats(col: NumberColumn, docs: Int32Array): { min: number; max: number; avg: number; sum: number } | null {
  const factor = 10 ** col.scale;
  let sum = 0n;
  let count = 0;
  let min = Infinity;
  let max = -Infinity;
  for (let x = 0; x < docs.length; x++) {
    const v = col.values[docs[x]];
    if (Number.isNaN(v)) continue;
    count++;
    sum += BigInt(Math.round(v * factor));
    if (v < min) min = v;
    if (v > max) max = v;
  }
  if (!count) return null;
  return { min, max, avg: Number(numericDivide(sum, col.scale, BigInt(count))), sum: Number(decimal(sum, col.scale)) };
}

const decimal = (units: bigint, scale: number): string => {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  return `${negative ? '-' : ''}${scale ? `${digits.slice(0, -scale)}.${digits.slice(-scale)}` : digits}`;
};

/** Weight and first digit of a numeric in PostgreSQL's base-10000 representation. */
function base10000(units: bigint, scale: number): { weight: number; first: number } {
  const abs = units < 0n ? -units : units;
  if (abs === 0n) return { weight: 0, first: 0 };
  const text = abs.toString().padStart(scale + 1, '0');
  const intPart = text.slice(0, text.length - scale).replace(/^0+/, '');
  if (intPart) {
    const groups = Math.ceil(intPart.length / 4);
    return { weight: groups - 1, first: Number(intPart.slice(0, intPart.length - (groups - 1) * 4)) };
  }
  const frac = text.slice(text.length - scale).padEnd(Math.ceil(scale / 4) * 4, '0');
  for (let g = 0; g * 4 < frac.length; g++) {
    const digit = Number(frac.slice(g * 4, g * 4 + 4));
    if (digit) return { weight: -(g + 1), first: digit };
  }
  return { weight: 0, first: 0 };
}

/** numeric_div(sum, count) as PostgreSQL computes avg(): the scale of select_div_scale, rounded half away from zero. */
function numericDivide(units: bigint, scale: number, count: bigint): string {
  const a = base10000(units, scale);
  const b = base10000(count, 0);
  let qweight = a.weight - b.weight;
  if (a.first <= b.first) qweight--;
  const rscale = Math.min(1000, Math.max(16 - qweight * 4, scale, 0));
  const numerator = units * 10n ** BigInt(rscale);
  const denominator = count * 10n ** BigInt(scale);
  const negative = numerator < 0n;
  const abs = negative ? -numerator : numerator;
  let q = abs / denominator;
  if ((abs % denominator) * 2n >= denominator) q++;
  return decimal(negative ? -q : q, rscale);
}
