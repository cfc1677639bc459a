import { useEffect, useState } from 'react';
import {
  Alert, Box, Button, Checkbox, Link, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'ra-core';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useCoreServices, useSession } from '../../bootstrap/context';
import { describeError } from '../../data/errors';
import { useAppQuery } from '../../data/query-client';
import { useAppNotify } from '../../notify/useAppNotify';
import { stockMessage } from '../basket/messages';
import { usePrice, useShopLanguage } from '../../common/hooks';
import { inLanguage } from '../../common/text';
import { postalLines } from '../../common/postal';
import type { ResultOf } from '../../../shared/contracts/define';
import type { Contracts } from '../../../shared/contracts';
import { callApi } from '../../data/call-api';
import { ordersDuplicatePreview } from '../../../../generated/app/calls/orders.gen';
import { useOrdersDuplicate } from '../../../../generated/app/calls.gen';
import { problemText, refusalTexts } from './order-problems';
import { fromCents, mulDivHalfUp, readCents } from '../../../shared/money';

/** GET /v2/orders/{orderId}/duplicate (src/server/ordering/order-duplicate.ts): the order next to today's articles. */
type Preview = ResultOf<Contracts['orders']['duplicatePreview']>['result'];
type PreviewLine = Preview['lines'][number];

const D = 'shop.orderEdits.duplicate';

/** The line total excluding VAT of `amount` at a price per `priceQuantity`, in cents rounded half up (as the server does). */
function lineTotal(price: string, priceQuantity: number, amount: number): bigint {
  return mulDivHalfUp(readCents(price) ?? 0n, BigInt(amount), BigInt(Math.max(1, priceQuantity)));
}

/**
 * /duplicate-order/{id} (flows §2): order an order again. The page shows every line of the order
 * next to today's price and stock and what would stop it (GET /v2/orders/{id}/duplicate); the user
 * leaves lines out or changes amounts and places the new order (POST /v2/orders/{id}/duplicate
 * {lines}), which the server checks as an order from the basket — today's stock, prices, minimum
 * quantities, tender limit — and refuses whole, naming the lines. The new order then opens. The
 * basket is not touched. Attachment lines and articles no longer sold cannot be chosen.
 */
export function DuplicateOrderPage() {
  const { id = '' } = useParams();
  const translate = useTranslate();
  const { http, i18n } = useCoreServices();
  const { activeCustomerId } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { toast } = useAppNotify();
  const language = useShopLanguage();
  const price = usePrice();
  const { data, error } = useAppQuery({
    queryKey: ['app', 'duplicate-preview', activeCustomerId, id],
    queryFn: ({ signal }) => callApi(http, ordersDuplicatePreview, { params: { orderId: id } }, { signal }).then((r) => r.result),
    enabled: !!activeCustomerId && !!id,
  });
  const [included, setIncluded] = useState<Set<string>>(new Set());
  const [amounts, setAmounts] = useState<Record<string, string>>({});
  // The page's own problem (no line chosen); a refusal of the new order comes from the mutation.
  const [noneChosen, setNoneChosen] = useState(false);
  // The new order carries an Idempotency-Key: a retry after a lost answer places one order.
  const duplicate = useOrdersDuplicate({
    idempotent: true,
    onSuccess: async ({ result: created }) => {
      toast(`${D}.placed`, { variation: 'success', messageArgs: { number: created.orderNumber ?? '' } });
      await queryClient.invalidateQueries({ queryKey: ['app'] });
      navigate(`/order-detail/${encodeURIComponent(created.id)}`);
    },
  });
  const busy = duplicate.isPending;
  useEffect(() => {
    if (!data) return;
    setIncluded(new Set(data.lines.filter((l) => l.article?.available).map((l) => l.orderLineId)));
    setAmounts(Object.fromEntries(data.lines.map((l) => [l.orderLineId, String(l.amount)])));
  }, [data]);

  if (error) return <Box sx={{ p: 2 }}><Alert severity="error">{describeError(error, { resource: 'orders', op: 'get' }, i18n.i18nProvider)}</Alert></Box>;
  if (!data) return <Box sx={{ p: 2 }}><Typography>{translate(`${D}.loading`)}</Typography></Box>;

  const titleOf = (l: PreviewLine) => inLanguage(l.title, language) || l.articleNumberSupplier || '';
  const amountOf = (l: PreviewLine) => (/^\d+$/.test((amounts[l.orderLineId] ?? '').trim()) ? Number(amounts[l.orderLineId]) : null);
  const chosen = data.lines.filter((l) => included.has(l.orderLineId));
  const invalid = chosen.some((l) => !amountOf(l));
  const productsToday = chosen.reduce((sum, l) => sum + (l.article && amountOf(l) ? lineTotal(l.article.price, l.article.priceQuantity, amountOf(l)!) : 0n), 0n);

  /** What stops a line now: the preview's problems for the amount as ordered, else today's stock and minimum for the amount chosen. */
  function lineHints(l: PreviewLine): string[] {
    const amount = amountOf(l);
    if (!included.has(l.orderLineId) || !l.article) return [];
    if (amount === l.amount) return l.problems.map((p) => problemText(p, i18n.i18nProvider, price));
    const hints: string[] = [];
    if (amount && amount < l.article.minOrderQuant) hints.push(problemText({ rule: 'BelowMinimumOrderQuantity', params: { minOrderQuant: l.article.minOrderQuant } }, i18n.i18nProvider, price));
    if (amount && l.article.stock != null && amount > l.article.stock) hints.push(stockMessage(translate, l.article.stock));
    return hints;
  }

  function place() {
    duplicate.reset();
    setNoneChosen(!chosen.length);
    if (!chosen.length || invalid) return;
    duplicate.mutate({ params: { orderId: id }, body: { lines: chosen.map((l) => ({ orderLineId: l.orderLineId, amount: amountOf(l)! })) } });
  }
  // A refusal names the line (orderLines.N) or the supplier each problem is about.
  const problems = noneChosen ? [translate(`${D}.noneChosen`)] : duplicate.error ? refusalTexts(duplicate.error, { resource: 'orders', op: 'create' }, i18n.i18nProvider, price, (p, params) => {
    const line = /^orderLines\.(\d+)$/.exec(p);
    if (line) return titleOf(data.lines[Number(line[1])]!) || undefined;
    return typeof params.supplier === 'string' && params.supplier ? params.supplier : undefined;
  }) : [];

  const general = data.problems.filter((p) => !p.path.startsWith('orderLines.')).map((p) => {
    const message = problemText(p, i18n.i18nProvider, price);
    const supplier = typeof p.params?.supplier === 'string' ? p.params.supplier : '';
    return supplier ? translate(`${D}.supplierProblem`, { supplier, message }) : message;
  });
  const a = data.delivery.address;
  const address = a ? postalLines(a).join(', ') : '';

  return (
    <Box sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Link component={RouterLink} to={`/order-detail/${encodeURIComponent(id)}`}>{translate(`${D}.back`)}</Link>
      <Typography variant="h5" component="h1" sx={{ mt: 2, mb: 1, overflowWrap: 'anywhere' }}>{translate(`${D}.title`, { number: data.orderNumber ?? '' })}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>{translate(`${D}.help`)}</Typography>

      <Box component="section" aria-labelledby="duplicate-delivery" sx={{ mb: 2 }}>
        <Typography id="duplicate-delivery" variant="h6" component="h2">{translate(`${D}.delivery`)}</Typography>
        {data.delivery.addressId
          ? <Typography>{[data.delivery.addressName, address].filter(Boolean).join(' — ')}</Typography>
          : <Typography>{translate(`${D}.noAddress`)}</Typography>}
        {data.delivery.addressId && !data.delivery.sameAddress && <Typography variant="body2" color="text.secondary">{translate(`${D}.primaryAddress`)}</Typography>}
        {data.delivery.departmentName && <Typography variant="body2">{translate('resources.orders.fields.departmentId')}: {data.delivery.departmentName}</Typography>}
        {data.delivery.about && <Typography variant="body2">{translate('resources.orders.fields.about')}: {data.delivery.about}</Typography>}
      </Box>

      {general.length > 0 && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          <Typography variant="subtitle2" component="p">{translate(`${D}.problems`)}</Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>{general.map((text, i) => <li key={i}>{text}</li>)}</Box>
        </Alert>
      )}

      {/* On a phone the table scrolls sideways inside its box (positioned: nothing in it widens the page). */}
      <Box sx={{ overflowX: 'auto', position: 'relative', mb: 2 }}>
        <Table size="small" aria-label={translate('shop.orders.lines')}>
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox">{translate(`${D}.include`)}</TableCell>
              <TableCell>{translate(`${D}.article`)}</TableCell>
              <TableCell>{translate(`${D}.ordered`)}</TableCell>
              <TableCell>{translate(`${D}.today`)}</TableCell>
              <TableCell>{translate(`${D}.stock`)}</TableCell>
              <TableCell align="right">{translate(`${D}.amount`)}</TableCell>
              <TableCell align="right">{translate(`${D}.lineTotal`)}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.lines.map((l) => {
              const title = titleOf(l);
              const orderable = !!l.article?.available;
              const on = included.has(l.orderLineId);
              const amount = amountOf(l);
              const hints = lineHints(l);
              const changedPrice = l.article && l.orderedUnitPrice != null && Number(l.article.price) !== Number(l.orderedUnitPrice);
              return (
                <TableRow key={l.orderLineId}>
                  <TableCell padding="checkbox">
                    <Checkbox checked={on} disabled={!orderable || busy} slotProps={{ input: { 'aria-label': translate(`${D}.includeOf`, { title }) } }}
                      onChange={(e) => setIncluded((s) => { const next = new Set(s); if (e.target.checked) next.add(l.orderLineId); else next.delete(l.orderLineId); return next; })} />
                  </TableCell>
                  <TableCell sx={{ minWidth: 160 }}>
                    <Box>{title}</Box>
                    <Typography variant="caption" color="text.secondary">{l.articleNumberSupplier}</Typography>
                    {hints.map((h, i) => <Typography key={i} variant="body2" color="error">{h}</Typography>)}
                  </TableCell>
                  <TableCell>{translate(`${D}.orderedPrice`, { amount: l.amount, price: price(l.orderedUnitPrice) })}</TableCell>
                  <TableCell>
                    {l.article ? price(l.article.price) : '—'}
                    {changedPrice && <Typography variant="caption" color="text.secondary" component="div">{translate(`${D}.priceChanged`, { price: price(l.orderedUnitPrice) })}</Typography>}
                  </TableCell>
                  <TableCell>
                    {l.lineType !== 'article' ? translate(`${D}.attachment`)
                      : !orderable ? translate(`${D}.unavailable`)
                        : l.article!.stock == null ? translate(`${D}.noStockLimit`) : translate(`${D}.stockLeft`, { count: l.article!.stock })}
                  </TableCell>
                  <TableCell align="right">
                    {orderable ? (
                      <TextField size="small" value={amounts[l.orderLineId] ?? ''} disabled={!on || busy} error={on && !amount} sx={{ width: 76 }}
                        onChange={(e) => setAmounts((x) => ({ ...x, [l.orderLineId]: e.target.value }))}
                        slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-label': translate(`${D}.amountOf`, { title }) } }} />
                    ) : l.amount}
                  </TableCell>
                  <TableCell align="right">{on && l.article && amount ? price(fromCents(lineTotal(l.article.price, l.article.priceQuantity, amount))) : '—'}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </Box>
      <Typography sx={{ fontWeight: 600 }}>{translate(`${D}.productsToday`, { total: price(fromCents(productsToday)) })}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>{translate(`${D}.costsHelp`)}</Typography>
      {problems.length > 0 && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          <Typography variant="subtitle2" component="p">{translate(`${D}.problems`)}</Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>{problems.map((text, i) => <li key={i}>{text}</li>)}</Box>
        </Alert>
      )}
      <Button variant="contained" disabled={busy || !chosen.length || invalid} onClick={place}>{translate(`${D}.place`)}</Button>
    </Box>
  );
}
