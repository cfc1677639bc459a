import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderApp } from './app-harness';

/**
 * The one router (App.tsx: react-router's browser router around every area): the light shell, the
 * shop <Admin> and the admin <Admin> on one history, so moves between them, the state they carry and
 * the back button work like moves within one area.
 */
describe('the one router', () => {
  it('draws a path under the light pages that is no page as the 404 in the light shell, matching paths without regard to case', async () => {
    await renderApp('/Products/a/b', { signedIn: true });
    expect(await screen.findByRole('heading', { name: 'Deze pagina kon niet worden gevonden' }, { timeout: 10_000 })).toBeInTheDocument();
    // The light shell's sidebar (the react-admin shop would draw react-admin's menu items instead).
    expect(await screen.findByRole('menuitem', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it('carries the state of a move from a light page to the shop area: /login learns where to come back to', async () => {
    await renderApp('/products/art-1', { signedIn: false });
    await waitFor(() => expect(window.location.pathname).toBe('/login'), { timeout: 10_000 });
    // react-router's history entry, read by the login page (react-admin's nextPathname).
    expect((window.history.state as { usr?: unknown }).usr).toMatchObject({ nextPathname: '/products/art-1' });
  });

  it('follows a link from the light shell into the shop area, and the back button back again', async () => {
    await renderApp('/products/a/b', { signedIn: true });
    const home = await screen.findByRole('link', { name: 'Naar de startpagina' }, { timeout: 10_000 });
    fireEvent.click(home);
    // '/' is the shop <Admin>'s landing: a buyer whose landing page is the dashboard stays there and sees it.
    expect(await screen.findByRole('heading', { name: 'Welkom, Bea Buyer' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/');
    await act(async () => {
      const back = new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
      window.history.back();
      await back;
    });
    // One step back is the light page's 404, drawn again by the light shell.
    await waitFor(() => expect(window.location.pathname).toBe('/products/a/b'));
    expect(await screen.findByRole('heading', { name: 'Deze pagina kon niet worden gevonden' })).toBeInTheDocument();
  });
});
