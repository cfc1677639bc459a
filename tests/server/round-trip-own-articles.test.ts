/**
 * The round trip of the custom creates of supplier articles (issue 11 §2): an own article sent as the
 * shop contract writes it (core §3: shortDescriptions and longDescriptions as [{languageCode,
 * description}]), every field filled from the field kinds' examples, comes back equal from
 * POST /supplier-articles/id, and what was read can be sent back through createOrUpdateOwn unchanged.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { resourceByName } from '../../model';
import { exampleRecord } from '../../src/shared/field-kinds';
import { fails, ok } from './helpers/expect';
import { startTestApp, type TestApp } from './helpers/test-app';
import { seededId, withReferences } from './round-trip-helpers';

type Body = Record<string, unknown>;
type Texts = { nl: string; en: string; fr: string };

let t: TestApp;
let customerId: string;
let template: Body;
beforeAll(async () => {
  t = await startTestApp();
  [customerId] = await t.customerIds();
  // Every writable field of a supplier article from the field kinds' examples (the generic admin create
  // is a call now, so the generated round trips have no case of it), its references resolved below.
  const fields = resourceByName('supplier-articles').fields;
  const body = exampleRecord(fields, { dates: 0 });
  const references = Object.fromEntries(Object.entries(fields).filter(([k, f]) => f.kind === 'reference' && !f.readOnly && body[k] !== undefined).map(([k, f]) => [k, f.target!]));
  template = await withReferences({ body, references }, async (path, target) => {
    const id = await seededId(t, target, customerId, 'customer');
    if (!id) throw new Error(`no ${target} row for ${path}`);
    return id;
  });
});
afterAll(async () => { await t?.close(); });

const as = () => ({ as: 'superadmin@demo.test', customerId });
const lists = (texts: Texts) => (['nl', 'en', 'fr'] as const).map((languageCode) => ({ languageCode, description: texts[languageCode] }));

/** Every field of the model's example, the descriptions as the contract's language lists (one with a line break). */
function contractDto(articleNumberSupplier: string): Body {
  const { shortDescription, longDescription, ...rest } = template as Body & { shortDescription: Texts; longDescription: Texts };
  return {
    ...rest, articleNumberSupplier, type: 'CustomerDefined',
    shortDescriptions: lists(shortDescription),
    longDescriptions: lists({ ...longDescription, nl: `${longDescription.nl}\nTweede regel` }),
  };
}

const read = async (id: string) => ok(await t.call('POST', '/api/supplier-articles/id', { ...as(), body: { query: { id } } })).result as Body;
const sentComesBack = (sent: Body, dto: Body) => expect(Object.fromEntries(Object.keys(sent).map((k) => [k, dto[k]]))).toEqual(sent);

describe('own articles: what a read answers, the write accepts', () => {
  test('createOwn with every field filled → read → equal; createOrUpdateOwn with what was read → read → equal', async () => {
    const sent = contractDto('RT-OWN-1');
    const id = ok(await t.call('POST', '/api/supplier-articles/createOwn', { ...as(), body: { dto: sent } })).result as string;
    const first = await read(id);
    sentComesBack(sent, first);
    expect((first.longDescriptions as { description: string }[])[0]!.description).toContain('\n');

    expect(ok(await t.call('POST', '/api/supplier-articles/createOrUpdateOwn', { ...as(), body: { dtos: [first] } })).result).toEqual([id]);
    expect(await read(id)).toEqual(first);
  });

  test('createOrUpdateOwn creating with every field filled → read → equal', async () => {
    const sent = contractDto('RT-OWN-2');
    const [id] = ok(await t.call('POST', '/api/supplier-articles/createOrUpdateOwn', { ...as(), body: { dtos: [sent] } })).result as string[];
    sentComesBack(sent, await read(id!));
  });

  test('a key that is no field, or a description list beside its translated field, is refused and nothing is stored', async () => {
    const count = async () => Number((await t.db.selectFrom('supplierArticles').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    const one = fails(await t.call('POST', '/api/supplier-articles/createOwn', { ...as(), body: { dto: { ...contractDto('RT-OWN-3'), descriptions: [] } } }), 400, 'validationFailed');
    expect(one.details).toEqual([expect.objectContaining({ path: 'dto.descriptions', rule: 'unknownField' })]);
    const both = { ...contractDto('RT-OWN-4'), shortDescription: { nl: 'Kort' } };
    const two = fails(await t.call('POST', '/api/supplier-articles/createOrUpdateOwn', { ...as(), body: { dtos: [both] } }), 400, 'validationFailed');
    expect(two.details).toEqual([expect.objectContaining({ path: 'dtos.0.shortDescriptions', rule: 'invalid' })]);
    const wrong = { ...contractDto('RT-OWN-5'), shortDescriptions: [{ languageCode: 'de', description: 'Kurz' }] };
    const three = fails(await t.call('POST', '/api/supplier-articles/createOwn', { ...as(), body: { dto: wrong } }), 400, 'validationFailed');
    expect(three.details).toEqual([expect.objectContaining({ path: 'dto.shortDescriptions.0.languageCode', rule: 'choice' })]);
    expect(await count()).toBe(before);
  });
});
