import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import dutch from '../../src/app/i18n/ra-nl';
import { schemasFor } from '../../src/shared/schema-builder';
import { buildIr, hasOp } from '../../generator/ir';
import { generate } from '../../generator/run';
import { loadProjectModel } from '../../generator/model-input';
import { BUTTONS } from '../../generator/passes/e2e-helpers';
import { keyField, planCreate, SAMPLE_SUFFIX } from '../../generator/passes/e2e-plan';
import { fixtureModel } from './fixtures/model';

const require = createRequire(import.meta.url);
const packs = { nl: dutch, en: require('ra-language-english'), fr: require('ra-language-french') } as const;

describe('generated e2e journeys', () => {
  it("look for react-admin's own button texts in every language", () => {
    for (const key of ['create', 'save', 'delete', 'confirm'] as const) {
      for (const lang of ['nl', 'en', 'fr'] as const) {
        const pack = (packs[lang] as { default?: { ra: { action: Record<string, string> } }; ra?: { action: Record<string, string> } });
        expect((pack.default ?? pack).ra!.action[key], `${lang} ${key}`).toBe(BUTTONS[key][lang]);
      }
    }
  });

  it('open the tab of a field before typing into it, on forms in tabs only', async () => {
    const { files } = await generate(fixtureModel(), { migrations: [] });
    const spec = (name: string) => files.find((f) => f.path === `generated/e2e/${name}.gen.spec.ts`)!.content;
    const gadgets = spec('gadgets');
    // name is on the first tab (where the form opens), quantity on the stock tab
    expect(gadgets.indexOf("openTab(page, { nl: 'Stock (nl)'")).toBeGreaterThan(gadgets.indexOf('created);'));
    expect(gadgets.indexOf("openTab(page, { nl: 'Stock (nl)'")).toBeLessThan(gadgets.indexOf("fillText(page, { nl: 'Quantity (nl)'"));
    expect(gadgets.match(/openTab\(/g)).toHaveLength(1);
    expect(spec('makers')).not.toContain('openTab'); // sections: every input is on the page
  });

  it('type values the create schema accepts, for the fixture and for the real model', async () => {
    for (const model of [fixtureModel(), await loadProjectModel(process.cwd())]) {
      const ir = buildIr(model);
      // A read-only resource (no create, e.g. the mail outbox) gets a list-only journey: nothing is typed.
      for (const r of ir.screenResources.filter((x) => hasOp(x, 'create'))) {
        const values: Record<string, unknown> = {};
        for (const p of planCreate(r)) {
          const parts = p.path.split('.');
          let target = values;
          for (const part of parts.slice(0, -1)) target = (target[part] ??= {}) as Record<string, unknown>;
          target[parts.at(-1)!] = p.formValue;
        }
        const result = schemasFor(r.def).create.safeParse(values);
        expect(result.success, `${r.name}: ${JSON.stringify(values)}`).toBe(true);
        // The unique text the journey finds its record by; a resource keyed by something else (the
        // order PDF settings: one per supplier) gets a list-only journey, with nothing made unique.
        if (keyField(r)) expect(JSON.stringify(values), r.name).toContain(SAMPLE_SUFFIX);
      }
    }
  });
});
