import { useEffect, useRef } from 'react';
import { Alert, Box, Button, Card, CardContent, CircularProgress, List, ListItem, ListItemText, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { crmSetToken } from '../../../../../generated/app/calls/crm.gen';
import { useCrmClientInfo, useCrmEventsAdminList, useCrmRegisterWebhooks, useCrmUnregisterWebhooks, useCrmWebhooks } from '../../../../../generated/app/calls.gen';
import { useCoreServices } from '../../../bootstrap/context';
import { callApi } from '../../../data/call-api';
import { describeError } from '../../../data/errors';
import { formatDateTime } from '../../../i18n/format';
import { useAppNotify } from '../../../notify/useAppNotify';
import { resourceCallsKey } from '../../../data/calls';

const M = 'shell.crm';

/**
 * The CRM integration page (core §2, flows §2: platform admins only): connect to Teamleader Focus
 * (the authorize URL of GET /admin/teamleaderinfo/getclientId), the OAuth callback (?code=…&state=
 * or returnUrl=… → POST /admin/invoices/set-teamleader-token, then back to the return URL), the
 * connection, the webhooks registered in Teamleader with register/unregister, and the latest events
 * received (POST /admin/crm-events/query). Without configuration the server answers CrmNotConfigured
 * and the page says so.
 */
export function CrmIntegrationPage() {
  const { http, i18n } = useCoreServices();
  const translate = (key: string, options?: Record<string, unknown>) => i18n.i18nProvider.translate(key, options);
  const { toast } = useAppNotify();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const code = params.get('code');
  const back = params.get('returnUrl') ?? params.get('state') ?? '/crm-integration';
  const exchanged = useRef(false);

  const infoAnswer = useCrmClientInfo({ query: { returnUrl: '/crm-integration' } }, { retry: false, enabled: !code });
  const info = { ...infoAnswer, data: infoAnswer.data?.result };
  const connected = !!info.data?.connected;
  const hooks = useCrmWebhooks({}, { retry: false, enabled: connected });
  const events = useCrmEventsAdminList({ body: { query: { take: 20 } } }, { retry: false, enabled: !code });
  const failure = { resource: 'crm-connections', op: 'update' } as const;
  const onError = (e: Error) => toast(describeError(e, failure, i18n.i18nProvider), { variation: 'error' });
  const register = useCrmRegisterWebhooks({ onError });
  const unregister = useCrmUnregisterWebhooks({ onError });
  const busy = register.isPending || unregister.isPending;

  // The CRM's callback: trade the code once, then go back to where the connect started.
  useEffect(() => {
    if (!code || exchanged.current) return;
    exchanged.current = true;
    void (async () => {
      try {
        const { result } = await callApi(http, crmSetToken, { body: { code, returnUrl: back } });
        toast(translate(`${M}.connected`, { expiresAt: '' }).split('(')[0]!.trim(), { variation: 'success' });
        await queryClient.invalidateQueries({ queryKey: resourceCallsKey('crm') });
        navigate(result.returnUrl, { replace: true });
      } catch (e) {
        toast(describeError(e, { resource: 'crm-connections', op: 'create' }, i18n.i18nProvider), { variation: 'error' });
        navigate('/crm-integration', { replace: true });
      }
    })();
  }, [code]); // eslint-disable-line react-hooks/exhaustive-deps

  const notConfigured = (info.error as { errorCode?: string; body?: { errorCode?: string } } | null);
  const isNotConfigured = !!notConfigured && JSON.stringify(notConfigured).includes('CrmNotConfigured');
  const lang = i18n.i18nProvider.getLocale();

  return (
    <Box sx={{ p: 2, maxWidth: 1000 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>{translate('pages.crm-integration')}</Typography>
      <Typography sx={{ mb: 2 }}>{translate(`${M}.intro`)}</Typography>
      {code && <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="status"><CircularProgress size={20} /><span>{translate(`${M}.connecting`)}</span></Stack>}
      {!code && info.isLoading && <CircularProgress />}
      {!code && isNotConfigured && <Alert severity="warning" role="status">{translate(`${M}.notConfigured`)}</Alert>}
      {!code && info.error && !isNotConfigured && <Alert severity="error">{describeError(info.error, { resource: 'crm-connections', op: 'get' }, i18n.i18nProvider)}</Alert>}
      {!code && info.data && (
        <Stack spacing={2}>
          <Card component="section" aria-labelledby="crm-connection">
            <CardContent>
              <Typography variant="h6" component="h2" id="crm-connection">Teamleader Focus</Typography>
              <Alert severity={connected ? 'success' : 'info'} sx={{ my: 1 }} role="status">
                {connected ? translate(`${M}.connected`, { expiresAt: new Date(info.data.expiresAt!).toLocaleString(lang) }) : translate(`${M}.notConnected`)}
              </Alert>
              <Button variant="contained" href={info.data.authorizeUrl}>{translate(connected ? `${M}.reconnect` : `${M}.connect`)}</Button>
            </CardContent>
          </Card>
          {connected && (
            <Card component="section" aria-labelledby="crm-webhooks">
              <CardContent>
                <Typography variant="h6" component="h2" id="crm-webhooks">{translate(`${M}.webhooks`)}</Typography>
                {hooks.isLoading && <CircularProgress size={20} />}
                {hooks.data && !hooks.data.result.length && <Typography color="text.secondary">{translate(`${M}.noWebhooks`)}</Typography>}
                <List dense>
                  {hooks.data?.result.map((h) => (
                    <ListItem key={h.url} disableGutters>
                      <ListItemText primary={h.url} secondary={h.types.join(', ')} slotProps={{ primary: { sx: { wordBreak: 'break-all' } } }} />
                    </ListItem>
                  ))}
                </List>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
                  <Button variant="contained" disabled={busy} onClick={() => register.mutate({ body: {} })}>{translate(`${M}.register`)}</Button>
                  <Button variant="outlined" disabled={busy} onClick={() => unregister.mutate({ body: {} })}>{translate(`${M}.unregister`)}</Button>
                </Stack>
              </CardContent>
            </Card>
          )}
          <Card component="section" aria-labelledby="crm-events">
            <CardContent>
              <Typography variant="h6" component="h2" id="crm-events">{translate(`${M}.events`)}</Typography>
              {events.data && !events.data.result.items.length && <Typography color="text.secondary">{translate(`${M}.noEvents`)}</Typography>}
              {!!events.data?.result.items.length && (
                <TableContainer tabIndex={0} role="region" aria-labelledby="crm-events">
                  <Table size="small">
                    <TableHead>
                      <TableRow>
                        <TableCell>{translate(`${M}.receivedAt`)}</TableCell>
                        <TableCell>{translate(`${M}.eventType`)}</TableCell>
                        <TableCell>{translate(`${M}.subject`)}</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {events.data.result.items.map((e) => (
                        <TableRow key={e.id}>
                          <TableCell>{formatDateTime(e.receivedAt, lang)}</TableCell>
                          <TableCell>{e.eventType}</TableCell>
                          <TableCell sx={{ wordBreak: 'break-all' }}>{[e.subjectType, e.subjectId].filter(Boolean).join(' ')}</TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </TableContainer>
              )}
            </CardContent>
          </Card>
        </Stack>
      )}
    </Box>
  );
}
