import { describe, expect, it } from 'vitest';
import { HttpError } from 'ra-core';
import { createAppI18n } from '../../src/app/i18n';
import { problemText } from '../../src/app/features/orders/order-problems';
import { templateProblems } from '../../src/app/features/templates/problems';

const price = (v: string | number) => `€ ${v}`;
/** The English texts with the tier that holds the order and template pages' texts. */
async function english() {
  const { i18nProvider, loadAdminTexts } = await createAppI18n('en');
  await loadAdminTexts();
  return i18nProvider;
}
const MINIMUM = "The quantity is below the article's minimum order quantity.";

describe('the texts of a refusal and of the duplicate preview', () => {
  it("reads a preview problem by its code and a refusal's detail by its rule, with what their params add; an unknown rule in the server's words", async () => {
    const i18nProvider = await english();
    const byCode = problemText({ errorCode: 'BelowMinimumOrderQuantity', params: { minOrderQuant: 5 } }, i18nProvider, price);
    const byRule = problemText({ rule: 'BelowMinimumOrderQuantity', params: { minOrderQuant: 5 } }, i18nProvider, price);
    expect(byCode).toContain(MINIMUM);
    expect(byCode).toContain('5');
    expect(byRule).toBe(byCode);
    expect(problemText({ rule: 'SomethingTheAppDoesNotKnow', message: 'The server says so.' }, i18nProvider, price)).toBe('The server says so.');
  });

  it("names a template's line by the detail's path (the envelope's details)", async () => {
    const i18nProvider = await english();
    const error = new HttpError('x', 400, {
      errorCode: 'validationFailed', message: 'x',
      details: [{ path: 'dto.lines.1', rule: 'BelowMinimumOrderQuantity', message: 'x', params: { minOrderQuant: 3 } }, { path: 'dto.title', rule: 'required', message: 'x' }],
    });
    const texts = templateProblems(error, { resource: 'order-templates', op: 'update' }, i18nProvider, (i) => (i === 1 ? 'Staples' : undefined));
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatch(/^Staples: /);
    expect(texts[0]).toContain(MINIMUM);
  });
});
