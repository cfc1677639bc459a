import { beforeAll, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { loadAdminArea, renderApp } from './app-harness';
import { user } from './helpers';

/** The platform admin's outbox: in the admin menu, a list of mails, and one mail read with its line breaks. */

const MAIL = {
  id: 'm1', recipient: 'buyer@demo.test', subject: 'Je bestelling ORD-1 is goedgekeurd', kind: 'orderApproved', language: 'nl',
  status: 'sent', delivery: 'outbox', attempts: 1, sentAt: '2025-03-04T10:00:00.000Z', error: null, messageId: '<m1@localhost>',
  text: 'Hallo Bea,\n\nBestelling ORD-1 is goedgekeurd.', createdAt: '2025-03-04T10:00:00.000Z', updatedAt: '2025-03-04T10:00:00.000Z',
};

const admin = { signedIn: true, me: user({ userType: 2 }) };

describe('mail outbox (/ycAdmin/mail-outbox)', () => {
  beforeAll(loadAdminArea, 120_000);
  it('is listed from the admin menu', async () => {
    await renderApp('/ycAdmin/mail-outbox', {
      ...admin,
      respond: (call) => (call.url.pathname === '/api/admin/mail-outbox/query' ? { body: { result: { items: [MAIL], total: 1 } } } : undefined),
    });
    expect(await screen.findByRole('cell', { name: 'Je bestelling ORD-1 is goedgekeurd' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: /E-mails/ })).toHaveAttribute('href', '/ycAdmin/mail-outbox');
    expect(screen.getByRole('cell', { name: 'Verzonden' })).toBeInTheDocument();
  });

  it('shows its title when no mail was sent yet (what the generated e2e journey looks for)', async () => {
    await renderApp('/ycAdmin/mail-outbox', {
      ...admin,
      respond: (call) => (call.url.pathname === '/api/admin/mail-outbox/query' ? { body: { result: { items: [], total: 0 } } } : undefined),
    });
    expect(await screen.findByRole('heading', { name: 'E-mails' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows one mail with its text as written, line breaks kept', async () => {
    await renderApp('/ycAdmin/mail-outbox/m1/show', {
      ...admin,
      respond: (call) => (call.url.pathname === '/api/admin/mail-outbox/m1' ? { body: { result: MAIL } } : undefined),
    });
    const text = await screen.findByText(/Bestelling ORD-1 is goedgekeurd\./, {}, { timeout: 15_000 });
    expect(text.textContent).toBe(MAIL.text);
    expect(getComputedStyle(text).whiteSpace).toBe('pre-wrap');
    const message = screen.getByRole('region', { name: 'Bericht' });
    expect(within(message).getByText('buyer@demo.test')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Verzending' })).getByText('Bestelling goedgekeurd')).toBeInTheDocument();
  });
});
