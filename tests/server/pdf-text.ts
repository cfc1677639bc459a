import { inflateSync } from 'node:zlib';

/**
 * The text of an uncompressed PDF written by pdfmake/pdfkit, enough for tests to prove what it says:
 * pdfkit writes text as glyph ids (`[<00010002> 0] TJ`) and each embedded font's ToUnicode CMap maps
 * them back. Each run of text is decoded with every font's map; a run decodes correctly with its own
 * font's, so a string written in any one font is found in the result of that font's map.
 */
export function pdfTexts(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const maps: Map<number, string>[] = [];
  for (const m of raw.matchAll(/beginbfrange\n([\s\S]*?)endbfrange/g)) {
    const map = new Map<number, string>();
    for (const range of m[1]!.matchAll(/<([0-9a-fA-F]+)> *<([0-9a-fA-F]+)> *\[([^\]]*)\]/g)) {
      const start = parseInt(range[1]!, 16);
      // An entry may name several characters (a ligature: <0066 0066 0069>).
      [...range[3]!.matchAll(/<([0-9a-fA-F\s]+)>/g)].forEach((u, i) => {
        const hex = u[1]!.replace(/\s+/g, '');
        let s = '';
        for (let k = 0; k < hex.length; k += 4) s += String.fromCharCode(parseInt(hex.slice(k, k + 4), 16));
        map.set(start + i, s);
      });
    }
    maps.push(map);
  }
  // A TJ array holds hex strings and numbers only: no ']' inside it.
  const runs = [...raw.matchAll(/\[([^\]]*)\]\s*TJ/g)].map((m) => [...m[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]!).join(''));
  return maps.map((map) => runs.map((hex) => {
    let s = '';
    for (let k = 0; k < hex.length; k += 4) s += map.get(parseInt(hex.slice(k, k + 4), 16)) ?? '\uFFFD';
    return s;
  }).join(''));
}

/** True when the PDF's text contains `needle` (in one font). */
export const pdfContains = (pdf: Buffer, needle: string) => pdfTexts(pdf).some((text) => text.includes(needle));

/**
 * A compressed PDF (as the calls answer it) with its FlateDecode streams inflated in place, so that
 * pdfTexts can read it: the offsets no longer hold, the text does.
 */
export function inflatedPdf(pdf: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  let next = 0;
  for (;;) {
    const start = pdf.indexOf('stream\n', next, 'latin1');
    if (start < 0) break;
    const from = start + 'stream\n'.length;
    const end = pdf.indexOf('endstream', from, 'latin1');
    if (end < 0) break;
    parts.push(pdf.subarray(at, from));
    const body = pdf.subarray(from, end);
    try { parts.push(inflateSync(body), Buffer.from('\n')); } catch { parts.push(body); }
    at = end;
    next = end + 'endstream'.length;
  }
  parts.push(pdf.subarray(at));
  return Buffer.concat(parts);
}
