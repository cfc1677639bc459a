import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { AdminContext, memoryStore, useTranslate } from 'react-admin';
import { AppServicesProvider } from '../../src/app/bootstrap/context';
import type { AppServices } from '../../src/app/bootstrap/services';
import { createAppI18n } from '../../src/app/i18n';
import { LanguageSwitcher } from '../../src/app/shell/LanguageSwitcher';
import { readSession, writeSession } from '../../src/app/session/store';
import { fakeFetch, testHttp } from './helpers';

function Texts() {
  const translate = useTranslate();
  return (
    <ul>
      <li data-testid="app">{translate('app.notFound.title')}</li>
      <li data-testid="ra">{translate('ra.action.save')}</li>
      <li data-testid="model">{translate('resources.suppliers.name', { smart_count: 2 })}</li>
    </ul>
  );
}

async function renderSwitcher() {
  const net = fakeFetch((call) => ({ body: call.body }));
  const i18n = await createAppI18n('nl');
  await i18n.loadAdminTexts(); // react-admin's context, as in an area (areas/use-ra-services.ts)
  const { i18nProvider } = i18n;
  const services = { http: testHttp(net.fetch), i18n } as unknown as AppServices;
  render(
    <MemoryRouter>
      <AppServicesProvider value={services}>
        <AdminContext i18nProvider={i18nProvider} store={memoryStore({ locale: 'nl' })}>
          <LanguageSwitcher />
          <Texts />
        </AdminContext>
      </AppServicesProvider>
    </MemoryRouter>,
  );
  return net;
}

/** The switch is named by its label and the language shown on it, 'Taal (NL)': label and visible text agree. */
async function choose(current: string, language: string) {
  fireEvent.click(await screen.findByRole('button', { name: new RegExp(`^${current} \\([A-Z]{2}\\)$`) }));
  fireEvent.click(await screen.findByRole('menuitem', { name: language }));
}

describe('language switch', () => {
  it('renders Dutch, then English, then French texts of the app, react-admin and the model', async () => {
    await renderSwitcher();
    expect(await screen.findByTestId('app')).toHaveTextContent('Deze pagina kon niet worden gevonden');
    expect(screen.getByTestId('ra')).toHaveTextContent('Opslaan');
    expect(screen.getByTestId('model')).toHaveTextContent('Leveranciers');

    await choose('Taal', 'English');
    await waitFor(() => expect(screen.getByTestId('app')).toHaveTextContent('This page could not be found'));
    expect(screen.getByTestId('ra')).toHaveTextContent('Save');
    expect(screen.getByTestId('model')).toHaveTextContent('Suppliers');
    expect(document.documentElement.lang).toBe('en');

    await choose('Language', 'Français');
    await waitFor(() => expect(screen.getByTestId('app')).toHaveTextContent('Cette page est introuvable'));
    expect(screen.getByTestId('ra')).toHaveTextContent('Enregistrer');
    expect(screen.getByTestId('model')).toHaveTextContent('Fournisseurs');
  });

  it('opens its menu with the focus on the current language, and Escape closes it', async () => {
    await renderSwitcher();
    const button = await screen.findByRole('button', { name: 'Taal (NL)' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(screen.queryByRole('menu')).toBeNull();
    button.focus();
    fireEvent.click(button);
    const current = await screen.findByRole('menuitem', { name: 'Nederlands' });
    await waitFor(() => expect(current).toHaveFocus());
    fireEvent.keyDown(current, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    await waitFor(() => expect(button).toHaveFocus());
  });

  it("saves a signed-in user's choice in the user settings", async () => {
    writeSession({ loggedIn: true, userSettings: { languageCode: 'NL', phoneNumber: '+32 2 000 00 00', landingPage: 'dashboard' } });
    const net = await renderSwitcher();
    await choose('Taal', 'English');
    await waitFor(() => expect(net.calls).toHaveLength(1));
    expect(net.calls[0].method).toBe('PUT');
    expect(net.calls[0].url.pathname).toBe('/api/user-settings');
    expect(net.calls[0].body).toEqual({ languageCode: 'EN', phoneNumber: '+32 2 000 00 00', landingPage: 'dashboard' });
    await waitFor(() => expect(readSession().userSettings?.languageCode).toBe('EN'));
  });
});
