import { useEffect, useRef, useState } from 'react';
import { orderTemplatesId, orderTemplatesUpdate } from '../../../../generated/app/calls/order-templates.gen';
import { Alert, Box, Button, Link, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'ra-core';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { canCall } from '../../../shared/access';
import { subjectOf } from '../../access/can-access';
import { useCoreServices, useSession } from '../../bootstrap/context';
import { describeError } from '../../data/errors';
import { callKey, useCallQuery } from '../../data/calls';
import { formatDate } from '../../i18n/format';
import { useAppNotify } from '../../notify/useAppNotify';
import { useShopLanguage } from '../../common/hooks';
import { inLanguage } from '../../common/text';
import type { SupplierArticleDto } from '../../common/types';
import type { OrderTemplate } from './api';
import { useOrderTemplatesDelete, useOrderTemplatesUpdate } from '../../../../generated/app/calls.gen';
import { ArticlePicker } from './ArticlePicker';
import { DeleteTemplateDialog, TITLE_MAX, useTemplateDone } from './dialogs';
import { templateProblems } from './problems';
import { amountOf, lineTitle, TemplateLines, type LineDraft } from './TemplateLines';
import { useTemplateToBasket } from './useTemplateToBasket';

const draftsOf = (t: OrderTemplate): LineDraft[] => t.lines.map((l) => ({ supplierArticleId: l.supplierArticleId, amount: String(l.amount), article: l.article ?? null }));

/** The article of a catalogue hit as a template line shows it. */
const lineArticle = (a: SupplierArticleDto): LineDraft['article'] => ({
  id: a.id, articleNumberSupplier: a.articleNumberSupplier, title: a.title, price: a.price, priceQuantity: a.priceQuantity,
  minOrderQuant: a.minOrderQuant, supplierName: a.supplierName, available: true,
});

/**
 * /order-templates/{id}: one template (POST /order-templates/id) to change and use. Its title and
 * lines are edited here and saved together (POST /order-templates/update: the whole list of lines);
 * articles are found by number or name (ArticlePicker). "Put in basket" saves pending changes first,
 * then adds the lines to the basket (useTemplateToBasket) and opens it; what the server refuses is
 * listed per article. Users who may read but not order only look.
 */
export function TemplatePage() {
  const { id = '' } = useParams();
  const translate = useTranslate();
  const { i18n } = useCoreServices();
  const session = useSession();
  const navigate = useNavigate();
  const language = useShopLanguage();
  const queryClient = useQueryClient();
  const { toast } = useAppNotify();
  const writes = canCall(orderTemplatesUpdate.access, subjectOf(session));
  // POST /order-templates/id: a read in the spec's query style.
  const input = { body: { id } };
  const key = callKey(orderTemplatesId, input, session.activeCustomerId);
  const { data: answer, error } = useCallQuery(orderTemplatesId, input, { enabled: !!session.activeCustomerId && !!id });
  const data = answer?.result;
  const [title, setTitle] = useState('');
  const [lines, setLines] = useState<LineDraft[]>([]);
  const [dirty, setDirty] = useState(false);
  const [touched, setTouched] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const done = useTemplateDone();
  const remove = useOrderTemplatesDelete();
  // Saving re-reads the templates' reads (the templates page's list) once done.
  const update = useOrderTemplatesUpdate();
  const saving = update.isPending;
  // The lines as sent: a refusal's details (dto.lines.N) name the article of line N.
  const sent = useRef<LineDraft[]>([]);
  const basket = useTemplateToBasket();

  // Another version of the template read (the first, or one saved elsewhere) replaces the drafts
  // unless the user is changing them; the page's own save sets them from its answer.
  const shownVersion = useRef<string | null>(null);
  useEffect(() => {
    if (!data || dirty || shownVersion.current === `${data.id}@${data.updatedAt}`) return;
    shownVersion.current = `${data.id}@${data.updatedAt}`;
    setTitle(data.title);
    setLines(draftsOf(data));
  }, [data, dirty]);

  if (error) return <Box sx={{ p: 2 }}><Alert severity="error">{describeError(error, { resource: 'order-templates', op: 'get' }, i18n.i18nProvider)}</Alert></Box>;
  if (!data) return <Box sx={{ p: 2 }}><Typography>{translate('ra.page.loading')}</Typography></Box>;

  const change = (next: LineDraft[]) => { setLines(next); setDirty(true); };
  const titleMissing = !title.trim();
  const invalid = titleMissing || lines.some((l) => amountOf(l) === null);

  function add(a: SupplierArticleDto) {
    const name = inLanguage(a.title, language) || a.articleNumberSupplier;
    const step = Math.max(1, a.minOrderQuant ?? 1);
    const at = lines.findIndex((l) => l.supplierArticleId === a.id.toLowerCase());
    if (at >= 0) {
      change(lines.map((l, i) => (i === at ? { ...l, amount: String((amountOf(l) ?? 0) + step) } : l)));
      toast('shop.templates.raised', { variation: 'info', messageArgs: { title: name } });
    } else {
      change([...lines, { supplierArticleId: a.id.toLowerCase(), amount: String(step), article: lineArticle(a) }]);
      toast('shop.templates.added', { variation: 'success', messageArgs: { title: name } });
    }
  }

  /** Saves title and lines; answers whether the template on the server is now what the page shows. */
  async function save(): Promise<boolean> {
    setTouched(true);
    update.reset();
    if (invalid) return false;
    sent.current = lines;
    // "Put in basket" waits for the save: mutateAsync answers it; the refusal is the hook's error, shown below.
    const saved = await update.mutateAsync({ body: { dto: { id, title: title.trim(), lines: lines.map((l) => ({ supplierArticleId: l.supplierArticleId, amount: amountOf(l)! })) } } })
      .then((r) => r.result, () => null);
    if (!saved) return false;
    queryClient.setQueryData(key, { result: saved });
    shownVersion.current = `${saved.id}@${saved.updatedAt}`;
    setTitle(saved.title);
    setLines(draftsOf(saved));
    setDirty(false);
    setTouched(false);
    return true;
  }

  async function toBasket() {
    if (dirty && !(await save())) return;
    const current = queryClient.getQueryData<typeof answer>(key)?.result ?? data!;
    const drafts = draftsOf(current);
    await basket.fill(id, (i) => (drafts[i] ? lineTitle(drafts[i], language) : undefined));
  }

  const problems = update.error
    ? templateProblems(update.error, { resource: 'order-templates', op: 'update' }, i18n.i18nProvider, (i) => (sent.current[i] ? lineTitle(sent.current[i], language) : undefined))
    : [];
  const shown = [...problems, ...basket.problems];
  return (
    <Box sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Link component={RouterLink} to="/order-templates">{translate('shop.templates.back')}</Link>
      <Typography variant="h5" component="h1" sx={{ mt: 2, mb: 0.5, overflowWrap: 'anywhere' }}>{data.title}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('shop.templates.createdOn', { date: formatDate(data.createdAt), name: data.createdByName ?? '' })}
      </Typography>
      {writes && (
        <TextField label={translate('shop.templates.titleLabel')} required value={title} fullWidth sx={{ maxWidth: 520, mb: 2 }}
          onChange={(e) => { setTitle(e.target.value); setDirty(true); }}
          error={touched && titleMissing} helperText={touched && titleMissing ? translate('validation.messages.required') : undefined}
          slotProps={{ htmlInput: { maxLength: TITLE_MAX } }} />
      )}
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>{translate('shop.templates.lines')}</Typography>
      <TemplateLines lines={lines} editable={writes} showErrors={touched}
        onAmount={(index, amount) => change(lines.map((l, i) => (i === index ? { ...l, amount } : l)))}
        onRemove={(index) => change(lines.filter((_, i) => i !== index))} />
      {writes && <Box sx={{ mb: 3 }}><ArticlePicker onPick={add} disabled={saving} /></Box>}
      {shown.length > 0 && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {basket.problems.length > 0 && <Typography variant="subtitle2" component="p">{translate('shop.templates.fillFailed')}</Typography>}
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>{shown.map((text, i) => <li key={i}>{text}</li>)}</Box>
        </Alert>
      )}
      {writes && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <Button variant="contained" disabled={saving || basket.busy !== null || lines.length === 0} onClick={() => void toBasket()}>
            {translate('shop.templates.toBasket')}
          </Button>
          <Button variant="outlined" disabled={saving || !dirty} onClick={() => void save().then((ok) => ok && toast('shop.templates.saved', { variation: 'success' }))}>
            {translate('shop.templates.save')}
          </Button>
          <Button color="error" disabled={saving} onClick={() => { remove.reset(); setDeleting(true); }}>{translate('shop.templates.delete')}</Button>
          {dirty && <Typography variant="body2" color="text.secondary" role="status">{translate('shop.templates.unsaved')}</Typography>}
        </Box>
      )}
      {deleting && (
        <DeleteTemplateDialog title={data.title} busy={remove.isPending} error={remove.errorText} onClose={() => setDeleting(false)}
          onConfirm={() => remove.mutate({ body: { id } }, {
            onSuccess: async () => {
              await done('shop.templates.deleted', { refresh: false })();
              queryClient.removeQueries({ queryKey: key });
              navigate('/order-templates');
            },
          })} />
      )}
    </Box>
  );
}
