import { describe, expect, it } from 'vitest';
import { generate } from '../../generator/run';
import { messagesFor } from '../../generator/passes/i18n';
import { buildIr } from '../../generator/ir';
import { fixtureModel } from './fixtures/model';

const { files } = await generate(fixtureModel(), { migrations: [] });
const file = (path: string) => files.find((f) => f.path === path)?.content;
const ir = buildIr(fixtureModel());

describe('admin screens', () => {
  it('offers delete and restore only where the endpoint has them', () => {
    expect(file('generated/admin/gadgets/Edit.gen.tsx')).toMatch(/<DeleteButton mutationMode="pessimistic" \/>[\s\S]*<RestoreButton \/>/);
    expect(file('generated/admin/gadgets/List.gen.tsx')).toContain('<RestoreButton />');
    expect(file('generated/admin/bins/Edit.gen.tsx')).toContain('<DeleteButton');
    expect(file('generated/admin/bins/Edit.gen.tsx')).not.toContain('RestoreButton');
    expect(file('generated/admin/makers/Edit.gen.tsx')).not.toContain('DeleteButton');
  });

  it('leaves out screens whose operations the endpoint lacks, and the resources without screens', () => {
    expect(file('generated/admin/logs/List.gen.tsx')).toBeUndefined();
    expect(file('generated/admin/makers/index.gen.ts')).toContain('create: MakerCreate');
  });

  it('validates forms with the generated schemas and hides what clients may not write', () => {
    const create = file('generated/admin/gadgets/Create.gen.tsx')!;
    expect(create).toContain('resolver={zodFormResolver(gadgetCreateSchema)}');
    expect(create).not.toContain('source="countedAt"'); // read-only
    expect(create).not.toContain('source="internalCode"'); // hidden
    expect(file('generated/admin/gadgets/Edit.gen.tsx')).toContain('<TextInput source="serial" readOnly />'); // create-only
  });

  it('uses the widget of each field kind', () => {
    const edit = file('generated/admin/gadgets/Edit.gen.tsx')!;
    for (const widget of ['MoneyInput source="price"', 'TranslatedTextInput source="title"', 'AttachmentInput source="manual"', 'TextArrayInput source="tags"',
      'NumberInput source="size.width"', 'DateTimeInput source="checkedAt"', 'TextInput source="notes" multiline', 'TextInput source="contactEmail" type="email"',
      '<ArrayInput source="parts">', '<ReferenceInput source="makerId" reference="makers"']) expect(edit).toContain(widget);
  });

  it('names every enum choice with a key the i18n messages define', () => {
    const nl = messagesFor(ir, 'nl');
    const keys = [...files.filter((f) => f.path.startsWith('generated/admin/')).map((f) => f.content).join('\n').matchAll(/name: '(resources\.[^']+)'/g)].map((m) => m[1]!);
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      const [, resource, , ...rest] = key.split('.');
      const value = rest.pop()!;
      expect(nl.resources[resource!]!.choices[rest.join('.')]?.[value], key).toBeTypeOf('string');
    }
  });
});

describe('i18n messages', () => {
  it('label every field path, flat and dotted, in the three languages with the same keys', () => {
    const [nl, en, fr] = (['nl', 'en', 'fr'] as const).map((l) => messagesFor(ir, l));
    expect(nl!.resources.gadgets!.fields).toMatchObject({ size: 'Size (nl)', 'size.width': 'Width (nl)', 'parts.label': 'Part label (nl)' });
    expect(nl!.resources.gadgets!).toMatchObject({ name_one: 'Gadget (nl)', name_other: 'Gadgets (nl)' });
    const keys = (m: object): string[] => Object.entries(m).flatMap(([k, v]) => (v && typeof v === 'object' ? keys(v).map((s) => `${k}/${s}`) : [k]));
    expect(keys(en!)).toEqual(keys(nl!));
    expect(keys(fr!)).toEqual(keys(nl!));
  });

  it('turns {name} into i18next placeholders and copies the error catalogue', () => {
    const en = messagesFor(ir, 'en');
    expect(en.failure.gadgets).toEqual({ update: 'Error updating {{name}}' });
    expect(en.ErrorMessage.invalidEndDate).toBe('The end date must be after the start date.');
    expect(en.validation.messages.required).toBe('This field is required.');
  });
});
