import { describe, expect, it } from 'vitest';
import { field, resource, t } from '../../model/dsl';
import { toRecord } from '../../src/server/db/records';

const label = t('Veld', 'Field', 'Champ');

/** A resource with one field of each reading kind, owned by a customer and soft-deleted. */
const sample = resource('record-samples', {
  label: { one: label, many: label },
  scope: 'customer',
  softDelete: true,
  fields: {
    name: field.text(label),
    amount: field.money(label),
    count: field.integer(label),
    day: field.date(label),
    at: field.datetime(label),
    tags: field.stringList(label),
    'odd"key': field.text(label),
  },
  recordRepresentation: 'name',
  list: { columns: ['name'], sort: { field: 'name', order: 'ASC' } },
  notFound: 'notFound',
});

const row = {
  id: 'a7c2e1d4-0000-4000-8000-000000000001', customerId: 'c', tenantId: 'not answered', secret: 'not answered',
  name: 'Koffie', amount: '12.5', count: '3', day: new Date('2026-03-04T00:00:00Z'), at: new Date('2026-03-04T10:11:12.000Z'),
  tags: '["a","b"]', 'odd"key': 'kept', createdAt: new Date('2026-01-01T00:00:00Z'), updatedAt: new Date('2026-01-02T00:00:00Z'), deleted: true,
};

describe('toRecord: a table row as the API answers it', () => {
  it("answers the record's keys in order, each read by its kind, and nothing else of the row", () => {
    const record = toRecord(sample, row);
    expect(Object.keys(record)).toEqual(['id', 'customerId', 'name', 'amount', 'count', 'day', 'at', 'tags', 'odd"key', 'createdAt', 'updatedAt', 'deleted']);
    expect(record).toEqual({
      id: row.id, customerId: 'c', name: 'Koffie', amount: '12.5', count: 3, day: '2026-03-04', at: '2026-03-04T10:11:12.000Z',
      tags: ['a', 'b'], 'odd"key': 'kept', createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-02T00:00:00.000Z', deleted: true,
    });
  });

  it('answers null for a missing or null value and false for a row that is not deleted', () => {
    const record = toRecord(sample, { id: row.id, name: null, amount: 4, createdAt: null });
    expect(record).toMatchObject({ customerId: null, name: null, amount: '4.00', count: null, day: null, tags: null, 'odd"key': null, createdAt: null, deleted: false });
  });
});
