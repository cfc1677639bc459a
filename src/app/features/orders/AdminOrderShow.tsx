import { useMemo } from 'react';
import { Alert, Box, Link, Typography } from '@mui/material';
import { Show, useCreatePath, useRecordContext, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import { AppServicesProvider, useCoreServices } from '../../bootstrap/context';
import type { HttpClient } from '../../data/http';
import { describeError } from '../../data/errors';
import { useOrdersGet } from '../../../../generated/app/calls.gen';
import { AdminOrderDecision } from './AdminOrderDecision';
import { OrderDetailView } from './OrderDetailPage';

/**
 * The HTTP client of a page about one company's record: every call names that company
 * (X-Customer-Id), whichever company the session acts for. A platform admin acts for any customer
 * of the tenant (core §2 roles), so the company's own calls answer the admin as they answer the company.
 */
export function actingForCompany(http: HttpClient, customerId: string): HttpClient {
  const named = (headers?: HeadersInit) => {
    const out = new Headers(headers);
    out.set('X-Customer-Id', customerId);
    return out;
  };
  const request: HttpClient['request'] = (method, path, options = {}) =>
    http.request(method, path, { ...options, headers: { ...options.headers, 'X-Customer-Id': customerId } });
  return {
    fetchJson: (path, init = {}) => http.fetchJson(path, { ...init, headers: named(init.headers) }),
    request,
    get: (path, o) => request('GET', path, o),
    post: (path, body, o) => request('POST', path, { ...o, body }),
    put: (path, body, o) => request('PUT', path, { ...o, body }),
    delete: (path, o) => request('DELETE', path, o),
    prepare: async (path) => {
      const prepared = await http.prepare(path);
      prepared.headers.set('X-Customer-Id', customerId);
      return prepared;
    },
  };
}

/**
 * /ycAdmin/orders/{id} (flows §2): the order as its company sees it on /order-detail/{id} — its
 * facts, budgets, lines, supplier orders, history and conversation, read through the company's own
 * calls for the order's company — with the platform admin's decision for the customer
 * (AdminOrderDecision) in place of the company's, and a way back to the admin's order list. What the
 * admin may change shows as the server's answer allows, as for anyone reading the order.
 */
export function AdminOrderShow() {
  return (
    <Show component="div" actions={false}>
      <AdminOrderBody />
    </Show>
  );
}

function AdminOrderBody() {
  const record = useRecordContext<{ id: string; customerId?: string | null }>();
  const services = useCoreServices();
  const customerId = record?.customerId ?? null;
  const value = useMemo(() => (customerId ? { ...services, http: actingForCompany(services.http, customerId) } : null), [services, customerId]);
  if (!record || !value) return null;
  return (
    <AppServicesProvider value={value}>
      <AdminOrderView id={String(record.id)} />
    </AppServicesProvider>
  );
}

function AdminOrderView({ id }: { id: string }) {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const { i18n } = useCoreServices();
  const answer = useOrdersGet({ params: { id } });
  const back = <Link component={RouterLink} to={createPath({ resource: 'orders', type: 'list' })}>{translate('shop.orders.adminBack')}</Link>;
  if (answer.error) {
    return <Box sx={{ p: 2 }}>{back}<Alert severity="error" sx={{ mt: 2 }}>{describeError(answer.error, { resource: 'orders', op: 'get' }, i18n.i18nProvider)}</Alert></Box>;
  }
  if (!answer.data) return <Box sx={{ p: 2 }}><Typography>{translate('ra.page.loading')}</Typography></Box>;
  return <OrderDetailView order={answer.data.result} back={back} decision={<AdminOrderDecision />} />;
}
