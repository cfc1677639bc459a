import { useState } from 'react';
import {
  Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Link, MenuItem, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography,
} from '@mui/material';
import { Form, ResourceContextProvider, useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ADMIN_PREFIX } from '../../../../../model/catalogue/pages-admin';
import { useArticlesAdminCreate } from '../../../../../generated/app/calls.gen';
import { articlesAdminList } from '../../../../../generated/app/calls/articles.gen';
import { articleCreateSchema } from '../../../../../generated/schemas/articles.gen';
import { useCoreServices } from '../../../bootstrap/context';
import { hiddenBelow, shownBelow } from '../../../common/ui/phone';
import { describeError } from '../../../data/errors';
import { usePagedCall } from '../../../data/paged-call';
import { ListPager } from '../../../generated-support/ListPager';
import { TranslatedTextInput, zodFormResolver } from '../../../generated-support';
import { formProblems, useArticleChoices, useInLanguage, type Choice } from './product-admin-api';

const M = 'adminProducts';
/** On a phone the list keeps the title and the brand; the EAN and "not available" go under the title. */
const phoneHidden = hiddenBelow();
const phoneShown = shownBelow();
/** Rows a page (the admin lists' page size, constants.adminPageSize). */
const PAGE_SIZE = 20;
/** The filters of the list (the articles resource's: model/resources/catalogue.ts). */
type Filters = { search?: string; categoryId?: string; marketplaceId?: string; family?: string; available?: string };

export const productPath = (id: string) => `${ADMIN_PREFIX}/product-management/${encodeURIComponent(id)}`;

/**
 * /ycAdmin/product-management (flows §2 admin routes): every article of the tenant (POST
 * /admin/articles/query), searched by brand, EAN or PN number and filtered by category,
 * marketplace, family and availability. Filters, sort and page are the URL's and are remembered
 * for the next visit as the "superadmin product management" filter (flows §2: one of the four
 * remembered table filters; data/paged-call.ts). A row opens the article; "New article" creates a
 * platform article and opens it.
 */
export function AdminProductsPage() {
  const translate = useTranslate();
  const { i18n } = useCoreServices();
  const named = useInLanguage();
  const choices = useArticleChoices();
  const [creating, setCreating] = useState(false);
  const list = usePagedCall(articlesAdminList, {
    name: 'superadmin-product-management', perPage: PAGE_SIZE, sort: { field: 'createdAt', order: 'DESC' },
    input: ({ page, perPage, filter, text }) => ({
      body: {
        query: {
          skip: (page - 1) * perPage, take: perPage, sort: 'createdAt' as const, order: 'DESC',
          search: text('search'), categoryId: text('categoryId'), marketplaceId: text('marketplaceId'), family: text('family'),
          available: filter.available === 'true' ? true : filter.available === 'false' ? false : undefined,
        },
      },
    }),
    rows: (answer) => answer.result,
  });
  const filters = list.filterValues as Filters;
  const set = (key: keyof Filters) => (e: { target: { value: string } }) => list.changeFilters({ [key]: e.target.value });
  const title = translate('pages.admin-product-management');
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>{title}</Typography>
      <Typography variant="body2" sx={{ mb: 2 }}>{translate(`${M}.intro`)}</Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }} role="search">
        <TextField size="small" type="search" label={translate(`${M}.search`)} value={filters.search ?? ''} onChange={set('search')} sx={{ flex: '1 1 240px', maxWidth: 360 }} />
        <ChoiceFilter label={translate('resources.articles.fields.categoryId')} value={filters.categoryId} choices={choices.categories} onChange={set('categoryId')} />
        <ChoiceFilter label={translate('resources.articles.fields.marketplaceId')} value={filters.marketplaceId} choices={choices.marketplaces} onChange={set('marketplaceId')} />
        <TextField size="small" label={translate('resources.articles.fields.family')} value={filters.family ?? ''} onChange={set('family')} sx={{ flex: '1 1 150px', maxWidth: 220 }} />
        <ChoiceFilter label={translate('resources.articles.fields.available')} value={filters.available}
          choices={[{ id: 'true', name: translate(`${M}.availability.yes`) }, { id: 'false', name: translate(`${M}.availability.no`) }]} onChange={set('available')} />
        <Button variant="contained" onClick={() => setCreating(true)}>{translate(`${M}.newArticle`)}</Button>
      </Box>
      {list.error && <Alert severity="error" role="alert">{describeError(list.error, { resource: 'articles', op: 'list' }, i18n.i18nProvider)}</Alert>}
      {list.rows?.length === 0 && <Typography>{translate(`${M}.empty`)}</Typography>}
      {!!list.rows?.length && (
        <>
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={title}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate('resources.articles.fields.title')}</TableCell>
                  <TableCell>{translate('resources.articles.fields.brand')}</TableCell>
                  <TableCell sx={phoneHidden}>{translate('resources.articles.fields.ean')}</TableCell>
                  <TableCell sx={phoneHidden}>{translate('resources.articles.fields.available')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {list.rows.map((a) => (
                  <TableRow key={a.id} hover>
                    <TableCell sx={{ minWidth: { xs: 0, sm: 180 }, overflowWrap: 'anywhere' }}>
                      <Link component={RouterLink} to={productPath(a.id)}>{named(a.title) || a.id}</Link>
                      {/* on a phone, the EAN and an article out of the shop under the title */}
                      <Typography variant="caption" color="text.secondary" sx={phoneShown}>
                        {[a.ean && `${translate('resources.articles.fields.ean')} ${a.ean}`, a.available === false && translate(`${M}.availability.no`)].filter(Boolean).join(' · ')}
                      </Typography>
                    </TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{a.brand}</TableCell>
                    <TableCell sx={[{ fontVariantNumeric: 'tabular-nums' }, phoneHidden]}>{a.ean}</TableCell>
                    <TableCell sx={phoneHidden}>{translate(a.available === false ? `${M}.no` : `${M}.yes`)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
          <ListPager list={list} />
        </>
      )}
      {creating && <NewArticleDialog onClose={() => setCreating(false)} />}
    </Box>
  );
}

function ChoiceFilter({ label, value, choices, onChange }: { label: string; value: string | undefined; choices: readonly Choice[]; onChange: (e: { target: { value: string } }) => void }) {
  const translate = useTranslate();
  return (
    <TextField select size="small" label={label} value={value ?? ''} onChange={onChange} sx={{ flex: '1 1 150px', maxWidth: 220 }}>
      <MenuItem value="">{translate(`${M}.all`)}</MenuItem>
      {choices.map((c) => <MenuItem key={c.id} value={c.id}>{c.name}</MenuItem>)}
    </TextField>
  );
}

/**
 * A new platform article from its title (POST /admin/articles/create {dto}); the rest is filled in
 * on its page, which opens once it is made. The form's schema is the server's.
 */
function NewArticleDialog({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const create = useArticlesAdminCreate({ onSuccess: (answer) => navigate(productPath(answer.result.id)) });
  async function submit(values: Record<string, unknown>) {
    try {
      await create.mutateAsync({ body: { dto: values as never } });
      return undefined;
    } catch (error) {
      return formProblems(error);
    }
  }
  return (
    <Dialog open onClose={onClose} aria-labelledby="new-article-title" fullWidth maxWidth="sm">
      <ResourceContextProvider value="articles">
        <Form resolver={zodFormResolver(articleCreateSchema)} onSubmit={submit} noValidate>
          <DialogTitle id="new-article-title">{translate(`${M}.newArticle`)}</DialogTitle>
          <DialogContent>
            {create.errorText && <Alert severity="error" role="alert" sx={{ mb: 2 }}>{create.errorText}</Alert>}
            <TranslatedTextInput source="title" isRequired fullWidth />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} disabled={create.isPending}>{translate(`${M}.cancel`)}</Button>
            <Button type="submit" variant="contained" disabled={create.isPending}>{translate(`${M}.create`)}</Button>
          </DialogActions>
        </Form>
      </ResourceContextProvider>
    </Dialog>
  );
}
