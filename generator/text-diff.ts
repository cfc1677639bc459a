/**
 * A unified-style line diff for `npm run generate -- --check`, so a stale file shows what differs and
 * not only its name. Common head and tail are cut first; the middle is compared line by line (LCS)
 * when small enough, else shown as one replaced block. Output is capped per file.
 */

const CONTEXT = 3;
/** Above this many lines (old × new) in the middle, skip the LCS table and show a block replace. */
const LCS_CELLS = 4_000_000;

type Op = { kind: ' ' | '-' | '+'; text: string; oldNo: number; newNo: number };

function middleOps(a: readonly string[], b: readonly string[], offset: number): Op[] {
  if (a.length * b.length > LCS_CELLS) {
    return [
      ...a.map((text, i): Op => ({ kind: '-', text, oldNo: offset + i, newNo: offset })),
      ...b.map((text, j): Op => ({ kind: '+', text, oldNo: offset + a.length, newNo: offset + j })),
    ];
  }
  // lcs[i][j]: length of the longest common subsequence of a[i..] and b[j..]
  const lcs = Array.from({ length: a.length + 1 }, () => new Uint32Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  }
  const ops: Op[] = [];
  let [i, j] = [0, 0];
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) ops.push({ kind: ' ', text: a[i]!, oldNo: offset + i++, newNo: offset + j++ });
    else if (i < a.length && (j === b.length || lcs[i + 1]![j]! >= lcs[i]![j + 1]!)) ops.push({ kind: '-', text: a[i]!, oldNo: offset + i++, newNo: offset + j });
    else ops.push({ kind: '+', text: b[j]!, oldNo: offset + i, newNo: offset + j++ });
  }
  return ops;
}

/** The diff of `before` → `after` with @@ hunks and 3 lines of context, at most `maxLines` lines. */
export function unifiedDiff(path: string, before: string | undefined, after: string | undefined, maxLines = 60): string {
  const a = before === undefined ? [] : before.split('\n');
  const b = after === undefined ? [] : after.split('\n');
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const ops: Op[] = [
    ...a.slice(Math.max(0, head - CONTEXT), head).map((text, k): Op => {
      const n = Math.max(0, head - CONTEXT) + k;
      return { kind: ' ', text, oldNo: n, newNo: n };
    }),
    ...middleOps(a.slice(head, a.length - tail), b.slice(head, b.length - tail), head),
    ...a.slice(a.length - tail, a.length - tail + CONTEXT).map((text, k): Op => ({ kind: ' ', text, oldNo: a.length - tail + k, newNo: b.length - tail + k })),
  ];
  const lines = [`--- ${before === undefined ? '/dev/null' : `${path} (on disk)`}`, `+++ ${after === undefined ? '/dev/null' : `${path} (from the model)`}`];
  // Each change with 3 lines around it; ranges that touch become one hunk.
  const ranges: [number, number][] = [];
  ops.forEach((o, k) => {
    if (o.kind === ' ') return;
    const last = ranges[ranges.length - 1];
    if (last && k - CONTEXT <= last[1]) last[1] = Math.min(ops.length - 1, k + CONTEXT);
    else ranges.push([Math.max(0, k - CONTEXT), Math.min(ops.length - 1, k + CONTEXT)]);
  });
  const body = ranges.flatMap(([from, to]) => {
    const hunk = ops.slice(from, to + 1);
    const oldLen = hunk.filter((o) => o.kind !== '+').length;
    const newLen = hunk.filter((o) => o.kind !== '-').length;
    return [`@@ -${hunk[0]!.oldNo + 1},${oldLen} +${hunk[0]!.newNo + 1},${newLen} @@`, ...hunk.map((o) => `${o.kind}${o.text}`)];
  });
  const shown = body.slice(0, maxLines);
  if (body.length > maxLines) shown.push(`… ${body.length - maxLines} more diff lines of ${path} not shown`);
  return [...lines, ...shown].join('\n');
}
