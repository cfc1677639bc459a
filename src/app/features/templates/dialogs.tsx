import { useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'ra-core';
import { useAppNotify } from '../../notify/useAppNotify';
import { resourceCallsKey } from '../../data/calls';

/** A template title as the server takes it: 1 to 200 characters once trimmed. */
export const TITLE_MAX = 200;

/**
 * What follows a template change made through its call's mutation hook (which gives the dialog its
 * busy state and failure text, and re-reads the templates page's list): the success toasted and the
 * template reads of ./api refreshed (`refresh: false` when the page leaves at once: a template just
 * deleted would be read again). A toast may be held back by the 5 s rule, so a failure stays in the dialog.
 */
export function useTemplateDone() {
  const queryClient = useQueryClient();
  const { toast } = useAppNotify();
  return (key: string, opts: { args?: Record<string, unknown>; refresh?: boolean } = {}) => async () => {
    toast(key, { variation: 'success', messageArgs: opts.args });
    if (opts.refresh !== false) await queryClient.invalidateQueries({ queryKey: resourceCallsKey('order-templates') });
  };
}

/** Asks for a template's title: required, at most 200 characters. */
export function TitleDialog({ heading, initial = '', busy, error, help, onSave, onClose }: {
  heading: string; initial?: string; busy: boolean; error: string | null; help?: string;
  onSave: (title: string) => void; onClose: () => void;
}) {
  const translate = useTranslate();
  const [title, setTitle] = useState(initial);
  const [touched, setTouched] = useState(false);
  const missing = !title.trim();
  const save = () => {
    setTouched(true);
    if (!missing) onSave(title.trim());
  };
  return (
    <Dialog open onClose={() => !busy && onClose()} aria-labelledby="template-title-dialog" fullWidth maxWidth="sm">
      <DialogTitle id="template-title-dialog">{heading}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        {help && <DialogContentText>{help}</DialogContentText>}
        {error && <Alert severity="error" role="alert">{error}</Alert>}
        <TextField label={translate('shop.templates.titleLabel')} required value={title} autoFocus
          onChange={(e) => setTitle(e.target.value)} onKeyDown={(e) => { if (e.key === 'Enter') save(); }}
          error={touched && missing} helperText={touched && missing ? translate('validation.messages.required') : undefined}
          slotProps={{ htmlInput: { maxLength: TITLE_MAX } }} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={save} disabled={busy}>{translate('ra.action.save')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** Asks before a template is deleted for good. */
export function DeleteTemplateDialog({ title, busy, error, onConfirm, onClose }: {
  title: string; busy: boolean; error: string | null; onConfirm: () => void; onClose: () => void;
}) {
  const translate = useTranslate();
  return (
    <Dialog open onClose={() => !busy && onClose()} aria-labelledby="template-delete-title" aria-describedby="template-delete-text">
      <DialogTitle id="template-delete-title">{translate('shop.templates.deleteTitle')}</DialogTitle>
      <DialogContent>
        {error && <Alert severity="error" role="alert" sx={{ mb: 2 }}>{error}</Alert>}
        <DialogContentText id="template-delete-text">{translate('shop.templates.deleteConfirm', { title })}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy} autoFocus>{translate('ra.action.cancel')}</Button>
        <Button color="error" variant="contained" onClick={onConfirm} disabled={busy}>{translate('shop.templates.delete')}</Button>
      </DialogActions>
    </Dialog>
  );
}
