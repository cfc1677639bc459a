import { describe, expect, test } from 'vitest';
import { field, type FieldDef, type FieldKind } from '../../model/dsl';
import { exampleRecord, FIELD_KINDS, kindOf } from '../../src/shared/field-kinds';
import { fieldSchema, valueSchema } from '../../src/shared/field-schemas';

const L = (en: string) => ({ nl: en, en, fr: en });

/** One field of every kind, as the model's builders make them. */
const fields: Record<FieldKind, FieldDef> = {
  text: field.text(L('Text')).def, textarea: field.textarea(L('Textarea')).def, integer: field.integer(L('Integer')).def,
  number: field.number(L('Number')).def, money: field.money(L('Money')).def, boolean: field.boolean(L('Boolean')).def,
  date: field.date(L('Date')).def, datetime: field.datetime(L('Datetime')).def, enum: field.enum(L('Enum'), { a: L('A'), b: L('B') }).def,
  reference: field.reference(L('Reference'), 'makers').def, translated: field.translated(L('Translated')).def,
  email: field.email(L('E-mail')).def, vatNumber: field.vatNumber(L('VAT')).def, phone: field.phone(L('Phone')).def,
  barcodeTag: field.barcodeTag(L('Tag')).def, url: field.url(L('Url')).def, attachment: field.attachment(L('File')).def,
  list: field.list(L('List'), { label: field.text(L('Label')).required(), at: field.date(L('At')) }).def,
  object: field.object(L('Object'), { width: field.number(L('Width')) }).def, stringList: field.stringList(L('Strings')).def,
};

describe('the field kinds table', () => {
  test('declares every kind the model names', () => {
    expect(Object.keys(FIELD_KINDS).sort()).toEqual(Object.keys(fields).sort());
  });

  test.each(Object.entries(fields))('%s: its example passes its own schema unchanged, and a unique variant too', (_kind, f) => {
    const kind = kindOf(f);
    const example = kind.example(f, { dates: 0 });
    expect(valueSchema(f).parse(example)).toEqual(example);
    if (kind.unique) {
      const distinct = kind.unique(example, 'sfx123', f, 6);
      expect(distinct).not.toEqual(example);
      expect(valueSchema(f).parse(distinct)).toEqual(distinct);
    }
  });

  test('an example record fills every writable field, nested ones included', () => {
    const record = exampleRecord({ ...fields, countedAt: field.datetime(L('Counted')).readOnly().def });
    expect(Object.keys(record).sort()).toEqual(Object.keys(fields).sort());
    // later dates get later months, so a model's start-before-end rules hold
    expect(record.date).toBe('2030-01-15');
    expect(record.list).toEqual([{ label: 'Label', at: '2030-02-15' }]);
  });

  test('barcode tags: 6 to 25 printable characters without spaces, trimmed', () => {
    const tag = fieldSchema(fields.barcodeTag, 'create');
    expect(tag.parse(' ABC-123 ')).toBe('ABC-123');
    expect(tag.parse('x'.repeat(25))).toBe('x'.repeat(25));
    for (const bad of ['ABC12', 'x'.repeat(26), 'ABC 123', 'ABC\u0000123', 'ÄBC123']) expect(tag.safeParse(bad).success, bad).toBe(false);
    expect(tag.parse('')).toBeNull();
  });

  test('row values become record values by kind (dates, numerics, JSON text)', () => {
    expect(kindOf(fields.date).read!(new Date('2030-01-15T00:00:00Z'))).toBe('2030-01-15');
    expect(kindOf(fields.money).read!(12.5)).toBe('12.50');
    expect(kindOf(fields.integer).read!('7')).toBe(7);
    expect(kindOf(fields.list).read!('[{"label":"a"}]')).toEqual([{ label: 'a' }]);
    expect(kindOf(fields.text).read).toBeUndefined();
  });
});
