import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { AdminContext, memoryStore, ResourceContextProvider } from 'react-admin';
import { RESOURCE_ENDPOINTS } from '../../generated/app/endpoints.gen';
import { SupplierCreate } from '../../generated/admin/suppliers/Create.gen';
import { OfferCreate } from '../../generated/admin/offers/Create.gen';
import nlBase from '../../generated/i18n/nl.gen';
import frBase from '../../generated/i18n/fr.gen';
import frResources from '../../generated/i18n/fr.resources.gen';
import nlResources from '../../generated/i18n/nl.resources.gen';

// The error texts are split over the two tiers (model LIGHT_PAGE_MESSAGES); a form reads both.
const nlMessages = { ...nlBase, ErrorMessage: { ...nlResources.ErrorMessage, ...nlBase.ErrorMessage } };
const frMessages = { ...frBase, ErrorMessage: { ...frResources.ErrorMessage, ...frBase.ErrorMessage } };
import { createDataProvider } from '../../src/app/data';
import { createAppI18n } from '../../src/app/i18n';
import type { Language } from '../../src/app/i18n/language';
import { issueKey } from '../../src/app/generated-support';
import { fakeFetch, testHttp } from './helpers';

async function renderForm(Form: () => React.JSX.Element, resource: string, language: Language = 'nl') {
  const net = fakeFetch(() => ({ body: {} }));
  const { i18nProvider, loadAdminTexts } = await createAppI18n(language);
  await loadAdminTexts();
  const dataProvider = createDataProvider({ http: testHttp(net.fetch), endpoints: RESOURCE_ENDPOINTS, i18nProvider });
  render(
    <MemoryRouter>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider} store={memoryStore()}>
        <ResourceContextProvider value={resource}>
          <Form />
        </ResourceContextProvider>
      </AdminContext>
    </MemoryRouter>,
  );
  return net;
}

// role queries walk the whole accessibility tree of a form of 28 inputs: far too slow in jsdom
const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label, { selector: 'input, textarea' }), { target: { value } });
const tabNames = () => [...document.querySelectorAll('[role="tab"]')].map((t) => t.textContent);
const openTab = (name: string) => fireEvent.click(screen.getByText(name, { selector: '[role="tab"]' }));
const save = (name: string) => fireEvent.click(screen.getByText(name).closest('button')!);

describe('generated forms: groups and translated validation', () => {
  it('shows the supplier form in tabs and says in Dutch what is wrong with money, e-mail and phone', async () => {
    const net = await renderForm(SupplierCreate, 'suppliers');
    await screen.findByText('Algemeen', { selector: '[role="tab"]' });
    expect(tabNames()).toEqual(['Algemeen', 'Contact', 'Adres', 'Levering', 'Financiën']);
    type(/^Naam/, 'Leverancier X');

    openTab('Contact');
    type(/^E-mail leverancier/, 'geen-adres');
    type(/^Telefoon/, 'bel me');

    openTab('Levering');
    const shipping = screen.getByLabelText(/^Verzendkosten/, { selector: 'input' });
    // money: a euro amount with the decimal keyboard
    expect(within(shipping.closest('.MuiInputBase-root') as HTMLElement).getByText('€')).toBeInTheDocument();
    expect(shipping).toHaveAttribute('inputmode', 'decimal');
    type(/^Verzendkosten/, 'abc');
    save('Opslaan');

    expect(await screen.findByText('Enkel cijfers, met een optionele komma.')).toBeInTheDocument();
    expect(screen.queryByText(/Invalid input/)).toBeNull();
    openTab('Contact');
    expect(await screen.findByText('Geen geldig e-mailadres.')).toBeInTheDocument();
    expect(screen.getByText('Geen geldig telefoonnummer.')).toBeInTheDocument();
    expect(net.calls).toEqual([]); // nothing wrong is sent
  }, 90_000);

  it('says it in French on a French form, and a comma amount is accepted', async () => {
    await renderForm(SupplierCreate, 'suppliers', 'fr');
    await screen.findByText('Livraison', { selector: '[role="tab"]' });
    openTab('Livraison');
    type(/^Frais de livraison/, '12,5,0');
    type(/^Livraison gratuite/, '7,50');
    save('Enregistrer');
    expect(await screen.findByText('Chiffres uniquement, avec une virgule optionnelle.')).toBeInTheDocument();
    expect(screen.getAllByText(/Chiffres uniquement/)).toHaveLength(1);
  }, 90_000);

  it('shows a long form in sections with translated titles', async () => {
    await renderForm(OfferCreate, 'offers', 'en');
    // the form's sections; a date picker's day, month and year are a group of their own
    const groups = (await screen.findAllByRole('group')).filter((g) => g.tagName === 'FIELDSET');
    expect(groups.map((g) => g.querySelector('legend')?.textContent)).toEqual(['Content', 'Publication']);
    expect(within(groups[1]!).getByLabelText(/^Start date/, { selector: 'input' })).toBeInTheDocument();
  });
});

describe('date inputs: the date picker in the interface language', () => {
  const offerBody = (net: Awaited<ReturnType<typeof renderForm>>) => net.calls.find((c) => c.method === 'POST')?.body;

  it('is typed as DD/MM/YYYY and sends the day as yyyy-MM-dd', async () => {
    const net = await renderForm(OfferCreate, 'offers', 'nl');
    const start = await screen.findByLabelText(/^Startdatum/, { selector: 'input' });
    expect(start).toBeInTheDocument();
    type(/^Omschrijving/, 'Lentepromo');
    type(/^Startdatum/, '05/03/2030');
    type(/^Einddatum/, '31/03/2030');
    save('Opslaan');
    await vi.waitFor(() => expect(offerBody(net)).toMatchObject({ dto: { startDate: '2030-03-05', endDate: '2030-03-31' } }));
  });

  it("checks the dates picked against the form's rules, in French, and sends nothing", async () => {
    const net = await renderForm(OfferCreate, 'offers', 'fr');
    await screen.findByLabelText(/^Date de début/, { selector: 'input' });
    type(/^Description/, 'Promo');
    type(/^Date de début/, '31/03/2030');
    type(/^Date de fin/, '05/03/2030');
    save('Enregistrer');
    expect(await screen.findByText(frMessages.ErrorMessage.invalidEndDate)).toBeInTheDocument();
    expect(net.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('opens a calendar whose month names follow the interface language', async () => {
    await renderForm(OfferCreate, 'offers', 'fr');
    await screen.findByLabelText(/^Date de début/, { selector: 'input' });
    type(/^Date de début/, '05/03/2030');
    fireEvent.click(screen.getAllByRole('button', { name: /choisir la date|choose date/i })[0]!);
    expect(await screen.findByText(/mars 2030/i)).toBeInTheDocument();
  });
});

describe('validation messages', () => {
  const bad: unknown[] = ['abc', '', '   ', 12, -5, 1e20, true, null, '2020-13-45', 'x'.repeat(20_000), ['x'], { nested: 1 }, 'not an e-mail', 'ftp://x'];

  it('are keys the messages define, whatever a form holds (zod never speaks English on a form)', () => {
    const defined = (key: string) => {
      const [tree, ...rest] = key.split('.');
      const root = tree === 'validation' ? nlMessages.validation : tree === 'ErrorMessage' ? nlMessages.ErrorMessage : undefined;
      // validation.messages.<rule> → validation['messages'][rule]; ErrorMessage.<code> → ErrorMessage[code]
      return !!root && typeof (rest.reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], root)) === 'string';
    };
    let checked = 0;
    const modules = import.meta.glob<Record<string, unknown>>('../../generated/schemas/*.gen.ts', { eager: true });
    const schemas = Object.values(modules).flatMap((m) => Object.entries(m));
    for (const [name, schema] of schemas) {
      if (!/CreateSchema$|UpdateSchema$/.test(name) || typeof (schema as { safeParse?: unknown }).safeParse !== 'function') continue;
      const shape = (schema as unknown as { shape?: Record<string, unknown> }).shape ?? {};
      for (const field of Object.keys(shape)) {
        for (const value of bad) {
          const result = (schema as unknown as { safeParse: (v: unknown) => { success: boolean; error?: { issues: never[] } } }).safeParse({ [field]: value });
          for (const issue of result.error?.issues ?? []) {
            expect(defined(issueKey(issue)), `${name}.${field} = ${JSON.stringify(value).slice(0, 30)}: ${issueKey(issue)}`).toBe(true);
            checked++;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(500);
  });
});
