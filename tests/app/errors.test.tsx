import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, fireEvent } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { AdminContext, Create, HttpError, memoryStore, Notification, SimpleForm, TextInput } from 'react-admin';
import { RESOURCE_ENDPOINTS } from '../../generated/app/endpoints.gen';
import { createDataProvider } from '../../src/app/data';
import { createAppI18n } from '../../src/app/i18n';
import { fakeFetch, testHttp } from './helpers';

async function setup(respond: Parameters<typeof fakeFetch>[0]) {
  const net = fakeFetch(respond);
  const { i18nProvider, loadAdminTexts } = await createAppI18n('nl');
  await loadAdminTexts(); // react-admin's forms, as in an area (areas/use-ra-services.ts)
  const dataProvider = createDataProvider({ http: testHttp(net.fetch), endpoints: RESOURCE_ENDPOINTS, i18nProvider });
  return { ...net, i18nProvider, dataProvider };
}

const failure = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (error) {
    return error as HttpError;
  }
  throw new Error('expected the call to fail');
};

describe('error messages (core §8)', () => {
  it('shows ErrorMessage.{errorCode} in the current language', async () => {
    const { dataProvider, i18nProvider } = await setup(() => ({ status: 400, body: { errorCode: 'BudgetNotEnough', message: 'server text' } }));
    const create = () => dataProvider.create('suppliers', { data: { name: 'x' } });
    const nl = await failure(create());
    expect(nl).toBeInstanceOf(HttpError);
    expect(nl.message).toBe('Het budget is niet toereikend.');
    expect(nl.status).toBe(400);
    expect(nl.body.errorCode).toBe('BudgetNotEnough');
    await i18nProvider.changeLocale('en');
    expect((await failure(create())).message).toBe('The budget is not enough.');
    await i18nProvider.changeLocale('fr');
    expect((await failure(create())).message).toBe("Le budget n'est pas suffisant.");
  });

  it('maps a bare code body (duplicate_email) like the envelope', async () => {
    const { dataProvider } = await setup(() => ({ status: 409, body: 'duplicate_email' }));
    expect((await failure(dataProvider.create('suppliers', { data: {} }))).message).toBe('Er bestaat al een gebruiker met dit e-mailadres.');
  });

  it("falls back to the resource's failure text with the record's name, then to a general message", async () => {
    const { dataProvider } = await setup(() => ({ status: 500, body: { errorCode: 'SomethingUnknown', message: 'boom' } }));
    const record = { id: 'c1', name: 'Papier' };
    expect((await failure(dataProvider.update('article-categories', { id: 'c1', data: record, previousData: record }))).message)
      .toBe('Fout bij het bijwerken van artikelcategorie Papier');
    expect((await failure(dataProvider.getList('warehouses', { pagination: { page: 1, perPage: 5 }, sort: { field: 'name', order: 'ASC' }, filter: {} }))).message)
      .toBe('Er is een fout opgetreden.');
  });

  it('shows the forbidden-access message on a 403 without code', async () => {
    const { dataProvider } = await setup(() => ({ status: 403 }));
    const error = await failure(dataProvider.getOne('suppliers', { id: 's1' }));
    expect(error.message).toBe('Je hebt geen toegang tot deze gegevens.');
    expect(error.status).toBe(403);
  });

  it('turns details into nested form errors', async () => {
    const { dataProvider } = await setup(() => ({
      status: 400,
      body: { errorCode: 'validationFailed', message: 'x', details: [
        { path: 'name', rule: 'required', message: 'Dit veld is verplicht.' },
        { path: 'address.city', rule: 'maxLength', message: 'Te lang.' },
      ] },
    }));
    const error = await failure(dataProvider.create('warehouses', { data: {} }));
    expect(error.message).toBe('Niet alle velden zijn correct ingevuld.');
    expect(error.body.errors).toEqual({ name: 'Dit veld is verplicht.', address: { city: 'Te lang.' } });
  });
});

describe('errors on screen', () => {
  // react-admin logs every failed mutation; the failures here are the point of the tests.
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  function CreateWarehouse() {
    return (
      <Create resource="warehouses" redirect={false}>
        <SimpleForm>
          <TextInput source="name" />
        </SimpleForm>
      </Create>
    );
  }

  async function renderCreate(respond: Parameters<typeof fakeFetch>[0]) {
    const { dataProvider, i18nProvider } = await setup(respond);
    render(
      <MemoryRouter>
        <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider} store={memoryStore()}>
          <CreateWarehouse />
          <Notification />
        </AdminContext>
      </MemoryRouter>,
    );
    fireEvent.change(await screen.findByLabelText(/Naam/), { target: { value: 'Centraal' } });
    fireEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
  }

  it("puts the server's field details on the form's inputs", async () => {
    await renderCreate(() => ({ status: 400, body: { errorCode: 'validationFailed', message: 'x', details: [{ path: 'name', rule: 'unique', message: 'Deze naam bestaat al.' }] } }));
    expect(await screen.findByText('Deze naam bestaat al.')).toBeInTheDocument();
  });

  it('notifies the translated ErrorMessage', async () => {
    await renderCreate(() => ({ status: 400, body: { errorCode: 'RestockNeedsDepartment', message: 'x' } }));
    await waitFor(() => expect(screen.getByText('Een herbevoorradingsinstelling vereist een afdeling.')).toBeInTheDocument());
  });
});
