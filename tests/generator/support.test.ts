import { describe, expect, it } from 'vitest';
import { formatMoney, parseDecimal } from '../../src/app/generated-support/decimal';
import { messageKey } from '../../src/app/generated-support/form-resolver';

describe('generated-support helpers', () => {
  it('parses decimal input the Belgian way (core §5)', () => {
    expect(parseDecimal('12,5')).toBe('12.5');
    expect(parseDecimal(' 7.50 ')).toBe('7.50');
    expect(parseDecimal('')).toBeNull();
    expect(parseDecimal('12,5,0')).toBe('12,5,0'); // left as typed, so the schema says "numerical"
  });

  it('formats money in nl-BE', () => {
    expect(formatMoney('1234.5').replace(/\s/g, ' ')).toBe('€ 1.234,50');
    expect(formatMoney(null)).toBe('');
  });

  it('maps schema messages to i18n keys', () => {
    expect(messageKey('required')).toBe('validation.messages.required');
    expect(messageKey('InvalidShippingCost')).toBe('ErrorMessage.InvalidShippingCost');
    // zod's own English texts never reach a form: they fall back to the translated "invalid value"
    expect(messageKey('Invalid input: expected ""')).toBe('validation.messages.invalid');
  });
});
