import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Chip, List, ListItemButton, ListItemText, Paper, Stack, TextField, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useNavigate } from 'react-router-dom';
import { ADMIN_PREFIX } from '../../../../model/catalogue/pages-admin';
import { useCoreServices } from '../../bootstrap/context';
import { useAppQuery } from '../../data/query-client';
import { describeError } from '../../data/errors';
import { useAppNotify } from '../../notify/useAppNotify';
import { fieldProblems } from './delivery-api';

const M = 'fulfilment.deliveries';
const SO = 'resources.supplier-orders.choices.status';

interface SupplierOrderRow { id: string; gcsNumber: string | null; supplierName: string | null; status: string | null; orderNumber: string | null }
interface SoLine { id: string; lineNumber: number | null; articleNumberSupplier: string | null; title: Record<string, string> | null; quantity: number; quantityToBeDelivered: number | null }

/**
 * /ycAdmin/deliveries/create (flows §2): a platform admin finds a supplier order by its number, says
 * per line how many this delivery brings (at most what the line still waits for; the server checks
 * it again) and creates the delivery (POST /admin/deliveries/create-for-supplierorder), then lands on
 * its page.
 */
export function AdminDeliveryCreatePage() {
  const translate = useTranslate();
  const { http, i18n } = useCoreServices();
  const { toast } = useAppNotify();
  const navigate = useNavigate();
  const language = i18n.i18nProvider.getLocale();
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<SupplierOrderRow | null>(null);
  const [amounts, setAmounts] = useState<Record<string, string>>({});
  const [expectedDate, setExpectedDate] = useState('');
  const [trackingLink, setTrackingLink] = useState('');
  const [problems, setProblems] = useState<Record<string, { rule: string; max?: number }>>({});
  const [busy, setBusy] = useState(false);

  const found = useAppQuery({
    queryKey: ['app', 'delivery-create-supplier-orders', search.trim()],
    enabled: search.trim().length > 0 && !chosen,
    queryFn: ({ signal }) => http.request<{ result: { items: SupplierOrderRow[] } }>('POST', '/admin/supplier-orders/query', { body: { query: { gcsNumber: search.trim(), take: 10 } }, signal }).then((r) => r.result.items),
  });
  const lines = useAppQuery({
    queryKey: ['app', 'delivery-create-lines', chosen?.id ?? ''],
    enabled: !!chosen,
    queryFn: ({ signal }) => http.request<{ result: { items: SoLine[] } }>('POST', '/supplier-orders/lines', { body: { query: { supplierOrderId: chosen!.id } }, signal }).then((r) => r.result.items),
  });

  function choose(so: SupplierOrderRow | null) {
    setChosen(so);
    setAmounts({});
    setProblems({});
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!chosen || !lines.data) return;
    const sent = lines.data.map((l) => ({ line: l, amount: (amounts[l.id] ?? String(l.quantityToBeDelivered ?? 0)).trim() })).filter((x) => x.amount !== '' && x.amount !== '0');
    if (!sent.length) return toast(translate(`${M}.noLines`), { variation: 'warning' });
    const local = Object.fromEntries(sent.flatMap((x, i) => (/^\d+$/.test(x.amount) ? [] : [[`lines.${i}.amount`, { rule: 'numerical' }]])));
    if (Object.keys(local).length) return setProblems(local);
    setBusy(true);
    try {
      const { result } = await http.request<{ result: { id: string; deliveryNumber: string } }>('POST', '/admin/deliveries/create-for-supplierorder', {
        body: { dto: { supplierOrderId: chosen.id, expectedDate: expectedDate || null, trackingLink: trackingLink.trim() || null, lines: sent.map((x) => ({ supplierOrderLineId: x.line.id, amount: Number(x.amount) })) } },
      });
      toast(translate(`${M}.created`, { number: result.deliveryNumber }), { variation: 'success' });
      navigate(`${ADMIN_PREFIX}/delivery-details/${encodeURIComponent(result.id)}`);
    } catch (e) {
      const byPath = fieldProblems(e);
      // The server names the lines it was sent: map them back to the supplier order's lines.
      setProblems(Object.fromEntries(Object.entries(byPath).map(([path, p]) => {
        const m = /^lines\.(\d+)\.(\w+)$/.exec(path);
        return [m ? `line:${sent[Number(m[1])]?.line.id}` : path, p];
      })));
      toast(describeError(e, { resource: 'deliveries', op: 'create' }, i18n.i18nProvider), { variation: 'error' });
    } finally {
      setBusy(false);
    }
  }

  const problemText = (id: string, index: number) => {
    const p = problems[`line:${id}`] ?? problems[`lines.${index}.amount`];
    return p ? [translate(`validation.messages.${p.rule}`), p.max !== undefined ? translate(`${M}.max`, { max: p.max }) : null].filter(Boolean).join(' ') : undefined;
  };

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 900 }}>
      <Typography variant="h5" component="h1">{translate(`${M}.create`)}</Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>{translate(`${M}.createHelp`)}</Typography>
      {!chosen && (
        <>
          <TextField fullWidth size="small" type="search" label={translate(`${M}.findSupplierOrder`)} value={search} onChange={(e) => setSearch(e.target.value)} />
          {found.data?.length === 0 && <Typography sx={{ mt: 1 }}>{translate(`${M}.noSupplierOrders`)}</Typography>}
          <List aria-label={translate(`${M}.findSupplierOrder`)}>
            {(found.data ?? []).map((so) => (
              <ListItemButton key={so.id} onClick={() => choose(so)} divider>
                <ListItemText primary={so.gcsNumber} secondary={[so.supplierName, so.status && translate(`${SO}.${so.status}`)].filter(Boolean).join(' · ')} />
              </ListItemButton>
            ))}
          </List>
        </>
      )}
      {chosen && (
        <Box component="form" onSubmit={submit} noValidate>
          <Stack direction="row" useFlexGap spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
            <Typography variant="h6" component="h2">{chosen.gcsNumber}</Typography>
            {chosen.status && <Chip size="small" label={translate(`${SO}.${chosen.status}`)} />}
            <Typography color="text.secondary">{chosen.supplierName}</Typography>
            <Button size="small" onClick={() => choose(null)}>{translate(`${M}.cancel`)}</Button>
          </Stack>
          {lines.error && <Alert severity="error">{translate(`${M}.loadFailed`)}</Alert>}
          <Stack component="ul" spacing={1} sx={{ p: 0, m: 0 }}>
            {(lines.data ?? []).map((l, i) => {
              const title = l.title?.[language] ?? l.title?.nl ?? l.articleNumberSupplier ?? '';
              const error = problemText(l.id, i);
              return (
                <Paper key={l.id} component="li" variant="outlined" sx={{ p: 1.5, listStyle: 'none', display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 180px' }, gap: 1.5, alignItems: 'center' }}>
                  <Box>
                    <Typography variant="subtitle2" component="h3" id={`so-line-${l.id}`}>{l.lineNumber}. {title}</Typography>
                    <Typography variant="body2" color="text.secondary">{translate(`${M}.ordered`)}: {l.quantity} · {translate(`${M}.toDeliver`)}: {l.quantityToBeDelivered ?? l.quantity}</Typography>
                  </Box>
                  <TextField
                    size="small" label={translate(`${M}.amount`)} value={amounts[l.id] ?? String(l.quantityToBeDelivered ?? 0)}
                    onChange={(e) => setAmounts({ ...amounts, [l.id]: e.target.value })} error={!!error} helperText={error}
                    slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-describedby': `so-line-${l.id}` } }}
                  />
                </Paper>
              );
            })}
          </Stack>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '200px 1fr' }, gap: 1.5, mt: 2 }}>
            <TextField size="small" type="date" label={translate(`${M}.expectedDate`)} value={expectedDate} onChange={(e) => setExpectedDate(e.target.value)} slotProps={{ inputLabel: { shrink: true } }}
              error={!!problems.expectedDate} />
            <TextField size="small" type="url" label={translate(`${M}.trackingLink`)} value={trackingLink} onChange={(e) => setTrackingLink(e.target.value)} error={!!problems.trackingLink}
              helperText={problems.trackingLink ? translate(`validation.messages.${problems.trackingLink.rule}`) : undefined} />
          </Box>
          <Button type="submit" variant="contained" disabled={busy || !lines.data} sx={{ mt: 2 }}>{translate(`${M}.createSubmit`)}</Button>
        </Box>
      )}
    </Box>
  );
}
