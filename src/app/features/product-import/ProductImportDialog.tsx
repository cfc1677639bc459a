import { useEffect, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import {
  Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress, Paper, Stack, Table, TableBody, TableCell,
  TableContainer, TableHead, TableRow, Typography, useMediaQuery, useTheme,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'ra-core';
import { CONSTANTS } from '../../../../model/catalogue/constants';
import { PRODUCT_SHEET_COLUMNS } from '../../../shared/product-sheet';
import type { ResultOf } from '../../../shared/contracts/define';
import type { Contracts } from '../../../shared/contracts';
import { useCoreServices } from '../../bootstrap/context';
import { resourceCallsKey } from '../../data/calls';
import { hasMessage } from '../../i18n/has-message';
import { useProductImportsPreview, useProductImportsRun, useProductImportsStatus } from '../../../../generated/app/calls.gen';

const M = 'productImport';
/** How often the progress is read while the import runs (ms). */
export const POLL_MS = 1000;
const MAX_BYTES = CONSTANTS.productImportMaxMb * 1024 * 1024;
const ACCEPT = '.xlsx,.csv,.txt,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type Preview = ResultOf<Contracts['product-imports']['preview']>;
type Status = ResultOf<Contracts['product-imports']['status']>;
type Problem = Preview['errors'][number];

const finished = (s: Status | undefined) => s?.status === 'done' || s?.status === 'failed';

/** A file that is no spreadsheet by its name, or too large: the message key, or null (the server checks both again). */
function fileProblem(file: File): { key: string; values?: Record<string, unknown> } | null {
  if (!/\.(xlsx|csv|txt)$/i.test(file.name)) return { key: `${M}.wrongType` };
  if (file.size > MAX_BYTES) return { key: `${M}.tooLarge`, values: { mb: CONSTANTS.productImportMaxMb } };
  return null;
}

/**
 * A line's problem in the user's language: the model's text for its rule (a validation.messages key
 * or an error code, as every form reads the server's details), else what the server wrote.
 */
function useProblemText() {
  const translate = useTranslate();
  const { i18n } = useCoreServices();
  return (p: Problem) => {
    const key = /^[A-Z]/.test(p.rule) ? `ErrorMessage.${p.rule}` : `validation.messages.${p.rule}`;
    const text = hasMessage(i18n.i18nProvider, key) ? translate(key) : p.message;
    return p.params?.line !== undefined ? `${text} (${translate(`${M}.sameAsLine`, { line: p.params.line })})` : text;
  };
}

/** A table that scrolls sideways (and down, when long) inside the dialog, never the page. */
function ScrollTable({ label, head, rows, maxHeight = 320 }: { label: string; head: string[]; rows: ReactNode[][]; maxHeight?: number }) {
  return (
    <TableContainer component={Paper} variant="outlined" role="region" aria-label={label} tabIndex={0} sx={{ maxHeight }}>
      <Table size="small" stickyHeader aria-label={label}>
        <TableHead><TableRow>{head.map((h) => <TableCell key={h} sx={{ whiteSpace: 'nowrap' }}>{h}</TableCell>)}</TableRow></TableHead>
        <TableBody>
          {rows.map((r, i) => <TableRow key={i}>{r.map((c, j) => <TableCell key={j} sx={{ verticalAlign: 'top' }}>{c}</TableCell>)}</TableRow>)}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function ProblemTable({ label, problems }: { label: string; problems: readonly Problem[] }) {
  const translate = useTranslate();
  const text = useProblemText();
  return (
    <ScrollTable label={label} head={[translate(`${M}.line`), translate(`${M}.column`), translate(`${M}.problem`)]}
      rows={problems.map((p) => [p.line, <code key="c">{p.path}</code>, text(p)])} />
  );
}

export interface ProductImportDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * Importing the company's own articles from a spreadsheet (issue 28; the format:
 * src/shared/product-sheet.ts, told in the help text): choose a file → the server checks it and
 * answers what an import would do, each faulty line with its column and problem, before anything is
 * written (POST /product-management/import/preview) → "Import n valid lines" queues the import
 * (POST …/{importId}/run) → its progress is read every second (GET …/{importId}) until it is done →
 * what it did, and the lines it refused. Once done, the product management list and its articles
 * are read again. Full screen on a phone. Busy and failure states are the calls' own.
 */
export function ProductImportDialog({ open, onClose }: ProductImportDialogProps) {
  const translate = useTranslate();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const queryClient = useQueryClient();
  const [local, setLocal] = useState<{ key: string; values?: Record<string, unknown> } | null>(null);
  const [importId, setImportId] = useState<string | null>(null);
  const preview = useProductImportsPreview({ failure: { fallback: `${M}.previewFailed` } });
  const run = useProductImportsRun({ failure: { fallback: `${M}.runFailed` }, onSuccess: (started) => setImportId(started.importId) });
  const status = useProductImportsStatus({ params: { importId: importId ?? '' } }, {
    enabled: !!importId,
    refetchInterval: (query) => (finished(query.state.data) ? false : POLL_MS),
  });
  const current = status.data;
  const done = finished(current);

  // Once the run is over, what shows the company's articles is read again.
  const refreshed = useRef<string | null>(null);
  useEffect(() => {
    if (!done || !current || refreshed.current === current.importId) return;
    refreshed.current = current.importId;
    void queryClient.invalidateQueries({ queryKey: resourceCallsKey('articles') });
  }, [done, current, queryClient]);

  function restart() {
    setLocal(null);
    setImportId(null);
    preview.reset();
    run.reset();
  }
  function close() {
    restart();
    onClose();
  }
  function chosen(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    restart();
    const problem = fileProblem(file);
    if (problem) return setLocal(problem);
    const form = new FormData();
    form.append('file', file, file.name);
    preview.mutate({ form });
  }

  const checked: Preview | undefined = importId ? undefined : preview.data;
  const step = importId ? (done ? 'summary' : 'running') : checked ? 'preview' : 'choose';

  return (
    <Dialog open={open} onClose={run.isPending ? undefined : close} fullScreen={phone} fullWidth maxWidth="md" aria-labelledby="product-import-title">
      <DialogTitle id="product-import-title">{translate(`${M}.title`)}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {step === 'choose' && <ChooseFile busy={preview.isPending} onChange={chosen} />}
          {local && <Alert severity="error" role="alert">{translate(local.key, local.values)}</Alert>}
          {preview.errorText && <Alert severity="error" role="alert">{preview.errorText}</Alert>}
          {checked && <PreviewResult preview={checked} />}
          {run.errorText && <Alert severity="error" role="alert">{run.errorText}</Alert>}
          {importId && <Progress status={current} failedToRead={!!status.error && !current} />}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {step === 'choose' && <Button onClick={close} disabled={preview.isPending}>{translate(`${M}.cancel`)}</Button>}
        {step === 'preview' && checked && (
          <>
            <Button component="label" disabled={run.isPending}>
              {translate(`${M}.otherFile`)}
              <input hidden type="file" accept={ACCEPT} aria-label={translate(`${M}.otherFile`)} onChange={chosen} />
            </Button>
            <Button onClick={close} disabled={run.isPending}>{translate(`${M}.cancel`)}</Button>
            <Button variant="contained" disabled={run.isPending || checked.valid === 0} onClick={() => run.mutate({ params: { importId: checked.importId }, body: {} })}>
              {translate(`${M}.run`, { count: checked.valid })}
            </Button>
          </>
        )}
        {(step === 'running' || step === 'summary') && <Button variant={step === 'summary' ? 'contained' : 'text'} onClick={close}>{translate(`${M}.close`)}</Button>}
      </DialogActions>
    </Dialog>
  );
}

function ChooseFile({ busy, onChange }: { busy: boolean; onChange: (event: ChangeEvent<HTMLInputElement>) => void }) {
  const translate = useTranslate();
  return (
    <>
      <Typography variant="body2">{translate(`${M}.help`)}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {translate(`${M}.helpColumns`, { columns: PRODUCT_SHEET_COLUMNS.join(', ') })}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate(`${M}.helpLimits`, { mb: CONSTANTS.productImportMaxMb, lines: CONSTANTS.productImportMaxLines.toLocaleString() })}
      </Typography>
      <Box>
        <Button variant="contained" component="label" disabled={busy}>
          {translate(`${M}.choose`)}
          <input hidden type="file" accept={ACCEPT} aria-label={translate(`${M}.chooseLabel`)} onChange={onChange} />
        </Button>
      </Box>
      {busy && (
        <Box role="status">
          <Typography variant="body2">{translate(`${M}.checking`)}</Typography>
          <LinearProgress aria-label={translate(`${M}.checking`)} />
        </Box>
      )}
    </>
  );
}

function PreviewResult({ preview }: { preview: Preview }) {
  const translate = useTranslate();
  const shown = ['articleNumberSupplier', 'supplier', 'title_nl', 'price'].filter((c) => (preview.columns as readonly string[]).includes(c));
  const columns = [...shown, ...preview.columns.filter((c) => !shown.includes(c))].slice(0, 6);
  return (
    <>
      <Alert severity={preview.invalid ? 'warning' : 'success'} role="status">
        {translate(`${M}.summary`, {
          file: preview.fileName, lines: preview.lines, valid: preview.valid, creates: preview.creates, updates: preview.updates,
          unchanged: preview.unchanged, invalid: preview.invalid,
        })}
      </Alert>
      {preview.ignoredColumns.length > 0 && (
        <Typography variant="body2" color="text.secondary">{translate(`${M}.ignored`, { columns: preview.ignoredColumns.join(', ') })}</Typography>
      )}
      {preview.valid === 0 && <Alert severity="error">{translate(`${M}.noValid`)}</Alert>}
      {preview.errors.length > 0 && (
        <Box>
          <Typography variant="subtitle2" component="h3" gutterBottom>{translate(`${M}.errorsTitle`)}</Typography>
          <ProblemTable label={translate(`${M}.errorsTitle`)} problems={preview.errors} />
          {preview.errorCount > preview.errors.length && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>{translate(`${M}.moreErrors`, { count: preview.errorCount - preview.errors.length })}</Typography>
          )}
        </Box>
      )}
      {preview.sample.length > 0 && (
        <Box>
          <Typography variant="subtitle2" component="h3" gutterBottom>{translate(`${M}.sampleTitle`)}</Typography>
          <ScrollTable label={translate(`${M}.sampleTitle`)} head={[translate(`${M}.line`), ...columns]} maxHeight={240}
            rows={preview.sample.map((s) => [s.line, ...columns.map((c) => s.values[c] ?? '')])} />
        </Box>
      )}
    </>
  );
}

function Progress({ status, failedToRead }: { status: Status | undefined; failedToRead: boolean }) {
  const translate = useTranslate();
  if (failedToRead) return <Alert severity="error" role="alert">{translate(`${M}.statusFailed`)}</Alert>;
  if (!status || status.status === 'queued' || status.status === 'previewed') {
    return (
      <Box role="status">
        <Typography variant="body2">{translate(`${M}.queued`)}</Typography>
        <LinearProgress aria-label={translate(`${M}.progressLabel`)} />
      </Box>
    );
  }
  const percent = status.total ? Math.round((status.done / status.total) * 100) : 100;
  const counts = translate(`${M}.result`, { created: status.created, updated: status.updated, unchanged: status.unchanged, refused: status.refused });
  return (
    <>
      {status.status === 'running' && (
        <Box role="status">
          <Typography variant="body2">{translate(`${M}.progress`, { done: status.done, total: status.total })}</Typography>
          <LinearProgress variant="determinate" value={percent} aria-label={translate(`${M}.progressLabel`)} />
        </Box>
      )}
      {status.status === 'done' && <Alert severity="success" role="status">{translate(`${M}.done`)} {counts}</Alert>}
      {status.status === 'failed' && <Alert severity="error" role="alert">{translate(`${M}.failed`)} {counts}</Alert>}
      {finished(status) && status.refusals.length > 0 && (
        <Box>
          <Typography variant="subtitle2" component="h3" gutterBottom>{translate(`${M}.refusedTitle`)}</Typography>
          <ProblemTable label={translate(`${M}.refusedTitle`)} problems={status.refusals} />
        </Box>
      )}
    </>
  );
}
