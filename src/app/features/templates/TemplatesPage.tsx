import { useState } from 'react';
import { orderTemplatesCreate, orderTemplatesQuery } from '../../../../generated/app/calls/order-templates.gen';
import {
  Alert, Box, Button, Link, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography,
} from '@mui/material';
import visuallyHidden from '@mui/utils/visuallyHidden';
import { useTranslate } from 'ra-core';
import { Link as RouterLink, useNavigate } from 'react-router';
import { canCall } from '../../../shared/access';
import { subjectOf } from '../../access/can-access';
import { useCoreServices, useSession } from '../../bootstrap/context';
import { describeError } from '../../data/errors';
import { usePagedCall } from '../../data/paged-call';
import { ListPager } from '../../generated-support/ListPager';
import { formatDate } from '../../i18n/format';
import { useShopLanguage } from '../../common/hooks';
import { inLanguage } from '../../common/text';
import { TEMPLATE_PAGE_SIZE, type TemplateSummary } from './api';
import { useOrderTemplatesCreate, useOrderTemplatesDelete } from '../../../../generated/app/calls.gen';
import { DeleteTemplateDialog, TitleDialog, useTemplateDone } from './dialogs';
import { useTemplateToBasket } from './useTemplateToBasket';

/** The articles a list item names, then how many lines more: 'Balpen, Papier en 2 andere'. */
function useArticlesText() {
  const translate = useTranslate();
  const language = useShopLanguage();
  return (t: TemplateSummary) => {
    const named = t.articles.map((a) => inLanguage(a.title, language) || a.articleNumberSupplier || '').filter(Boolean).join(', ');
    const more = t.lineCount - t.articles.length;
    return more > 0 ? `${named} ${translate('shop.templates.more', { smart_count: more })}` : named;
  };
}

/**
 * /order-templates: the user's order templates (a customer admin: the company's), by title, a page
 * at a time and searched on the title (POST /order-templates/query). Each opens on its own page,
 * goes into the basket in one click, or is deleted after a confirmation; a new one starts with its
 * title and is filled on its page. Users who may read but not order (orders C) only look.
 */
export function TemplatesPage() {
  const translate = useTranslate();
  const { i18n } = useCoreServices();
  const session = useSession();
  const navigate = useNavigate();
  const articlesText = useArticlesText();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<TemplateSummary | null>(null);
  const done = useTemplateDone();
  const createOne = useOrderTemplatesCreate();
  const removeOne = useOrderTemplatesDelete();
  const basket = useTemplateToBasket();
  const subject = subjectOf(session);
  const writes = canCall(orderTemplatesCreate.access, subject);
  const admin = !!session.user?.customerAccess.find((a) => a.id === session.activeCustomerAccessId)?.roles.includes('admin');
  const list = usePagedCall(orderTemplatesQuery, {
    name: 'order-templates', perPage: TEMPLATE_PAGE_SIZE,
    input: ({ page, perPage, text }) => ({
      body: { query: { skip: (page - 1) * perPage, take: perPage, search: text('search') } },
    }),
    rows: (answer) => answer.result,
    enabled: !!session.activeCustomerId,
  });
  const { rows, error, isPending, page } = list;
  const search = typeof list.filterValues.search === 'string' ? list.filterValues.search : '';

  function create(title: string) {
    createOne.mutate({ body: { dto: { title, lines: [] } } }, {
      onSuccess: async ({ result: made }) => {
        await done('shop.templates.created')();
        navigate(`/order-templates/${encodeURIComponent(made.id)}`);
      },
    });
  }
  function remove(t: TemplateSummary) {
    removeOne.mutate({ body: { id: t.id } }, {
      onSuccess: async () => {
        await done('shop.templates.deleted')();
        setDeleting(null);
        if (rows && rows.length === 1 && page > 1) list.setPage(page - 1);
      },
    });
  }

  return (
    <Box sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>{translate('shop.templates.title')}</Typography>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {translate('shop.templates.help')}{admin && ` ${translate('shop.templates.helpAdmin')}`}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
        <TextField size="small" type="search" label={translate('shop.templates.search')} value={search} sx={{ flex: '1 1 220px', maxWidth: 360 }}
          onChange={(e) => list.setFilters({ search: e.target.value })} />
        {writes && <Button variant="contained" onClick={() => { createOne.reset(); setCreating(true); }}>{translate('shop.templates.create')}</Button>}
      </Box>
      {basket.problems.length > 0 && (
        <Alert severity="error" role="alert" onClose={basket.clearProblems} sx={{ mb: 2 }}>
          <Typography variant="subtitle2" component="p">{translate('shop.templates.fillFailed')}</Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>{basket.problems.map((text, i) => <li key={i}>{text}</li>)}</Box>
        </Alert>
      )}
      {error && <Alert severity="error">{describeError(error, { resource: 'order-templates', op: 'list' }, i18n.i18nProvider)}</Alert>}
      {!isPending && !error && rows?.length === 0 && (
        <Typography>{translate(search.trim() ? 'shop.templates.noResults' : 'shop.templates.empty')}</Typography>
      )}
      {rows && rows.length > 0 && (
        <>
          {/* relative: the visually hidden header text is positioned inside the scrolling box, not beside the page */}
          <Box sx={{ overflowX: 'auto', position: 'relative' }}>
            <Table size="small" aria-label={translate('shop.templates.title')}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate('shop.templates.columns.title')}</TableCell>
                  <TableCell>{translate('shop.templates.columns.articles')}</TableCell>
                  {admin && <TableCell>{translate('shop.templates.columns.createdBy')}</TableCell>}
                  <TableCell>{translate('shop.templates.columns.createdAt')}</TableCell>
                  <TableCell><Box component="span" sx={visuallyHidden}>{translate('shop.templates.columns.actions')}</Box></TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((t) => (
                  <TableRow key={t.id} hover>
                    <TableCell sx={{ minWidth: 140 }}>
                      <Link component={RouterLink} to={`/order-templates/${encodeURIComponent(t.id)}`} aria-label={translate('shop.templates.openNamed', { title: t.title })}>{t.title}</Link>
                      <Typography variant="caption" component="div">{translate('shop.templates.lineCount', { smart_count: t.lineCount })}</Typography>
                    </TableCell>
                    <TableCell sx={{ minWidth: 180 }}>{articlesText(t)}</TableCell>
                    {admin && <TableCell>{t.createdByName ?? ''}</TableCell>}
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(t.createdAt)}</TableCell>
                    <TableCell>
                      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
                        {writes && (
                          <Button size="small" variant="outlined" disabled={t.lineCount === 0 || basket.busy !== null} onClick={() => void basket.fill(t.id)}
                            aria-label={translate('shop.templates.toBasketNamed', { title: t.title })} sx={{ whiteSpace: 'nowrap' }}>
                            {translate('shop.templates.toBasket')}
                          </Button>
                        )}
                        {writes && (
                          <Button size="small" color="error" onClick={() => { removeOne.reset(); setDeleting(t); }}
                            aria-label={translate('shop.templates.deleteNamed', { title: t.title })}>
                            {translate('shop.templates.delete')}
                          </Button>
                        )}
                      </Box>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
          <ListPager list={list} />
        </>
      )}
      {creating && (
        <TitleDialog heading={translate('shop.templates.createTitle')} busy={createOne.isPending || removeOne.isPending} error={createOne.errorText}
          onSave={create} onClose={() => setCreating(false)} />
      )}
      {deleting && (
        <DeleteTemplateDialog title={deleting.title} busy={createOne.isPending || removeOne.isPending} error={removeOne.errorText}
          onConfirm={() => remove(deleting)} onClose={() => setDeleting(null)} />
      )}
    </Box>
  );
}
