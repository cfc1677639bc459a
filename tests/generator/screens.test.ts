import { describe, expect, it } from 'vitest';
import { generate } from '../../generator/run';
import { messagesFor } from '../../generator/passes/i18n';
import { buildIr } from '../../generator/ir';
import { fixtureModel, gadgets, RESOURCES } from './fixtures/model';
import { access, endpoints, t, type ResourceDef } from '../../model/dsl';

const { files } = await generate(fixtureModel(), { migrations: [] });
const file = (path: string) => files.find((f) => f.path === path)?.content;
const ir = buildIr(fixtureModel());

/** The fixture model with `panel` as the show panel of resource `name` (and `patch` applied to it). */
const withShowPanel = (name: string, panel: string, patch: Partial<ResourceDef> = {}) =>
  fixtureModel(RESOURCES.map((r) => (r.name === name ? { ...r, ...patch, screens: { ...r.screens!, show: { panel } } } : r)));

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

  it('lists in a DataTable whose columns sort only where the server sorts', () => {
    const list = file('generated/admin/gadgets/List.gen.tsx')!;
    expect(list).toContain('<DataTable rowClick="edit" bulkActionButtons={false}>');
    expect(list).not.toContain('Datagrid');
    // plain text: a bare column; a widget needing only its source: field={…}
    expect(list).toContain('<DataTable.Col source="name" />');
    expect(list).toContain('<DataTable.Col source="price" align="right" field={MoneyField} />');
    // marked in list.sortable: a reference (by the maker's name) and a JSON member
    expect(list).toMatch(/<DataTable.Col source="makerId">\s*<ReferenceField/);
    expect(list).toContain('<DataTable.Col source="size.width" label="resources.gadgets.fields.size.width" align="right" field={NumberField} />');
    // a JSON member the model does not mark cannot sort on the server
    expect(list).toContain('<DataTable.Col source="size.height" label="resources.gadgets.fields.size.height" disableSort align="right" field={NumberField} />');
    // an unmarked reference sorts by id on the server, which is not what the cell shows
    const unmarked = gadgets.list.columns.filter((c) => c !== 'makerId');
    const model = fixtureModel(RESOURCES.map((r) => (r.name === 'gadgets' ? { ...r, list: { ...r.list, sortable: ['size.width'], columns: unmarked.concat('makerId') } } : r)));
    return generate(model, { migrations: [] }).then(({ files: again }) => {
      expect(again.find((f) => f.path === 'generated/admin/gadgets/List.gen.tsx')!.content).toContain('<DataTable.Col source="makerId" disableSort>');
    });
  });

  it('exports each screen set as <Resource> props with its name, representation and icon', () => {
    const index = file('generated/admin/gadgets/index.gen.ts')!;
    expect(index).toContain("import Widgets from '@mui/icons-material/Widgets';");
    expect(index).toContain("export const gadgetScreens: AdminScreenSet = { name: 'gadgets', list: GadgetList, show: GadgetShow, edit: GadgetEdit, create: GadgetCreate, recordRepresentation: 'name', icon: Widgets };");
  });

  it('puts each group of the model in a tab, ungrouped fields in the first, and leaves out groups with nothing to edit', () => {
    const edit = file('generated/admin/gadgets/Edit.gen.tsx')!;
    const tabs = [...edit.matchAll(/<TabbedForm\.Tab label="([^"]+)">/g)].map((m) => m[1]);
    expect(tabs).toEqual(['resources.gadgets.groups.basics', 'resources.gadgets.groups.stock', 'resources.gadgets.groups.dates']);
    const basics = edit.slice(edit.indexOf('groups.basics'), edit.indexOf('groups.stock'));
    expect(basics).toContain('source="weight"'); // named by no group
    expect(basics.indexOf('source="name"')).toBeLessThan(basics.indexOf('source="makerId"')); // the group's order
    expect(edit.slice(edit.indexOf('groups.dates'))).toContain('<DateInput source="availableFrom" />');
    // the show page has the same tabs, and the timestamps close the first
    const show = file('generated/admin/gadgets/Show.gen.tsx')!;
    expect([...show.matchAll(/<TabbedShowLayout\.Tab label="([^"]+)">/g)].map((m) => m[1])).toEqual(tabs);
    expect(show.slice(0, show.indexOf('groups.stock'))).toContain('<DateField source="updatedAt"');
  });

  it('writes sections as titled parts of one form and show page', () => {
    const create = file('generated/admin/makers/Create.gen.tsx')!;
    expect(create).toMatch(/<SimpleForm [^>]*>\s*<FormSection label="resources.makers.groups.identity">\s*<TextInput source="name"/);
    expect(create).toMatch(/<FormSection label="resources.makers.groups.origin">\s*<SelectInput source="country"/);
    expect(file('generated/admin/makers/Show.gen.tsx')).toMatch(/<ShowSection label="resources.makers.groups.origin">\s*<SelectField source="country"/);
    // without groups: one column
    expect(file('generated/admin/bins/Create.gen.tsx')).toMatch(/<SimpleForm [^>]*>\s*<TextInput source="label"/);
  });

  it('leaves validation to the schema: no browser check speaking its own language', () => {
    for (const path of ['generated/admin/gadgets/Edit.gen.tsx', 'generated/admin/makers/Create.gen.tsx', 'generated/admin/bins/Create.gen.tsx']) {
      expect(file(path)).toMatch(/<(SimpleForm|TabbedForm) resolver=\{zodFormResolver\(\w+\)\}[^>]* noValidate/);
    }
  });

  it('refuses groups and sortable columns that name what the model does not have', () => {
    const broken = (patch: Partial<ResourceDef>) => () => buildIr(fixtureModel(RESOURCES.map((r) => (r.name === 'gadgets' ? { ...r, ...patch } : r))));
    const groups = (g: Record<string, string[]>) => ({ screens: { ...gadgets.screens!, groups: { layout: 'tabs' as const, groups: Object.fromEntries(Object.entries(g).map(([k, f]) => [k, { label: t('a', 'a', 'a'), fields: f }])) } } });
    expect(broken(groups({ a: ['nmae'] }))).toThrow(/group a names unknown field nmae/);
    expect(broken(groups({ a: ['name'], b: ['name'] }))).toThrow(/field name is in two groups/);
    expect(broken({ list: { ...gadgets.list, sortable: ['notes'] } })).toThrow(/sortable notes is not a list column/);
    expect(broken({ list: { ...gadgets.list, sortable: ['name'] } })).toThrow(/sortable name is neither a reference nor a sortable member/);
  });

  it("draws the model's show panel above the fields, imported from src/app", async () => {
    const { files: drawn } = await generate(withShowPanel('gadgets', 'pages/gadgets/GadgetStock#GadgetStock'), { migrations: [] });
    const show = drawn.find((f) => f.path === 'generated/admin/gadgets/Show.gen.tsx')!.content;
    expect(show).toContain("import { GadgetStock } from '../../../src/app/pages/gadgets/GadgetStock';");
    expect(show).toMatch(/<Show>\s*<GadgetStock \/>\s*<TabbedShowLayout>/);
    expect(show).not.toMatch(/import \{[^}]*GadgetStock[^}]*\} from 'react-admin'/);
    // a default export gets a name of the resource's
    const { files: byDefault } = await generate(withShowPanel('bins', 'pages/bins/BinFill#default'), { migrations: [] });
    const binShow = byDefault.find((f) => f.path === 'generated/admin/bins/Show.gen.tsx')!.content;
    expect(binShow).toContain("import { default as BinShowPanel } from '../../../src/app/pages/bins/BinFill';");
    expect(binShow).toMatch(/<Show>\s*<BinShowPanel \/>\s*<SimpleShowLayout>/);
    // without one, the show page is the fields alone
    expect(file('generated/admin/gadgets/Show.gen.tsx')).toMatch(/<Show>\s*<TabbedShowLayout>/);
  });

  it("refuses a show panel that is no '<module under src/app>#<export>', or that has no show page to be drawn on", () => {
    expect(() => buildIr(withShowPanel('gadgets', '../server/main#start'))).toThrow(/gadgets: show panel \.\.\/server\/main#start is not '<module under src\/app>#<export>'/);
    expect(() => buildIr(withShowPanel('gadgets', 'pages/gadgets/GadgetStock'))).toThrow(/gadgets: show panel pages\/gadgets\/GadgetStock is not/);
    expect(() => buildIr(withShowPanel('gadgets', 'pages/gadgets/GadgetStock#1st'))).toThrow(/gadgets: show panel pages\/gadgets\/GadgetStock#1st is not/);
    const listOnly = { customer: endpoints.restV2('/v2/makers', ['list', 'create'], access.customer('suppliers')) };
    const model = withShowPanel('makers', 'pages/makers/MakerPanel#MakerPanel', { endpoints: listOnly });
    expect(() => buildIr(model)).toThrow(/makers: show panel pages\/makers\/MakerPanel#MakerPanel on screens without a show page/);
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
    expect(nl!.resources.gadgets!.groups).toMatchObject({ basics: 'Basics (nl)', stock: 'Stock (nl)' });
    expect(fr!.resources.makers!.groups).toEqual({ identity: 'Identity (fr)', origin: 'Origin (fr)' });
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
