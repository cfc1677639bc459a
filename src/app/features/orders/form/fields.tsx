import { useEffect, useId, useRef, useState } from 'react';
import { Box, Button, FormHelperText, LinearProgress, Link, MenuItem, TextField, Typography } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { HttpError, useTranslate } from 'ra-core';
import { Link as RouterLink } from 'react-router';
import { CONSTANTS } from '../../../../../model/catalogue/constants';
import { filesRemove } from '../../../../../generated/app/calls/files.gen';
import { useCoreServices } from '../../../bootstrap/context';
import { callApi } from '../../../data/call-api';
import { describeError } from '../../../data/errors';
import type { HttpErrorBody } from '../../../data/http';
import { useDepartments } from '../../users/settings/useDepartments';
import { sizeText } from '../conversation-data';
import type { Address } from '../../../common/types';
import { useAddressBook } from '../../basket/address-book';
import { ORDER_ATTACHMENTS, uploadFile, type UploadedFile } from './upload';

/**
 * The inputs the order form and the order request share: a file uploaded as soon as it is chosen
 * (with its progress and the server's refusal), the user's own departments, the address book and an
 * amount typed the Belgian way. Each shows the message of its field that the server refused.
 */

const F = 'shop.orderForm';

/** Decimal with an optional comma or dot fraction, as the server reads money (core §5). */
const AMOUNT_RE = /^\d{1,12}([.,]\d{1,2})?$/;
export const isAmount = (text: string) => AMOUNT_RE.test(text.trim());

/** The server's refusal as a message per body path ('quotes.1.supplierEmail'), in the user's language. */
export function fieldErrors(error: unknown): Record<string, string> {
  const body = (error instanceof HttpError ? error.body : undefined) as HttpErrorBody | undefined;
  return Object.fromEntries((body?.details ?? []).map((d) => [d.path, d.message]));
}

/**
 * A file of the 'order-attachments' container: chosen, then uploaded at once with its progress; the
 * uploaded file is the value (null: none). A refusal (too large, not a PDF or picture, empty) keeps
 * the previous value and says why, in the words of the server's error code.
 */
export function FileField({ label, value, onChange, error, required }: {
  label: string; value: UploadedFile | null; onChange: (file: UploadedFile | null) => void; error?: string; required?: boolean;
}) {
  const translate = useTranslate();
  const { http, i18n } = useCoreServices();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const running = useRef<AbortController | null>(null);
  const [progress, setProgress] = useState<{ name: string; fraction: number } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  async function choose(file: File | undefined) {
    if (input.current) input.current.value = '';
    if (!file) return;
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setFailure(null);
    setProgress({ name: file.name, fraction: 0 });
    try {
      const uploaded = await uploadFile(http, ORDER_ATTACHMENTS, file, {
        signal: controller.signal, onProgress: (fraction) => setProgress({ name: file.name, fraction }),
      });
      const previous = value;
      onChange(uploaded);
      if (previous) discard(previous);
    } catch (e) {
      if ((e as Error)?.name === 'AbortError') return;
      setFailure(translate(`${F}.uploadFailed`, { name: file.name, reason: describeError(e, {}, i18n.i18nProvider) }));
    } finally {
      if (running.current === controller) {
        running.current = null;
        setProgress(null);
      }
    }
  }

  /** A file the form no longer names is removed (its uploader may, while no order holds it); a failure only leaves it unused. */
  function discard(file: UploadedFile) {
    void callApi(http, filesRemove, { query: { containerName: file.containerName, blobName: file.blobName } }).catch(() => undefined);
  }

  const problem = failure ?? error;
  return (
    <Box sx={{ display: 'grid', gap: 0.5 }} data-uploading={progress ? 'true' : undefined}>
      <Typography component="label" htmlFor={id} variant="body2" sx={{ fontWeight: 500 }}>
        {label}{required && ' *'}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Button component="label" variant="outlined" size="small" startIcon={<UploadFileIcon />} disabled={!!progress}>
          {translate(value ? `${F}.replaceFile` : `${F}.chooseFile`)}
          <input id={id} ref={input} hidden type="file" accept="application/pdf,image/png,image/jpeg,.pdf,.png,.jpg,.jpeg"
            aria-describedby={`${id}-help`} onChange={(e) => void choose(e.target.files?.[0])} />
        </Button>
        {value && !progress && (
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {translate(`${F}.uploaded`, { name: value.fileName, size: sizeText(value.size) })}
          </Typography>
        )}
        {value && !progress && !required && (
          <Button size="small" color="error" onClick={() => { discard(value); onChange(null); }}>{translate(`${F}.removeFile`)}</Button>
        )}
      </Box>
      {progress && (
        <Box role="status">
          <Typography variant="caption">{translate(`${F}.uploading`, { name: progress.name, percent: Math.round(progress.fraction * 100) })}</Typography>
          <LinearProgress variant="determinate" value={Math.round(progress.fraction * 100)} aria-label={progress.name} />
        </Box>
      )}
      <FormHelperText id={`${id}-help`} error={!!problem} role={problem ? 'alert' : undefined}>
        {problem ?? translate(`${F}.fileTypes`, { max: CONSTANTS.orderAttachmentMaxMb })}
      </FormHelperText>
    </Box>
  );
}

/**
 * The departments the user is a member of (GET /users/{id}/customer-departments): an order form's
 * or request's department must be one of them. Without any, a link to add some.
 */
export function DepartmentField({ label, value, onChange, error, required, noneLabel }: {
  label: string; value: string; onChange: (id: string) => void; error?: string; required?: boolean; noneLabel?: string;
}) {
  const translate = useTranslate();
  const { departments } = useDepartments('mine');
  // A single department is the obvious one: chosen for the user.
  useEffect(() => {
    if (required && !value && departments?.length === 1) onChange(departments[0]!.id);
  }, [departments, required, value, onChange]);
  if (departments && !departments.length) {
    return (
      <FormHelperText error={!!required}>
        {translate(`${F}.noDepartment`)}{' '}
        <Link component={RouterLink} to="/user-settings/AddDepartments">{translate(`${F}.addDepartments`)}</Link>
      </FormHelperText>
    );
  }
  return (
    <TextField select size="small" label={label} required={required} value={value} onChange={(e) => onChange(e.target.value)}
      error={!!error} helperText={error ?? (required ? translate(`${F}.departmentHelp`) : undefined)}>
      {!required && <MenuItem value=""><em>{noneLabel}</em></MenuItem>}
      {(departments ?? []).map((d) => <MenuItem key={d.id} value={d.id}>{d.name ?? d.id}</MenuItem>)}
    </TextField>
  );
}

/** The acting customer's address book (one-time addresses left out), the primary address chosen first. */
export function AddressField({ value, onChange, error }: { value: string; onChange: (id: string) => void; error?: string }) {
  const translate = useTranslate();
  const data = useAddressBook();
  useEffect(() => {
    if (!value && data?.length) onChange(data.find((a) => a.isPrimary)?.id ?? data[0]!.id);
  }, [data, value, onChange]);
  if (data && !data.length) return <FormHelperText>{translate(`${F}.noAddress`)}</FormHelperText>;
  const line = (a: Address) => [a.name, [a.address?.street, a.address?.houseNumber].filter(Boolean).join(' '), a.address?.city].filter(Boolean).join(', ');
  return (
    <TextField select size="small" label={translate(`${F}.address`)} value={data ? value : ''} onChange={(e) => onChange(e.target.value)}
      error={!!error} helperText={error}>
      {(data ?? []).map((a) => <MenuItem key={a.id} value={a.id}>{line(a)}</MenuItem>)}
    </TextField>
  );
}
