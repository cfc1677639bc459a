import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderApp } from './app-harness';
import { user, type RecordedCall, type Reply } from './helpers';

/**
 * The CRM integration page (/crm-integration, platform admins): the connection to Teamleader with
 * its connect button, the OAuth callback trading the code and going back to the return URL, the
 * registered webhooks with register, the latest events, and the message when the server has no
 * configuration for the CRM.
 */

const admin = { signedIn: true, me: user({ id: 'u8', email: 'admin@demo.test', userType: 2, customerAccess: [] }) };
const INFO = {
  clientId: 'cid', authorizeUrl: 'https://focus.teamleader.eu/oauth2/authorize?client_id=cid', redirectUri: 'http://localhost/crm-integration',
  connected: true, expiresAt: '2030-01-01T10:00:00.000Z', webhookUrl: 'http://localhost/api/crm/teamleader/webhook/s3cr3t-s3cr3t-s3cr3t', webhookTypes: ['invoice.booked'],
};

async function open(path: string, answer: (call: RecordedCall) => Reply | undefined) {
  const calls: RecordedCall[] = [];
  await renderApp(path, {
    ...admin,
    respond: (call) => {
      if (/crm|teamleader|invoices/.test(call.url.pathname)) calls.push(call);
      return answer(call);
    },
  });
  return calls;
}

describe('the CRM integration page', () => {
  it('not configured: says so in the user\'s language', async () => {
    await open('/crm-integration', (call) => (call.url.pathname === '/api/admin/teamleaderinfo/getclientId'
      ? { status: 409, body: { errorCode: 'CrmNotConfigured', message: 'not configured' } }
      : call.url.pathname === '/api/admin/crm-events/query' ? { body: { result: { items: [], total: 0 } } } : undefined));
    expect(await screen.findByText(/De CRM-koppeling is niet ingesteld op deze server/, {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Koppelen met Teamleader' })).not.toBeInTheDocument();
  });

  it('connected: the connect link, the webhooks with register, and the latest events', async () => {
    const calls = await open('/crm-integration', (call) => {
      if (call.url.pathname === '/api/admin/teamleaderinfo/getclientId') return { body: { result: INFO } };
      if (call.url.pathname === '/api/admin/invoices/registered-webhooks') return { body: { result: [{ url: INFO.webhookUrl, types: ['invoice.booked', 'invoice.paymentRegistered'] }] } };
      if (call.url.pathname === '/api/admin/invoices/register-webhooks') return { body: { result: [] } };
      if (call.url.pathname === '/api/admin/crm-events/query') {
        return { body: { result: { total: 1, items: [{ id: 'e1', eventType: 'invoice.booked', subjectType: 'invoice', subjectId: 'inv-42', receivedAt: '2030-01-01T09:00:00.000Z' }] } } };
      }
      return undefined;
    });
    expect(await screen.findByText(/Gekoppeld met Teamleader/, {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Opnieuw koppelen' })).toHaveAttribute('href', INFO.authorizeUrl);
    expect(await screen.findByText(INFO.webhookUrl)).toBeInTheDocument();
    expect(screen.getByText('invoice.booked, invoice.paymentRegistered')).toBeInTheDocument();
    expect(await screen.findByText('invoice inv-42')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Webhooks registreren' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url.pathname === '/api/admin/invoices/register-webhooks')).toBe(true));
  });

  it('the callback trades the code once and goes back to the return URL', async () => {
    const calls = await open('/crm-integration?code=abc&state=%2Fcrm-integration%3Fdone%3D1', (call) => {
      if (call.url.pathname === '/api/admin/invoices/set-teamleader-token') return { body: { result: { connected: true, expiresAt: INFO.expiresAt, returnUrl: '/crm-integration?done=1' } } };
      if (call.url.pathname === '/api/admin/teamleaderinfo/getclientId') return { body: { result: INFO } };
      if (call.url.pathname === '/api/admin/crm-events/query') return { body: { result: { items: [], total: 0 } } };
      if (call.url.pathname === '/api/admin/invoices/registered-webhooks') return { body: { result: [] } };
      return undefined;
    });
    await waitFor(() => expect(calls.filter((c) => c.url.pathname === '/api/admin/invoices/set-teamleader-token')).toHaveLength(1), { timeout: 15_000 });
    const exchange = calls.find((c) => c.url.pathname === '/api/admin/invoices/set-teamleader-token')!;
    expect(exchange.body).toEqual({ code: 'abc', returnUrl: '/crm-integration?done=1' });
    expect(await screen.findByText(/Gekoppeld met Teamleader/, {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(window.location.search).toBe('?done=1');
  });
});
