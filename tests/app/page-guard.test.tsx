import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { PageGuard } from '../../src/app/shell/PageGuard';
import { UnauthorizedPage } from '../../src/app/shell/pages/UnauthorizedPage';
import { maintenanceRedirect, MaintenanceGate } from '../../src/app/maintenance/MaintenanceGate';
import { readMaintenance, reportMaintenance, resetMaintenance } from '../../src/app/maintenance/state';
import { MaintenancePage } from '../../src/app/shell/pages/MaintenancePage';
import { RegistrationPage } from '../../src/app/features/customers/RegistrationPage';
import { fakeFetch, testHttp, user } from './helpers';
import { renderShell } from './shell-harness';

const page = <p>the page</p>;
const path = () => screen.getByRole('status', { name: 'path' }).textContent;
const noAccess = user({ customerAccess: [] });

describe('the page guard', () => {
  it('shows a page the user may open', async () => {
    await renderShell(<PageGuard>{page}</PageGuard>, { path: '/dashboard' });
    expect(await screen.findByText('the page')).toBeInTheDocument();
  });

  it('sends a user without customer access to /registration', async () => {
    await renderShell(<PageGuard>{page}</PageGuard>, { path: '/dashboard', me: noAccess });
    await waitFor(() => expect(path()).toBe('/registration'));
  });

  it('sends a user without the permission to /unauthorized', async () => {
    await renderShell(<PageGuard>{page}</PageGuard>, { path: '/users', permissions: ['suppliers:R'] });
    await waitFor(() => expect(path()).toBe('/unauthorized'));
  });

  // Issue 29: reached by URL, a page the user may not open says why.
  const guarded = (
    <Routes>
      <Route path="/unauthorized" element={<UnauthorizedPage />} />
      <Route path="*" element={<PageGuard>{page}</PageGuard>} />
    </Routes>
  );

  it("says which right the user's role lacks for the page", async () => {
    await renderShell(guarded, { path: '/users', permissions: ['suppliers:R'], adminTexts: true });
    expect(await screen.findByText('Je kan de pagina "Gebruikers" niet openen.')).toBeInTheDocument();
    expect(screen.getByText('Je rol laat je niet toe om dit te bekijken. De beheerder van je bedrijf kan je die rechten geven.')).toBeInTheDocument();
  });

  it("says which of the company's features the page belongs to when it is off", async () => {
    await renderShell(guarded, { path: '/contracts', permissions: ['contracts:R'], features: {}, adminTexts: true });
    expect(await screen.findByText('Je kan de pagina "Contracten" niet openen.')).toBeInTheDocument();
    expect(screen.getByText(/^Ze hoort bij de functie "Contracten", en die staat voor je bedrijf niet aan\./)).toBeInTheDocument();
  });

  it("tells a supplier's user that the page is the customer's side", async () => {
    await renderShell(guarded, { path: '/users', me: user({ supplierIds: ['s1'], customerAccess: [] }), adminTexts: true });
    expect(await screen.findByText(/^Als gebruiker van een leverancier werk je in de leverancierskant van de winkel/)).toBeInTheDocument();
  });

  it('lets the permission through', async () => {
    await renderShell(<PageGuard>{page}</PageGuard>, { path: '/users', permissions: ['users:R'] });
    expect(await screen.findByText('the page')).toBeInTheDocument();
  });

  it('shows the company picker when no company is active', async () => {
    const inactive = user();
    inactive.customerAccess = inactive.customerAccess.map((a) => ({ ...a, active: false }));
    await renderShell(<PageGuard>{page}</PageGuard>, { path: '/dashboard', me: inactive });
    expect(await screen.findByRole('heading', { name: 'Kies het bedrijf waarvoor je werkt' })).toBeInTheDocument();
    expect(path()).toBe('/dashboard');
  });

  it('leaves paths that are no shop page alone (404, system pages)', async () => {
    await renderShell(<PageGuard>{page}</PageGuard>, { path: '/no/such/page', me: noAccess });
    expect(await screen.findByText('the page')).toBeInTheDocument();
  });
});

describe('the registration page', () => {
  // The page renders in the shop area, which loads the admin tier of the texts first (areas/use-ra-services.ts).
  it('asks a user without access for their company number first, one question at a time, with a sign-out', async () => {
    await renderShell(<RegistrationPage />, { path: '/registration', adminTexts: true, me: noAccess });
    expect(await screen.findByRole('heading', { name: 'Registreer je bedrijf' })).toBeInTheDocument();
    expect(await screen.findByText('Wat is het ondernemingsnummer van je bedrijf?')).toBeInTheDocument();
    expect(screen.queryByText(/Hoe heet je bedrijf/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Afmelden' })).toBeInTheDocument();
  });

  it('lets a person go back to an earlier answer and change it; the answers after it are asked again', async () => {
    const checked: unknown[] = [];
    await renderShell(<RegistrationPage />, { path: '/registration', adminTexts: true, me: noAccess, respond: (call) => {
      if (call.url.pathname === '/api/customerregistration/checkIfVatExists') {
        checked.push(call.body);
        return { body: { result: { exists: false, vatNumber: 'BE0403170701', known: null } } };
      }
      return undefined;
    } });
    fireEvent.change(await screen.findByRole('textbox', { name: 'Ondernemingsnummer' }), { target: { value: '0403170701' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verder' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Verder' })); // nothing known of it: fill in by hand
    fireEvent.change(await screen.findByRole('textbox', { name: /^Bedrijfsnaam/ }), { target: { value: 'Bakkerij Peeters' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verder' }));
    expect(await screen.findByText('Bakkerij Peeters')).toBeInTheDocument();
    // The company's name was mistyped: back to that question, typed again, then on from there.
    fireEvent.click(screen.getByRole('button', { name: 'Je antwoord wijzigen: Bakkerij Peeters' }));
    const name = await screen.findByRole('textbox', { name: /^Bedrijfsnaam/ });
    expect(name).toHaveValue('Bakkerij Peeters');
    expect(screen.queryByText('Bakkerij Peeters')).toBeNull();
    fireEvent.change(name, { target: { value: 'Bakkerij Pieters' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verder' }));
    expect(await screen.findByText('Bakkerij Pieters')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Je antwoord wijzigen: BE0403170701' })).toBeInTheDocument();
    expect(checked).toHaveLength(1);
  });

  it('sends a user with access to /', async () => {
    await renderShell(<RegistrationPage />, { path: '/registration' });
    await waitFor(() => expect(path()).toBe('/'));
  });
});

describe('maintenance', () => {
  const on = { known: true, on: true, message: null };
  const off = { known: true, on: false, message: null };

  it('decides the redirect', () => {
    expect(maintenanceRedirect(on, '/dashboard', false)).toBe('/maintenance');
    expect(maintenanceRedirect(on, '/ycAdmin/suppliers', false)).toBe('/maintenance');
    expect(maintenanceRedirect(on, '/dashboard', true)).toBeNull(); // super admins work on
    expect(maintenanceRedirect(on, '/login', false)).toBeNull(); // sign-in stays reachable
    expect(maintenanceRedirect(off, '/maintenance', false)).toBe('/');
    expect(maintenanceRedirect(off, '/dashboard', false)).toBeNull();
    expect(maintenanceRedirect({ ...off, known: false }, '/maintenance', false)).toBeNull();
  });

  it('reads the platform settings at start and shows the maintenance page with its message', async () => {
    resetMaintenance();
    await renderShell(<MaintenanceGate><MaintenancePage /></MaintenanceGate>, {
      path: '/dashboard', platformSettings: { maintenance: true, message: 'Terug om 14u' },
    });
    await waitFor(() => expect(path()).toBe('/maintenance'));
    expect(await screen.findByRole('heading', { name: 'We zijn even met onderhoud bezig' })).toBeInTheDocument();
    expect(screen.getByText('Terug om 14u')).toBeInTheDocument();
    resetMaintenance();
  });

  it('counts every answer of the settings poll, also one equal to the last after a 503 switched maintenance on', async () => {
    resetMaintenance();
    const { services } = await renderShell(<MaintenanceGate>{page}</MaintenanceGate>, { path: '/dashboard', platformSettings: { maintenance: false, message: null } });
    await screen.findByText('the page');
    await waitFor(() => expect(readMaintenance().known).toBe(true));
    act(() => reportMaintenance());
    await waitFor(() => expect(path()).toBe('/maintenance'));
    // The next poll says what the first said: maintenance is over, and the page comes back.
    await act(() => services.queryClient.refetchQueries({ queryKey: ['app', 'platform-settings'] }));
    await waitFor(() => expect(path()).toBe('/'));
    resetMaintenance();
  });

  it("follows the API's 503 maintenance", async () => {
    resetMaintenance();
    await renderShell(<MaintenanceGate>{page}</MaintenanceGate>, { path: '/dashboard' });
    await screen.findByText('the page');
    const refusing = testHttp(fakeFetch(() => ({ status: 503, body: { errorCode: 'maintenance', message: 'Maintenance' } })).fetch);
    await expect(refusing.get('/orders')).rejects.toMatchObject({ status: 503 });
    await waitFor(() => expect(path()).toBe('/maintenance'));
    resetMaintenance();
  });
});
