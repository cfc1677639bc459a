import { useState, type ChangeEvent } from 'react';
import {
  Alert, Box, Button, Checkbox, Chip, Dialog, DialogActions, DialogContent, DialogContentText, IconButton, Menu, MenuItem, Paper, Stack, Typography,
} from '@mui/material';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { useTranslate } from 'ra-core';
import { CONSTANTS } from '../../../../model/catalogue/constants';
import { useCoreServices } from '../../bootstrap/context';
import { describeError } from '../../data/errors';
import { formatDate } from '../../i18n/format';
import { useAppNotify } from '../../notify/useAppNotify';
import { invoiceFileProblem, statusColor, uploadProblemOf, useInvoiceChanges, type InvoiceRow } from './invoice-api';
import { InvoiceLines, money } from './InvoiceLines';
import { InvoiceMatchOf, MatchChip } from './InvoiceMatch';

const M = 'invoices';
const S = 'resources.invoices.choices.status';

export interface InvoiceRights { write: boolean; remove: boolean }

/** Whether the caller may mark the invoice paid now: they change invoices, it is not paid, and no mismatch blocks it (the server decides again). */
export const payable = (invoice: InvoiceRow, rights: InvoiceRights) => rights.write && invoice.status !== 'payed' && invoice.matchStatus !== 'mismatch';

/**
 * One invoice of the list: its numbers, amounts, dates, file and the steps the caller may take.
 * Paying (or taking a payment back) sits with the everyday steps; removing the PDF and deleting the
 * invoice sit apart, in the card's menu, the delete behind its confirmation, so a hurried tap on
 * "mark as paid" never lands on them. A payable invoice has a box to tick it for paying several at once.
 */
export function InvoiceCard({ invoice, rights, selected, onSelect }: {
  invoice: InvoiceRow; rights: InvoiceRights;
  /** Ticked for the bulk payment; undefined: no box (the invoice cannot be paid by the caller now). */
  selected?: boolean; onSelect?: () => void;
}) {
  const translate = useTranslate();
  const { i18n } = useCoreServices();
  const { toast } = useAppNotify();
  const changes = useInvoiceChanges();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [askDelete, setAskDelete] = useState(false);
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const headingId = `invoice-${invoice.id}`;
  const menuId = `invoice-menu-${invoice.id}`;
  const removesFile = !!invoice.fileUrl && rights.write;

  async function run(step: () => Promise<unknown>, done: string | null) {
    setBusy(true);
    setProblem(null);
    try {
      await step();
      if (done) toast(translate(done), { variation: 'success' });
    } catch (e) {
      const key = uploadProblemOf(e);
      const text = key ? translate(key, { max: CONSTANTS.invoicePdfMaxMb }) : describeError(e, { resource: 'invoices', op: 'update' }, i18n.i18nProvider);
      setProblem(text);
      toast(text, { variation: 'error' });
    } finally {
      setBusy(false);
    }
  }

  async function chosen(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const local = await invoiceFileProblem(file);
    if (local) {
      setProblem(translate(local, { max: CONSTANTS.invoicePdfMaxMb }));
      return;
    }
    await run(() => changes.upload(invoice, file), `${M}.uploaded`);
  }

  return (
    <Paper variant="outlined" component="li" aria-labelledby={headingId} sx={{ p: { xs: 1.5, sm: 2 }, listStyle: 'none', display: 'flex', gap: 1, alignItems: 'flex-start', minWidth: 0 }}>
      {selected !== undefined && (
        <Checkbox checked={selected} onChange={onSelect} disabled={busy} sx={{ mt: -0.75, ml: -0.75 }}
          slotProps={{ input: { 'aria-label': translate(`${M}.select`, { number: invoice.number }) } }} />
      )}
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Stack direction="row" useFlexGap spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography id={headingId} variant="subtitle1" component="h2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{invoice.number}</Typography>
          <Chip size="small" label={translate(`${S}.${invoice.status}`)} color={statusColor(invoice.status)} />
          <MatchChip status={invoice.matchStatus} />
          {invoice.supplierName && <Typography color="text.secondary">{invoice.supplierName}</Typography>}
        </Stack>
        <Typography variant="body2" sx={{ mt: 0.5 }}>{translate(`${M}.amounts`, { incl: money(invoice.priceIncl), excl: money(invoice.priceExcl) })}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {[translate(`${M}.invoiced`, { date: formatDate(invoice.invoiceDate) }), translate(`${M}.due`, { date: formatDate(invoice.dueDate) }),
            invoice.gcsNumber, invoice.paidAt ? translate(`${M}.paid`, { date: formatDate(invoice.paidAt) }) : null]
            .filter(Boolean).join(' · ')}
        </Typography>
        {invoice.remarks && <Typography variant="body2">“{invoice.remarks}”</Typography>}
        <Typography variant="body2" sx={{ mt: 0.5 }} data-testid="invoice-file">{invoice.fileName ? translate(`${M}.file`, { name: invoice.fileName }) : translate(`${M}.noFile`)}</Typography>
        {problem && <Alert severity="error" sx={{ mt: 1 }} role="alert">{problem}</Alert>}
        <Stack direction="row" useFlexGap spacing={1} sx={{ mt: 1, flexWrap: 'wrap', alignItems: 'center' }} role="group" aria-label={translate(`${M}.actions`, { number: invoice.number })}>
          <Button size="small" onClick={() => setOpen(!open)} aria-expanded={open}>{translate(open ? `${M}.hideDetails` : `${M}.details`)}</Button>
          {rights.write && (
            <Button size="small" variant="outlined" component="label" disabled={busy}>
              {translate(busy ? `${M}.uploading` : invoice.fileUrl ? `${M}.replace` : `${M}.upload`)}
              <input hidden type="file" accept="application/pdf,.pdf" onChange={(e) => void chosen(e)} />
            </Button>
          )}
          {invoice.fileUrl && <Button size="small" disabled={busy} onClick={() => void run(() => changes.download(invoice), null)}>{translate(`${M}.download`)}</Button>}
          {payable(invoice, rights) && (
            <Button size="small" variant="contained" disabled={busy} onClick={() => void run(() => changes.setStatus(invoice.id, 'payed'), `${M}.markedPaid`)}>{translate(`${M}.markPaid`)}</Button>
          )}
          {rights.write && invoice.status === 'payed' && (
            <Button size="small" disabled={busy} onClick={() => void run(() => changes.setStatus(invoice.id, 'open'), `${M}.reopened`)}>{translate(`${M}.reopen`)}</Button>
          )}
          {(removesFile || rights.remove) && (
            <IconButton size="small" sx={{ ml: 'auto' }} disabled={busy} aria-label={translate(`${M}.more`, { number: invoice.number })}
              aria-haspopup="menu" aria-controls={menu ? menuId : undefined} aria-expanded={!!menu} onClick={(e) => setMenu(e.currentTarget)}>
              <MoreVertIcon fontSize="small" />
            </IconButton>
          )}
        </Stack>
        <Menu id={menuId} anchorEl={menu} open={!!menu} onClose={() => setMenu(null)}>
          {removesFile && (
            <MenuItem onClick={() => { setMenu(null); void run(() => changes.deleteFile(invoice.id), `${M}.fileDeleted`); }}>{translate(`${M}.deleteFile`)}</MenuItem>
          )}
          {rights.remove && (
            <MenuItem sx={{ color: 'error.main' }} onClick={() => { setMenu(null); setAskDelete(true); }}>{translate(`${M}.delete`)}</MenuItem>
          )}
        </Menu>
        {invoice.status !== 'payed' && invoice.matchStatus === 'mismatch' && !open && (
          <Typography variant="body2" color="error.main" sx={{ mt: 0.5 }}>{translate(`${M}.payBlocked`)}</Typography>
        )}
        {open && <Box sx={{ mt: 1 }}><InvoiceLines id={invoice.id} /><InvoiceMatchOf id={invoice.id} /></Box>}
      </Box>
      <Dialog open={askDelete} onClose={() => setAskDelete(false)} aria-describedby={`delete-${invoice.id}`}>
        <DialogContent><DialogContentText id={`delete-${invoice.id}`}>{translate(`${M}.deleteConfirm`, { number: invoice.number })}</DialogContentText></DialogContent>
        <DialogActions>
          <Button onClick={() => setAskDelete(false)}>{translate(`${M}.cancel`)}</Button>
          <Button color="error" variant="contained" onClick={() => { setAskDelete(false); void run(() => changes.remove(invoice.id), `${M}.deleted`); }}>{translate(`${M}.delete`)}</Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
