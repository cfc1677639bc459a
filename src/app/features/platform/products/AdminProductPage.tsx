import { Alert, Box, Button, Paper, Typography } from '@mui/material';
import {
  ArrayInput, AutocompleteInput, BooleanInput, Form, Loading, ResourceContextProvider, SimpleFormIterator, TextInput, useSimpleFormIterator, useTranslate,
} from 'react-admin';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useArticlesAdminGet, useArticlesAdminUpdate, useSupplierArticlesPerArticle } from '../../../../../generated/app/calls.gen';
import { articleUpdateSchema } from '../../../../../generated/schemas/articles.gen';
import type { ArticleRecord } from '../../../../../generated/types/articles.gen';
import { ADMIN_PREFIX } from '../../../../../model/catalogue/pages-admin';
import { useCoreServices } from '../../../bootstrap/context';
import { describeError } from '../../../data/errors';
import { FormSection, TextArrayInput, TranslatedTextInput, zodFormResolver } from '../../../generated-support';
import { useAppNotify } from '../../../notify/useAppNotify';
import { ArticleImages } from '../../article-images/ArticleImages';
import { ArticleOffers } from './ArticleOffers';
import { formProblems, useArticleChoices, useInLanguage } from './product-admin-api';

const M = 'adminProducts';
const A = 'resources.articles.fields';

/** A text in nl, en and fr: its three inputs side by side on a wide screen, one under the other on a phone. */
const perLanguageSx = {
  width: '100%',
  '& > .MuiStack-root': { display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' }, columnGap: 2 },
  '& .MuiFormControl-root': { maxWidth: 'none' },
} as const;

/**
 * /ycAdmin/product-management/{id} (flows §2 admin routes): one platform article (GET
 * /admin/articles/{id}) with its data to change (POST /admin/articles/update: every offer answers
 * the new product data), its images (ArticleImagesSection), and its offers (ArticleOffers: each supplier's price, what a buyer pays
 * for a quantity, adding and changing an offer, re-indexing one, its product link).
 */
export function AdminProductPage() {
  const translate = useTranslate();
  const { id = '' } = useParams();
  const { i18n } = useCoreServices();
  const named = useInLanguage();
  const answer = useArticlesAdminGet({ params: { id } }, { enabled: !!id });
  const article = answer.data?.result;
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 1200, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
      <Box>
        <Button component={RouterLink} to={`${ADMIN_PREFIX}/product-management`}>{translate(`${M}.back`)}</Button>
      </Box>
      {answer.error && <Alert severity="error" role="alert">{describeError(answer.error, { resource: 'articles', op: 'get', name: id }, i18n.i18nProvider)}</Alert>}
      {!article && !answer.error && <Loading />}
      {article && (
        <>
          <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>{named(article.title) || translate('pages.admin-product-management-id')}</Typography>
          <ArticleForm key={article.id} article={article} />
          <ArticleImagesSection article={article} />
          <ArticleOffers article={article} />
        </>
      )}
    </Box>
  );
}

/**
 * The article's own data: titles and descriptions in nl/en/fr, brand and numbers, classification,
 * keywords, attributes. Its images are saved apart (ArticleImagesSection), so the form leaves them
 * out: an image uploaded or reordered while the form has changes neither loses those changes nor is
 * undone by the form's save. The form starts again from the article the server answers its save with.
 */
function ArticleForm({ article }: { article: ArticleRecord }) {
  const translate = useTranslate();
  const { toast } = useAppNotify();
  const choices = useArticleChoices();
  const [record, setRecord] = useState(article);
  const update = useArticlesAdminUpdate({
    onSuccess: ({ result }) => { setRecord(result); toast(translate(`${M}.saved`), { variation: 'success' }); },
  });
  async function submit({ image: _image, images: _images, ...values }: Record<string, unknown>) {
    try {
      await update.mutateAsync({ body: { dto: { ...values, id: article.id } as never } });
      return undefined;
    } catch (error) {
      return formProblems(error);
    }
  }
  const inputSx = { width: '100%', maxWidth: 560 } as const;
  return (
    <Paper component="section" aria-labelledby="article-data" sx={{ p: { xs: 1, sm: 2 } }}>
      <Typography variant="h6" component="h2" id="article-data" sx={{ mb: 1 }}>{translate(`${M}.article`)}</Typography>
      <ResourceContextProvider value="articles">
        {/* a new form once the save is answered, so it shows what the server keeps */}
        <Form key={record.updatedAt} record={record} resolver={zodFormResolver(articleUpdateSchema)} onSubmit={submit} noValidate>
          {update.errorText && <Alert severity="error" role="alert" sx={{ mb: 2 }}>{update.errorText}</Alert>}
          <Box sx={{ display: 'grid', gap: 2, '& .MuiFormControl-root': inputSx }}>
            <FormSection label={`${A}.title`}>
              <Box sx={perLanguageSx}><TranslatedTextInput source="title" isRequired fullWidth /></Box>
            </FormSection>
            <FormSection label={`${M}.descriptions`}>
              <Box sx={perLanguageSx}><TranslatedTextInput source="shortDescription" multiline fullWidth /></Box>
              <Box sx={perLanguageSx}><TranslatedTextInput source="longDescription" multiline minRows={3} fullWidth /></Box>
            </FormSection>
            <FormSection label={`${M}.classification`}>
              <TextInput source="brand" />
              <TextInput source="manufacturer" />
              <TextInput source="ean" />
              <TextInput source="pnNumber" />
              <AutocompleteInput source="categoryId" choices={[...choices.categories]} emptyText={`${M}.noCategory`} />
              <AutocompleteInput source="marketplaceId" choices={[...choices.marketplaces]} emptyText={`${M}.noMarketplace`} />
              <TextInput source="family" />
              <BooleanInput source="available" />
              <TextArrayInput source="keywords" />
            </FormSection>
            <FormSection label={`${A}.attributes`}>
              <ArrayInput source="attributes" label={false}>
                <SimpleFormIterator inline disableReordering addButton={<AddAttributeButton />}>
                  <TextInput source="productAttributeId" label={`${A}.attributes.productAttributeId`} isRequired />
                  <TranslatedTextInput source="name" label={`${A}.attributes.name`} />
                  <TranslatedTextInput source="description" label={`${A}.attributes.description`} />
                </SimpleFormIterator>
              </ArrayInput>
            </FormSection>
          </Box>
          <Box sx={{ mt: 2 }}>
            <Button type="submit" variant="contained" disabled={update.isPending}>{translate(`${M}.save`)}</Button>
          </Box>
        </Form>
      </ResourceContextProvider>
    </Paper>
  );
}

/**
 * The article's images (the shared ArticleImages). An upload goes through one of the article's
 * offers (POST /admin/supplier-articles/{id}/upload, the only upload the spec gives the admin; the
 * image is the article's whichever offer carries it, so the first is taken); an article without an
 * offer cannot take one, and the section says so. Making one the main image, reordering and removing
 * are saved at once with the article's change (POST /admin/articles/update {dto: {id, images, image}}).
 */
function ArticleImagesSection({ article }: { article: ArticleRecord }) {
  const translate = useTranslate();
  const { toast } = useAppNotify();
  const named = useInLanguage();
  const offers = useSupplierArticlesPerArticle({ params: { articleId: article.id }, query: {} });
  const first = offers.data?.result[0];
  const update = useArticlesAdminUpdate({ onSuccess: () => toast(translate(`${M}.images.saved`), { variation: 'success' }) });
  return (
    <Paper component="section" aria-labelledby="article-images" sx={{ p: { xs: 1, sm: 2 } }}>
      <Typography variant="h6" component="h2" id="article-images" sx={{ mb: 1 }}>{translate(`${M}.images.title`)}</Typography>
      {offers.data && !first && <Alert severity="info" sx={{ mb: 1.5 }}>{translate(`${M}.images.noOffer`)}</Alert>}
      <ArticleImages image={article.image} images={article.images} title={named(article.title)}
        uploadTo={first ? { offerId: first.id } : null} saving={update}
        onChange={(next) => update.mutate({ body: { dto: { id: article.id, ...next } } })} />
    </Paper>
  );
}

/** Adds an empty attribute to the article's list (a text button: "add attribute" says more than react-admin's plus icon). */
function AddAttributeButton() {
  const translate = useTranslate();
  const { add } = useSimpleFormIterator();
  return <Button size="small" onClick={() => add()}>{translate(`${M}.attributes.add`)}</Button>;
}
