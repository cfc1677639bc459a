import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { AdminContext, memoryStore, type AuthProvider } from 'react-admin';
import { AppServicesProvider } from '../../src/app/bootstrap/context';
import { defaultDomain } from '../../src/app/bootstrap/domain';
import type { AppServices } from '../../src/app/bootstrap/services';
import { createAppI18n } from '../../src/app/i18n';
import { ShopUserMenu } from '../../src/app/shell/ShopUserMenu';

/** A window as wide as a laptop's (every min-width query matches) or as a phone's (none does). */
function screenWidth(wide: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: wide && query.includes('min-width'), media: query, onchange: null,
    addListener: () => {}, removeListener: () => {}, addEventListener: () => {}, removeEventListener: () => {}, dispatchEvent: () => false,
  }));
}

async function renderMenu() {
  const i18n = await createAppI18n('nl');
  await i18n.loadAdminTexts();
  const auth: AuthProvider = {
    login: async () => {}, logout: async () => undefined, checkAuth: async () => {}, checkError: async () => {},
    getIdentity: async () => ({ id: 'u1', fullName: 'Bea Buyer' }),
  };
  const services = { domain: defaultDomain(), i18n } as unknown as AppServices;
  render(
    <AppServicesProvider value={services}>
      <MemoryRouter>
        <AdminContext authProvider={auth} i18nProvider={i18n.i18nProvider} store={memoryStore({ locale: 'nl' })}>
          <ShopUserMenu />
        </AdminContext>
      </MemoryRouter>
    </AppServicesProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe("the react-admin layout's user menu", () => {
  it("is named after the user's name it shows, then what it is for, in the interface language (WCAG 2.5.3)", async () => {
    screenWidth(true);
    await renderMenu();
    const button = await screen.findByRole('button', { name: 'Bea Buyer (Profiel)' });
    expect(button).toHaveTextContent('Bea Buyer');
  });

  it('on a phone, where it shows only its icon, is named in the interface language, not react-admin\'s English default', async () => {
    screenWidth(false);
    await renderMenu();
    // The first render already: before and after the identity has loaded.
    expect(screen.getByRole('button', { name: 'Profiel' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('button', { name: 'Profiel' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /profile/i })).not.toBeInTheDocument();
  });
});
