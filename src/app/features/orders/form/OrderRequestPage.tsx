import { useState } from 'react';
import { Alert, Box, Button, TextField, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { DepartmentField, FileField, isAmount } from './fields';
import type { UploadedFile } from './upload';
import { usePlaceOrder } from './usePlaceOrder';

/**
 * /order-request (flows §1, §2): what the user wants in their own words, optionally a document, an
 * estimated amount excluding VAT and one of their departments; the new order then opens (POST
 * /v2/orders, kind 'orderRequest'). Without an amount the order waits as incomplete until the user
 * adds it on the order's page.
 */

const R = 'shop.orderRequest';

export function OrderRequestPage() {
  const translate = useTranslate();
  const [description, setDescription] = useState('');
  const [file, setFile] = useState<UploadedFile | null>(null);
  const [amount, setAmount] = useState('');
  const [departmentId, setDepartmentId] = useState('');
  const [tried, setTried] = useState(false);
  const { place, busy, error, serverErrors } = usePlaceOrder(`${R}.placed`);

  const descriptionProblem = description.trim() ? undefined : translate('validation.messages.required');
  const amountProblem = amount.trim() && !isAmount(amount) ? translate('shop.orderForm.numerical') : undefined;
  const shown = (path: string, local: string | undefined) => serverErrors[path] ?? (tried ? local : undefined);

  async function submit() {
    setTried(true);
    if (descriptionProblem || amountProblem) return;
    await place({
      kind: 'orderRequest', description: description.trim(), estimatedAmount: amount.trim() || null, departmentId: departmentId || null,
      attachment: file ? { containerName: file.containerName, blobName: file.blobName } : null,
    });
  }

  return (
    <Box component="form" noValidate onSubmit={(e) => { e.preventDefault(); void submit(); }}
      sx={{ p: { xs: 1.5, sm: 2 }, display: 'grid', gap: 2, maxWidth: 720 }}>
      <Box>
        <Typography variant="h5" component="h1" sx={{ mb: 1 }}>{translate(`${R}.title`)}</Typography>
        <Typography variant="body2">{translate(`${R}.help`)}</Typography>
      </Box>
      <TextField label={translate(`${R}.description`)} required multiline minRows={4} value={description} onChange={(e) => setDescription(e.target.value)}
        error={!!shown('description', descriptionProblem)} helperText={shown('description', descriptionProblem)} slotProps={{ htmlInput: { maxLength: 4000 } }} />
      <FileField label={translate(`${R}.file`)} value={file} onChange={setFile} error={serverErrors.attachment} />
      <TextField size="small" label={translate(`${R}.amount`)} value={amount} onChange={(e) => setAmount(e.target.value)} sx={{ maxWidth: 420 }}
        error={!!shown('estimatedAmount', amountProblem)} helperText={shown('estimatedAmount', amountProblem)} slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 16 } }} />
      <DepartmentField label={translate(`${R}.department`)} noneLabel={translate(`${R}.noDepartment`)} value={departmentId} onChange={setDepartmentId}
        error={serverErrors.departmentId} />
      {error && <Alert severity="error" role="alert">{error}</Alert>}
      <Box>
        <Button type="submit" variant="contained" disabled={busy}>{translate(`${R}.submit`)}</Button>
      </Box>
    </Box>
  );
}
