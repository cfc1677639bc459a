import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { AdminContext, memoryStore } from 'react-admin';
import { AppServicesProvider } from '../../src/app/bootstrap/context';
import { defaultDomain } from '../../src/app/bootstrap/domain';
import type { AppServices } from '../../src/app/bootstrap/services';
import { createAppQueryClient } from '../../src/app/data/query-client';
import { createAppI18n } from '../../src/app/i18n';
import { AppToasts } from '../../src/app/notify/AppToasts';
import { createSessionLoader } from '../../src/app/session/load';
import type { UserDto } from '../../src/shared/session-types';
import { fakeFetch, testHttp, user, type RecordedCall } from './helpers';

export interface ShellOptions {
  path?: string;
  me?: UserDto;
  permissions?: string[];
  features?: Record<string, boolean>;
  links?: Record<string, string | null>;
  platformSettings?: { maintenance: boolean; message: string | null };
  signedIn?: boolean;
  /** What GET /v2/orders/to-approve-count answers as the count (no answer when absent). */
  toApprove?: number;
  /** The statuses the to-approve count names (default: toApprove with the count); {} for a user who takes no step on orders. */
  toApproveByStatus?: Record<string, number>;
  /** Loads the admin tier of texts too (react-admin's and the areas' pages), as an area does. */
  adminTexts?: boolean;
  /** Answers the calls the shell itself does not (the page's own). */
  respond?: (call: RecordedCall) => { status?: number; body?: unknown } | undefined;
}

/** Shows where the router is, so tests can assert redirects. */
function Where() {
  return <output aria-label="path">{useLocation().pathname}</output>;
}

/** One shell component at a path, with the session served by a fake API at the network edge. */
export async function renderShell(ui: ReactNode, opts: ShellOptions = {}) {
  const net = fakeFetch((call) => {
    const path = call.url.pathname;
    if (path === '/api/users/me') return { body: opts.me ?? user() };
    if (path.endsWith('/permissions')) return { body: { customerId: 'c1', permissions: opts.permissions ?? [] } };
    if (path.endsWith('/features')) return { body: { features: opts.features ?? {} } };
    if (path === '/api/platform-settings') return { body: opts.platformSettings ?? { maintenance: false, message: null } };
    const answered = opts.respond?.(call);
    if (answered) return answered;
    if (path === '/api/v2/orders/to-approve-count' && opts.toApprove !== undefined) return { body: { result: { count: opts.toApprove, byStatus: opts.toApproveByStatus ?? { toApprove: opts.toApprove } } } };
    return { body: null };
  });
  const http = testHttp(net.fetch);
  const i18n = await createAppI18n('nl');
  if (opts.adminTexts) await i18n.loadAdminTexts();
  const { i18nProvider } = i18n;
  const session = createSessionLoader(http, ['nl', 'en', 'fr'], { signedIn: async () => opts.signedIn ?? true });
  const domain = { ...defaultDomain(), links: opts.links ?? { assetManagementUrl: null, termsUrl: null } };
  const queryClient = createAppQueryClient();
  const services = { domain, domainFallback: false, http, session, i18n, queryClient } as unknown as AppServices;
  render(
    <AppServicesProvider value={services}>
      <MemoryRouter initialEntries={[opts.path ?? '/dashboard']}>
        <AdminContext i18nProvider={i18nProvider} queryClient={queryClient} store={memoryStore({ locale: 'nl' })}>
          <Where />
          <Routes>
            <Route path="*" element={ui} />
          </Routes>
          <AppToasts />
        </AdminContext>
      </MemoryRouter>
    </AppServicesProvider>,
  );
  return { services, net };
}
