import { describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { AdminContext, memoryStore } from 'react-admin';
import { createAppI18n } from '../../src/app/i18n';
import type { Language } from '../../src/app/i18n/language';
import { AppServicesProvider } from '../../src/app/bootstrap/context';
import type { AppServices } from '../../src/app/bootstrap/services';
import { LandingPage } from '../../src/app/shell/pages/LandingPage';
import { NotFoundPage } from '../../src/app/shell/pages/NotFoundPage';
import { createSessionLoader } from '../../src/app/session/load';
import { fakeFetch, testHttp, user } from './helpers';
import { ToUnauthorized, UnauthorizedPage } from '../../src/app/shell/pages/UnauthorizedPage';

async function renderAt(ui: ReactNode, language: Language = 'nl', path = '/somewhere') {
  const { i18nProvider } = await createAppI18n(language);
  const store = memoryStore({ locale: language });
  render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext i18nProvider={i18nProvider} store={store}>
        <Routes>
          <Route path="/" element={<p>landing page</p>} />
          <Route path="/unauthorized" element={<UnauthorizedPage />} />
          <Route path="*" element={ui} />
        </Routes>
      </AdminContext>
    </MemoryRouter>,
  );
}

describe('the 404 page', () => {
  it("says 'This page could not be found' with status 404 and links to /", async () => {
    await renderAt(<NotFoundPage />, 'en');
    expect(await screen.findByRole('heading', { name: 'This page could not be found' })).toBeInTheDocument();
    expect(screen.getByText('404')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });

  it('speaks Dutch by default', async () => {
    await renderAt(<NotFoundPage />);
    expect(await screen.findByRole('heading', { name: 'Deze pagina kon niet worden gevonden' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Naar de startpagina' })).toHaveAttribute('href', '/');
  });
});

describe('the unauthorized page', () => {
  it('is a real page with a way home', async () => {
    await renderAt(<UnauthorizedPage />, 'en');
    expect(await screen.findByRole('heading', { name: 'You do not have access to this page' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });

  it("is where react-admin's access-denied route leads", async () => {
    await renderAt(<ToUnauthorized />, 'fr', '/ycAdmin/access-denied');
    expect(await screen.findByRole('heading', { name: "Vous n'avez pas accès à cette page" })).toBeInTheDocument();
  });
});

describe('the landing page /', () => {
  async function renderLanding(me: ReturnType<typeof user>) {
    const net = fakeFetch((call) => {
      if (call.url.pathname === '/api/users/me') return { body: me };
      if (call.url.pathname.endsWith('/permissions')) return { body: { customerId: null, permissions: [] } };
      return { body: null };
    });
    const http = testHttp(net.fetch);
    const i18n = await createAppI18n('nl');
    const { i18nProvider } = i18n;
    const services = { http, session: createSessionLoader(http, ['nl']), i18n } as unknown as AppServices;
    render(
      <AppServicesProvider value={services}>
        <MemoryRouter initialEntries={['/']}>
          <AdminContext i18nProvider={i18nProvider} store={memoryStore({ locale: 'nl' })}>
            <Routes>
              <Route path="/" element={<LandingPage />} />
              <Route path="/ycAdmin/*" element={<p>admin area</p>} />
            </Routes>
          </AdminContext>
        </MemoryRouter>
      </AppServicesProvider>,
    );
  }

  it('greets a customer user by display name with the company they act for', async () => {
    await renderLanding(user());
    expect(await screen.findByRole('heading', { name: 'Welkom, Bea Buyer' })).toBeInTheDocument();
    expect(screen.getByText('Je werkt voor Acme NV.')).toBeInTheDocument();
  });

  it('sends a super admin on to the admin area', async () => {
    await renderLanding(user({ userType: 1, customerAccess: [] }));
    expect(await screen.findByText('admin area')).toBeInTheDocument();
  });
});
