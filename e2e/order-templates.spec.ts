import { expect, test, type Page } from '@playwright/test';
import { signIn, siteUrl, uniqueSuffix, apiCall as call, expectFitsWindow } from './actions';
import { expectAccessible } from './axe';

/**
 * Order templates in the shop (flows §2 /order-templates, /order-templates/{id}), in Dutch on
 * localhost: Bakkerij Janssens BV, the buyer's company, has the orderTemplates feature. The buyer
 * saves the basket as a template, finds it through the sidebar, changes an amount and adds an
 * article on its page, and puts it in the basket in one click; then once more from the list, on a
 * phone-sized screen, and deletes it after confirming. Both pages pass axe-core's serious checks.
 */
const site = siteUrl();

interface Article { id: string; articleNumberSupplier: string; title: { nl: string }; price: string; stock: number | null; minOrderQuant: number | null; type: string | null; available: boolean }
interface Basket { transporterLines: { amount: number; transporterArticle: { id: string } }[] }

const basketLines = async (page: Page) =>
  (await call<{ result: Basket }>(page, 'GET', '/v2/transporters/load')).result.transporterLines.map((l) => [l.transporterArticle.id, l.amount]);
const setBasket = (page: Page, lines: [string, number][]) =>
  call(page, 'PUT', '/v2/transporters/update', { transporter: { transporterLines: lines.map(([id, amount]) => ({ amount, transporterArticle: { id } })) } });

test('the buyer saves the basket as a template, edits it, and one click fills the basket again', async ({ page }) => {
  const title = `Weekbestelling ${uniqueSuffix()}`;
  await signIn(page, 'buyer@demo.test');

  const items = (await call<{ result: { items: Article[] } }>(page, 'POST', '/supplier-articles/query', { query: { take: 100 } })).result.items;
  const orderable = items.filter((a) => a.available && a.type !== 'GiftCard' && (a.minOrderQuant ?? 1) <= 1 && a.stock === null);
  expect(orderable.length, 'three orderable demo articles without stock limit').toBeGreaterThanOrEqual(3);
  const [first, second, third] = orderable;
  let templateUrl = '';

  await test.step('the basket is saved as a template', async () => {
    await setBasket(page, [[first.id, 2], [second.id, 3]]);
    await page.goto(`${site}/transporter`);
    await page.getByRole('button', { name: 'Bewaren als sjabloon' }).click();
    const dialog = page.getByRole('dialog', { name: 'Winkelmandje bewaren als sjabloon' });
    await dialog.getByRole('button', { name: 'Opslaan' }).click();
    await expect(dialog.getByText('Dit veld is verplicht.')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Titel' }).fill(title);
    await dialog.getByRole('button', { name: 'Opslaan' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/transporter$/);
  });

  await test.step('the basket is ordered empty; the template is found through the sidebar', async () => {
    await setBasket(page, []);
    await page.getByRole('menuitem', { name: 'Bestellen' }).click();
    await page.getByRole('menuitem', { name: 'Bestelsjablonen' }).click();
    await expect(page).toHaveURL(/\/order-templates$/);
    await page.getByRole('searchbox', { name: 'Zoek een sjabloon' }).fill(title);
    const row = page.getByRole('row').filter({ hasText: title });
    await expect(row).toContainText('2 lijnen');
    await expectAccessible(page, 'template list');
    await row.getByRole('link', { name: `Sjabloon ${title} openen` }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    templateUrl = page.url();
  });

  await test.step('on its page an amount changes and an article is added by its number', async () => {
    await expectAccessible(page, 'template page');
    await page.getByRole('spinbutton', { name: `Aantal van ${first.title.nl}` }).fill('5');
    await page.getByRole('combobox', { name: 'Artikel toevoegen' }).fill(third.articleNumberSupplier);
    await page.getByRole('option').filter({ hasText: third.articleNumberSupplier }).first().click();
    await expect(page.getByRole('spinbutton', { name: `Aantal van ${third.title.nl}` })).toHaveValue('1');
    await expect(page.getByText('Je wijzigingen zijn nog niet bewaard.')).toBeVisible();
    await page.getByRole('button', { name: 'Bewaren', exact: true }).click();
    await expect(page.getByText('Je wijzigingen zijn nog niet bewaard.')).toBeHidden();
    const saved = await call<{ result: { items: { id: string; lineCount: number; itemCount: number }[] } }>(page, 'POST', '/order-templates/query', { query: { search: title } });
    expect(saved.result.items[0]).toMatchObject({ lineCount: 3, itemCount: 9 });
  });

  await test.step('one click puts the template in the basket and opens it', async () => {
    await page.getByRole('button', { name: 'In winkelmandje' }).click();
    await expect(page).toHaveURL(/\/transporter$/);
    await expect(page.getByTestId('basket-total')).toBeVisible();
    expect(await basketLines(page)).toEqual([[first.id, 5], [second.id, 3], [third.id, 1]]);
  });

  await test.step('on a phone, from the list, the template is added to what the basket holds; then it is deleted', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    // The tables scroll in their own box: the pages themselves do not get wider than the screen.
    await page.goto(templateUrl);
    await expect(page.getByRole('spinbutton', { name: `Aantal van ${third.title.nl}` })).toBeVisible();
    await expectFitsWindow(page);
    await setBasket(page, [[second.id, 1]]);
    await page.goto(`${site}/order-templates`);
    await page.getByRole('searchbox', { name: 'Zoek een sjabloon' }).fill(title);
    await expect(page.getByRole('row').filter({ hasText: title })).toBeVisible();
    await expectFitsWindow(page);
    await page.getByRole('button', { name: `Sjabloon ${title} in je winkelmandje zetten` }).click();
    await expect(page).toHaveURL(/\/transporter$/);
    expect(await basketLines(page)).toEqual([[second.id, 4], [first.id, 5], [third.id, 1]]);

    await page.goto(`${site}/order-templates`);
    await page.getByRole('searchbox', { name: 'Zoek een sjabloon' }).fill(title);
    await page.getByRole('button', { name: `Sjabloon ${title} verwijderen` }).click();
    const confirm = page.getByRole('dialog', { name: 'Sjabloon verwijderen?' });
    await confirm.getByRole('button', { name: 'Annuleren' }).click();
    await expect(page.getByRole('row').filter({ hasText: title })).toBeVisible();
    await page.getByRole('button', { name: `Sjabloon ${title} verwijderen` }).click();
    await confirm.getByRole('button', { name: 'Verwijderen' }).click();
    await expect(page.getByText('Geen sjablonen gevonden.')).toBeVisible();
    await setBasket(page, []);
  });
});
