import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { CompanySwitcher } from '../../src/app/shell/CompanySwitcher';
import { user } from './helpers';
import { renderShell } from './shell-harness';

/** The switch with the session loaded, as the area's SessionGate has it before drawing the app bar. */
async function renderSwitch() {
  const { services } = await renderShell(<CompanySwitcher />, { me: twoCompanies });
  await act(async () => { await services.session.ensure(); });
}

const twoCompanies = user({
  customerAccess: [
    { id: 'a1', userId: 'u1', customerId: 'c1', customer: { id: 'c1', name: 'Acme NV', vatNumber: null, domain: null }, active: true, roles: ['user'] },
    { id: 'a2', userId: 'u1', customerId: 'c2', customer: { id: 'c2', name: 'Beta BV', vatNumber: null, domain: null }, active: true, roles: ['user'] },
  ],
});

describe('company menu in a react-admin area (DESIGN §6)', () => {
  it('opens on the current company with the focus in the menu, and Escape closes it', async () => {
    await renderSwitch();
    const button = await screen.findByRole('button', { name: 'Wissel van bedrijf' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveTextContent('Acme NV');
    fireEvent.click(button);
    const current = await screen.findByRole('menuitem', { name: 'Acme NV' });
    await waitFor(() => expect(current).toHaveFocus());
    fireEvent.keyDown(current, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  });

  it('switches to the company chosen and says so', async () => {
    await renderSwitch();
    fireEvent.click(await screen.findByRole('button', { name: 'Wissel van bedrijf' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Beta BV' }));
    expect(await screen.findByText('Je werkt nu voor Beta BV.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Wissel van bedrijf' })).toHaveTextContent('Beta BV');
  });
});
