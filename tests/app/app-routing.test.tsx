import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { loadAdminArea, renderApp } from './app-harness';
import { user } from './helpers';

describe('the app shell', () => {
  beforeAll(loadAdminArea, 120_000);
  it('sends a signed-out visitor to /login once, which starts the sign-in', async () => {
    const auth = await renderApp('/dashboard', { signedIn: false });
    // The shop's react-admin area is a lazy chunk: its first import takes a moment here.
    await waitFor(() => expect(window.location.pathname).toBe('/login'), { timeout: 10_000 });
    await waitFor(() => expect(auth.login).toHaveBeenCalled());
    expect(await screen.findByText('Bezig met aanmelden…')).toBeInTheDocument();
    // No sign-out loop: a handful of logouts while react-admin settles, not an endless stream.
    await new Promise((r) => setTimeout(r, 300));
    expect(auth.logout.mock.calls.length).toBeLessThan(20);
  });

  it('finishes the sign-in on /redirect and goes on to the page the provider returned', async () => {
    const auth = await renderApp('/redirect?code=abc&state=xyz', { signedIn: false });
    await waitFor(() => expect(auth.handleCallback).toHaveBeenCalled());
    // The dashboard's own code is a lazy chunk too (the model's page views), after the shop area's.
    expect(await screen.findByRole('heading', { name: 'Welkom, Bea Buyer' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/dashboard');
    expect(auth.logout).not.toHaveBeenCalled();
  });

  it('keeps customer users out of /ycAdmin', async () => {
    await renderApp('/ycAdmin/suppliers', { signedIn: true });
    expect(await screen.findByRole('heading', { name: 'Je hebt geen toegang tot deze pagina' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/unauthorized');
  });

  it('opens an admin resource at /ycAdmin/<name> for platform users', async () => {
    await renderApp('/ycAdmin/suppliers', { signedIn: true, me: user({ userType: 2 }) });
    // The admin area is two lazy chunks (react-admin, then the generated screens).
    expect(await screen.findByRole('heading', { name: 'Leveranciers' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/ycAdmin/suppliers');
  });

  it('shows the 404 page inside the layout for unknown paths', async () => {
    await renderApp('/no/such/page', { signedIn: true });
    expect(await screen.findByRole('heading', { name: 'Deze pagina kon niet worden gevonden' })).toBeInTheDocument();
    expect(screen.getByText('404')).toBeInTheDocument();
  });
});
