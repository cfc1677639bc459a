import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { checkUblInvoice, RULES } from '../../src/server/invoicing/ubl';
import { conformanceInvoices } from './fixtures/ubl-conformance/generate';

/**
 * Our validator beside the official ones, on invoices broken one way each
 * (fixtures/ubl-conformance: generate.ts wrote them, official.json holds what CEN's EN 16931
 * validation artefacts and Peppol BIS Billing 3.0.19 said of them; docs/features/e-invoices.md, "UBL invoices").
 * The official verdict is Peppol 3.0.19's, what the Peppol network runs: its CEN rules
 * ('peppol-cen') and its own ('peppol'). For every rule docs/features/e-invoices.md claims, ours must agree on
 * every invoice, fatal for fatal, apart from the deviations listed below with their reason.
 */

const dir = new URL('./fixtures/ubl-conformance/', import.meta.url);
type Report = { id: string; flag: string }[] | null;
const official = JSON.parse(readFileSync(new URL('official.json', dir), 'utf8')) as { invoices: Record<string, Record<string, Report>> };
const files = readdirSync(new URL('invoices/', dir)).filter((f) => f.endsWith('.xml')).sort();

/** The rules docs/features/e-invoices.md claims: every official identifier in rules.ts (SHOP-BE-VAT is ours alone). Their ids are ours. */
const CLAIMED = new Set(Object.keys(RULES).filter((id) => id !== 'SHOP-BE-VAT'));

/** Where we knowingly differ from Peppol 3.0.19, by invoice and rule: true when ours reports it and theirs not. */
const DEVIATIONS: Record<string, Record<string, { ours: boolean; why: string }>> = {
  's08-taxable-1.00-off-in-floats-less.xml': {
    'BR-S-08': { ours: true, why: "CEN computes 'TaxableAmount − 1' in binary floating point (4.35 − 1 = 3.3499999999999996 < 3.35) and so lets a difference of exactly 1.00 pass; ours is exact" },
  },
};

/** The claimed rules a report flags fatal; null when the validator gave no report. */
const fatal = (report: Report) => (report === null ? null : new Set(report.filter((a) => a.flag === 'fatal' && CLAIMED.has(a.id)).map((a) => a.id)));

function ours(xml: string): Set<string> {
  const checked = checkUblInvoice(xml);
  if (!checked.ok) {
    if (checked.error.code !== 'missingMandatoryElements') throw new Error(`Unreadable: ${checked.error.message}`);
    return new Set(checked.error.violations.map((v) => v.rule));
  }
  return new Set(checked.violations.filter((v) => v.severity === 'fatal').map((v) => v.rule));
}

/** The claimed rules on which our verdict and the official one differ (null reports judge nothing). */
function differences(file: string, reference: (reports: Record<string, Report>) => { cen: Set<string> | null; peppol: Set<string> | null }) {
  const mine = ours(readFileSync(new URL(`invoices/${file}`, dir), 'utf8'));
  const { cen, peppol } = reference(official.invoices[file]);
  const out: Record<string, { ours: boolean; official: boolean }> = {};
  for (const rule of CLAIMED) {
    const theirs = rule.startsWith('PEPPOL-') ? peppol : cen;
    if (theirs === null) continue;
    if (mine.has(rule) !== theirs.has(rule)) out[rule] = { ours: mine.has(rule), official: theirs.has(rule) };
  }
  return out;
}

const peppol3019 = (r: Record<string, Report>) => ({ cen: fatal(r['peppol-cen']), peppol: fatal(r.peppol) });

describe('our validator beside the official ones', () => {
  test('the stored invoices are those generate.ts writes, and each has the official reports', () => {
    const generated = conformanceInvoices();
    expect(files).toEqual([...generated.keys()].sort());
    for (const file of files) {
      expect(readFileSync(new URL(`invoices/${file}`, dir), 'utf8'), file).toBe(generated.get(file));
      expect(Object.keys(official.invoices[file] ?? {}).sort(), file).toEqual(['cen', 'peppol', 'peppol-cen']);
    }
  });

  test.each(files)('%s: the same verdict as Peppol BIS 3.0.19 on every rule the docs claim', (file) => {
    const expected = Object.fromEntries(Object.entries(DEVIATIONS[file] ?? {}).map(([rule, d]) => [rule, { ours: d.ours, official: !d.ours }]));
    expect(differences(file, peppol3019)).toEqual(expected);
  });

  test('CEN 1.3.16 differs from what Peppol 3.0.19 runs only where CEN dropped BR-CO-25', () => {
    const cen1316 = (r: Record<string, Report>) => ({ cen: fatal(r.cen), peppol: null });
    const found = files.flatMap((file) => Object.entries(differences(file, cen1316))
      .filter(([rule]) => !DEVIATIONS[file]?.[rule])
      .map(([rule, d]) => `${file} ${rule} ours=${d.ours} cen=${d.official}`));
    expect(found).toEqual(['co25-invoice-without-due-date-or-terms.xml BR-CO-25 ours=true cen=false']);
  });

  test('every rule the docs claim that the official validators flagged in these invoices is found by ours', () => {
    const flagged = new Set(files.flatMap((file) => Object.values(official.invoices[file]).flatMap((r) => [...(fatal(r) ?? [])])));
    const agreeing = files.filter((file) => Object.keys(differences(file, peppol3019)).length === 0).length;
    // The agreement figure docs/features/e-invoices.md gives: invoices on which every claimed rule's verdict is Peppol's.
    expect({ invoices: files.length, agreeing }).toEqual({ invoices: files.length, agreeing: files.length - Object.keys(DEVIATIONS).length });
    expect([...flagged].sort()).toEqual(expect.arrayContaining(['BR-42', 'BR-CL-03', 'BR-CL-04', 'BR-CO-23', 'BR-CO-25', 'BR-DEC-18', 'BR-S-08',
      'PEPPOL-EN16931-F001', 'PEPPOL-EN16931-R008']));
  });
});
