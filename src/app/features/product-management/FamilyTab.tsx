import { useState, type FormEvent } from 'react';
import { Alert, Autocomplete, Box, Button, IconButton, List, ListItem, TextField, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { useI18nProvider, useTranslate } from 'ra-core';
import { useArticlesProductAttributes } from '../../../../generated/app/calls.gen';
import { articlesProductManagementList } from '../../../../generated/app/calls/articles.gen';
import { useSession } from '../../bootstrap/context';
import { inLanguage } from '../../common/text';
import { useShopLanguage } from '../../common/hooks';
import { usePagedCall } from '../../data/paged-call';
import { ListPager } from '../../generated-support/ListPager';
import {
  LANGUAGES, NO_LANGS, VARIANTS_LIST, filled, problemText, problemsOf, useArticlePatch, type ArticleWithOffers, type Attribute, type Langs,
} from './product-api';
import { FormHeading } from './ProductFields';
import { ProductTable } from './ProductManagementPage';

const M = 'productManagement.detail';
const VARIANTS_PAGE = 10;
const F = 'productManagement.family';

/** An attribute's name and value in the interface language. */
const attributeName = (a: Attribute, language: string) => inLanguage(a.name ?? null, language) || a.productAttributeId;

/**
 * The article's product family (articles of one family are each other's variants) and its
 * attributes, each a name and a value per language: one the company's articles already use
 * (GET /product-attributes) or a new one. Below, the variants: the company's articles of the same
 * family (the list call filtered by family).
 */
export function FamilyTab({ article, editable }: { article: ArticleWithOffers; editable: boolean }) {
  const translate = useTranslate();
  const language = useShopLanguage();
  const [family, setFamily] = useState(article.family ?? '');
  const saveFamily = useArticlePatch();
  const attributes = article.attributes ?? [];
  const changeAttributes = useArticlePatch();
  const familyProblems = problemsOf(saveFamily.error);
  const i18n = useI18nProvider();
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box component="form" noValidate onSubmit={(e) => { e.preventDefault(); saveFamily.mutate({ params: { id: article.id }, body: { family: family.trim() || null } }); }}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}>
        <TextField size="small" label={translate('resources.articles.fields.family')} value={family} onChange={(e) => setFamily(e.target.value)}
          disabled={!editable || saveFamily.isPending} error={!!familyProblems.family}
          helperText={problemText(familyProblems.family, i18n) ?? translate(`${F}.familyHelp`)} sx={{ minWidth: { xs: '100%', sm: 320 } }} />
        {editable && <Button type="submit" variant="contained" disabled={saveFamily.isPending}>{translate(`${M}.save`)}</Button>}
      </Box>
      {saveFamily.errorText && <Alert severity="error">{saveFamily.errorText}</Alert>}

      <section aria-labelledby="pm-attributes">
        <FormHeading id="pm-attributes">{translate(`${F}.attributes`)}</FormHeading>
        {changeAttributes.errorText && <Alert severity="error" sx={{ my: 1 }}>{changeAttributes.errorText}</Alert>}
        {attributes.length === 0 && <Typography>{translate(`${F}.noAttributes`)}</Typography>}
        <List dense aria-labelledby="pm-attributes">
          {attributes.map((a, i) => (
            <ListItem key={`${a.productAttributeId}-${i}`} divider disableGutters
              secondaryAction={editable && (
                <IconButton aria-label={translate(`${F}.removeAttribute`, { name: attributeName(a, language) })} disabled={changeAttributes.isPending}
                  onClick={() => changeAttributes.mutate({ params: { id: article.id }, body: { attributes: attributes.filter((_, k) => k !== i) } })}>
                  <DeleteIcon fontSize="small" />
                </IconButton>
              )}>
              <Typography variant="body2" sx={{ pr: 5 }}><strong>{attributeName(a, language)}</strong>: {inLanguage(a.description ?? null, language)}</Typography>
            </ListItem>
          ))}
        </List>
        {editable && <AttributeForm article={article} busy={changeAttributes.isPending}
          onAdd={(attribute, done) => changeAttributes.mutate({ params: { id: article.id }, body: { attributes: [...attributes, attribute] } }, { onSuccess: done })} />}
      </section>

      <Variants article={article} />
    </Box>
  );
}

/** The key of an attribute the user names here: random, so two attributes of the same name stay apart until someone picks the existing one. */
const newAttributeId = () => (typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`);

type AttributeChoice = { productAttributeId: string; name: Langs } | 'new';

/** A new attribute of the article: one the company's articles use, or a new one with its names; its value per language. */
function AttributeForm({ article, busy, onAdd }: { article: ArticleWithOffers; busy: boolean; onAdd: (attribute: Attribute, done: () => void) => void }) {
  const translate = useTranslate();
  const i18n = useI18nProvider();
  const language = useShopLanguage();
  const known = useArticlesProductAttributes({ query: { page: 1 } });
  const used = new Set((article.attributes ?? []).map((a) => a.productAttributeId));
  const options: AttributeChoice[] = [
    ...(known.data?.items ?? []).filter((a) => !used.has(a.productAttributeId))
      .map((a) => ({ productAttributeId: a.productAttributeId, name: { nl: a.name.nl ?? '', en: a.name.en ?? '', fr: a.name.fr ?? '' } })),
    'new',
  ];
  const [choice, setChoice] = useState<AttributeChoice | null>(null);
  const [name, setName] = useState<Langs>(NO_LANGS);
  const [value, setValue] = useState<Langs>(NO_LANGS);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const label = (c: AttributeChoice) => (c === 'new' ? translate(`${F}.newAttribute`) : inLanguage(c.name, language) || c.productAttributeId);
  function add(event: FormEvent) {
    event.preventDefault();
    const wrong: Record<string, string> = {};
    if (!choice) wrong.attribute = 'required';
    if (choice === 'new' && !name.nl.trim()) wrong['name.nl'] = 'required';
    if (!filled(value)) wrong['value.nl'] = 'required';
    setProblems(wrong);
    if (Object.keys(wrong).length || !choice) return;
    const attribute: Attribute = choice === 'new'
      ? { productAttributeId: newAttributeId(), name: filled(name), description: filled(value) }
      : { productAttributeId: choice.productAttributeId, name: filled(choice.name), description: filled(value) };
    onAdd(attribute, () => { setChoice(null); setName(NO_LANGS); setValue(NO_LANGS); });
  }
  const langFields = (kind: 'name' | 'value', langs: Langs, set: (l: Langs) => void) => LANGUAGES.map((l) => (
    <TextField key={`${kind}-${l}`} size="small" label={translate(`${F}.${kind}`, { language: translate(`productManagement.language.${l}`) })} value={langs[l]}
      required={l === 'nl' && kind === 'name'} disabled={busy} onChange={(e) => set({ ...langs, [l]: e.target.value })}
      error={!!problems[`${kind}.${l}`]} helperText={problemText(problems[`${kind}.${l}`], i18n)} />
  ));
  return (
    <Box component="form" noValidate onSubmit={add} aria-label={translate(`${F}.addAttribute`)}
      sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, mt: 1 }}>
      <Box sx={{ gridColumn: { md: '1 / -1' } }}>
        <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>{translate(`${F}.addAttribute`)}</Typography>
        <Autocomplete size="small" options={options} value={choice} onChange={(_, c) => setChoice(c)} getOptionLabel={label} disabled={busy}
          isOptionEqualToValue={(a, b) => (a === 'new' ? b === 'new' : b !== 'new' && a.productAttributeId === b.productAttributeId)}
          renderInput={(params) => <TextField {...params} label={translate(`${F}.attribute`)} error={!!problems.attribute} helperText={problemText(problems.attribute, i18n)} />}
          sx={{ maxWidth: { md: 420 } }} />
      </Box>
      {choice === 'new' && langFields('name', name, setName)}
      {langFields('value', value, setValue)}
      <Box sx={{ gridColumn: { md: '1 / -1' } }}>
        <Button type="submit" variant="outlined" disabled={busy}>{translate(`${F}.add`)}</Button>
      </Box>
    </Box>
  );
}

/**
 * The article's variants: the company's articles of its family, unavailable ones included, by
 * title (GET /product-management filtered by family), this article marked. The paged list is
 * flows §2's remembered "product management variants" table (its page in the URL and remembered
 * under its name), starting at page 1.
 */
function Variants({ article }: { article: ArticleWithOffers }) {
  const translate = useTranslate();
  const session = useSession();
  const family = article.family ?? '';
  const list = usePagedCall(articlesProductManagementList, {
    name: VARIANTS_LIST, perPage: VARIANTS_PAGE,
    input: ({ page, perPage }) => ({ query: { page, pageSize: perPage, family, unavailable: 'include' as const, sort: 'title' as const } }),
    rows: (answer) => answer,
    enabled: !!family && !!session.activeCustomerId,
  });
  const others = (list.rows ?? []).filter((r) => r.id !== article.id);
  return (
    <section aria-labelledby="pm-variants">
      <FormHeading id="pm-variants">{translate(`${F}.variants`)}</FormHeading>
      {!family && <Typography>{translate(`${F}.noFamily`)}</Typography>}
      {family && <Typography color="text.secondary">{translate(`${F}.variantsHelp`, { family })}</Typography>}
      {family && list.error && <Alert severity="error">{translate(`${F}.variantsFailed`)}</Alert>}
      {family && list.rows && others.length === 0 && list.page === 1 && <Typography sx={{ mt: 1 }}>{translate(`${F}.noVariants`)}</Typography>}
      {family && !!list.rows?.length && (others.length > 0 || list.page > 1) && (
        <>
          <ProductTable rows={list.rows} current={article.id} />
          {(list.total ?? 0) > VARIANTS_PAGE && <ListPager list={list} />}
        </>
      )}
    </section>
  );
}
