// @vitest-environment jsdom
/** The two sign-in pages inside react-admin: the login page starts the redirect, the error page explains. */
// .ts, not .tsx: the server project (which runs tests/oidc) picks up *.test.ts only; hence createElement.
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createElement as h, type ReactElement } from 'react';
import { AdminContext, TestMemoryRouter, type AuthProvider, type I18nProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthErrorPage } from '../../src/app/auth/AuthErrorPage';
import { LoginPage } from '../../src/app/auth/LoginPage';
import { createAppI18n } from '../../src/app/i18n';
import type { Language } from '../../src/app/i18n/language';

afterEach(cleanup);

/** The app's own i18n provider (one i18next instance) in `language`. */
async function i18n(language: Language): Promise<I18nProvider> {
  return (await createAppI18n(language)).i18nProvider;
}

function authProvider(login: AuthProvider['login']): AuthProvider {
  return {
    login, logout: async () => undefined, checkAuth: async () => undefined, checkError: async () => undefined,
    getPermissions: async () => ({ customerId: null, permissions: [] }),
  };
}

type Entry = string | { pathname: string; state?: unknown };
const page = (element: ReactElement, auth: AuthProvider, i18nProvider: I18nProvider, entry: Entry) =>
  render(h(TestMemoryRouter, { initialEntries: [entry] } as never, h(AdminContext, { authProvider: auth, i18nProvider }, element)));

describe('LoginPage', () => {
  it('sends the visitor to the provider once, with the page they wanted', async () => {
    const login = vi.fn(() => new Promise<void>(() => undefined)); // the browser leaves the page
    page(h(LoginPage), authProvider(login), await i18n('nl'), { pathname: '/login', state: { nextPathname: '/orders', nextSearch: '?page=2' } });
    expect(await screen.findByRole('status')).toHaveTextContent('Bezig met aanmelden…');
    await waitFor(() => expect(login).toHaveBeenCalledTimes(1));
    expect(login.mock.calls[0]).toContainEqual({ nextPathname: '/orders', nextSearch: '?page=2' });
  });

  it('offers to try again when the provider cannot be reached', async () => {
    const login = vi.fn().mockRejectedValueOnce(new Error('offline')).mockImplementation(() => new Promise(() => undefined));
    page(h(LoginPage), authProvider(login), await i18n('en'), '/login');
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(login).toHaveBeenCalledTimes(2));
  });
});

describe('AuthErrorPage', () => {
  it("shows the provider's error and description, translated where known, and signs in again", async () => {
    const login = vi.fn(() => new Promise<void>(() => undefined));
    page(h(AuthErrorPage), authProvider(login), await i18n('fr'), '/auth-error?error=access_denied&error_description=Account%20locked');
    expect(await screen.findByRole('heading', { name: "La connexion n'a pas abouti" })).toBeInTheDocument();
    expect(screen.getByText("L'accès a été refusé.")).toBeInTheDocument();
    expect(screen.getByText('Account locked')).toBeInTheDocument();
    expect(screen.getByText("Code d'erreur : access_denied")).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    await waitFor(() => expect(login).toHaveBeenCalled());
  });
});
