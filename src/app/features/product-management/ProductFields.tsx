import { memo } from 'react';
import { Autocomplete, Box, Checkbox, Chip, FormControlLabel, MenuItem, TextField, Typography } from '@mui/material';
import { useI18nProvider, useTranslate } from 'ra-core';
import { useShopLanguage } from '../../common/hooks';
import {
  LANGUAGES, problemText, useCategoryChoices, useMarketplaceChoices, useSupplierChoices,
  type ArticleDraft, type Langs, type OfferDraft,
} from './product-api';

const A = 'resources.articles.fields';
const O = 'resources.supplier-articles.fields';
const M = 'productManagement';

interface Choice { id: string; name: string }

/** A choice among many (categories, suppliers): typed to find, its name shown; '' is none. */
export function ChoiceField({ label, value, choices, onChange, error, helperText, disabled, required }: {
  label: string; value: string; choices: readonly Choice[]; onChange: (id: string) => void;
  error?: boolean; helperText?: string; disabled?: boolean; required?: boolean;
}) {
  const chosen = choices.find((c) => c.id === value) ?? null;
  return (
    <Autocomplete size="small" options={choices} value={chosen} disabled={disabled}
      getOptionLabel={(c) => c.name} isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_, c) => onChange(c?.id ?? '')}
      renderInput={(params) => <TextField {...params} label={label} error={error} helperText={helperText} required={required} />} />
  );
}

/**
 * An article's fields (flows §3 article data): title (Dutch required), short and long description
 * per language, brand, manufacturer, EAN, PN number, category, marketplace, product family,
 * availability and keywords. Problems are keyed by the call's paths ('title.nl', 'brand').
 */
function ArticleFieldsView({ value, onChange, problems, disabled, withAvailability = true }: {
  value: ArticleDraft; onChange: (next: ArticleDraft) => void; problems: Record<string, string>; disabled?: boolean;
  /** False where taking the article out of the shop is a step of its own (its page). */
  withAvailability?: boolean;
}) {
  const translate = useTranslate();
  const i18n = useI18nProvider();
  const language = useShopLanguage();
  const categories = useCategoryChoices(language);
  const marketplaces = useMarketplaceChoices();
  const help = (path: string) => problemText(problems[path], i18n);
  const set = <K extends keyof ArticleDraft>(key: K, v: ArticleDraft[K]) => onChange({ ...value, [key]: v });
  const text = (key: 'brand' | 'manufacturer' | 'ean' | 'pnNumber' | 'family') => (
    <TextField size="small" label={translate(`${A}.${key}`)} value={value[key]} disabled={disabled}
      onChange={(e) => set(key, e.target.value)} error={!!problems[key]} helperText={help(key)} />
  );
  const perLanguage = (key: 'title' | 'shortDescription' | 'longDescription', rows?: number) => (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, gap: 1.5 }}>
      {LANGUAGES.map((l) => (
        <TextField key={l} size="small" multiline={!!rows} minRows={rows} disabled={disabled}
          label={`${translate(`${A}.${key}`)} (${translate(`${M}.language.${l}`)})`} required={key === 'title' && l === 'nl'}
          value={value[key][l]} onChange={(e) => set(key, { ...value[key], [l]: e.target.value } as Langs)}
          error={!!problems[`${key}.${l}`] || (l === 'nl' && !!problems[key])} helperText={help(`${key}.${l}`) ?? (l === 'nl' ? help(key) : undefined)} />
      ))}
    </Box>
  );
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      {perLanguage('title')}
      {perLanguage('shortDescription', 2)}
      {perLanguage('longDescription', 4)}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)' }, gap: 1.5 }}>
        {text('brand')}
        {text('manufacturer')}
        {text('ean')}
        {text('pnNumber')}
        <ChoiceField label={translate(`${A}.categoryId`)} value={value.categoryId} choices={categories} disabled={disabled}
          onChange={(id) => set('categoryId', id)} error={!!problems.categoryId} helperText={help('categoryId')} />
        <TextField select size="small" label={translate(`${A}.marketplaceId`)} value={marketplaces.some((m) => m.id === value.marketplaceId) ? value.marketplaceId : ''}
          disabled={disabled} onChange={(e) => set('marketplaceId', e.target.value)} error={!!problems.marketplaceId} helperText={help('marketplaceId')}>
          <MenuItem value="">{translate(`${M}.form.none`)}</MenuItem>
          {marketplaces.map((m) => <MenuItem key={m.id} value={m.id}>{m.name}</MenuItem>)}
        </TextField>
        {text('family')}
      </Box>
      <Autocomplete multiple freeSolo size="small" options={[] as string[]} value={value.keywords} disabled={disabled}
        onChange={(_, keywords) => set('keywords', [...new Set(keywords.map((k) => k.trim()).filter(Boolean))])}
        renderValue={(keywords, getItemProps) => keywords.map((k, index) => {
          const { key, ...item } = getItemProps({ index });
          return <Chip key={key} size="small" label={k} {...item} />;
        })}
        renderInput={(params) => <TextField {...params} label={translate(`${A}.keywords`)} error={!!problems.keywords} helperText={help('keywords') ?? translate(`${M}.form.keywordsHelp`)} />} />
      {withAvailability && (
        <FormControlLabel label={translate(`${M}.form.inShop`)} disabled={disabled}
          control={<Checkbox checked={value.available} onChange={(e) => set('available', e.target.checked)} />} />
      )}
    </Box>
  );
}

/**
 * An offer's own fields (OFFER_FIELDS): supplier, supplier article number, price, price quantity,
 * minimum order quantity, VAT, stock (empty: not reported) and delivery time. Problems keyed by field.
 */
function OfferFieldsView({ value, onChange, problems, disabled }: {
  value: OfferDraft; onChange: (next: OfferDraft) => void; problems: Record<string, string>; disabled?: boolean;
}) {
  const translate = useTranslate();
  const i18n = useI18nProvider();
  const suppliers = useSupplierChoices();
  const help = (key: string) => problemText(problems[key], i18n);
  const field = (key: Exclude<keyof OfferDraft, 'supplierId'>, extra: { required?: boolean; decimal?: boolean; helper?: string } = {}) => (
    <TextField size="small" label={translate(`${O}.${key}`)} value={value[key]} required={extra.required} disabled={disabled}
      onChange={(e) => onChange({ ...value, [key]: e.target.value })} error={!!problems[key]} helperText={help(key) ?? extra.helper}
      slotProps={key === 'articleNumberSupplier' ? undefined : { htmlInput: { inputMode: extra.decimal ? 'decimal' : 'numeric' } }} />
  );
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: 1.5 }}>
      <Box sx={{ gridColumn: { sm: 'span 2' } }}>
        <ChoiceField label={translate(`${O}.supplierId`)} value={value.supplierId} choices={suppliers} required disabled={disabled}
          onChange={(id) => onChange({ ...value, supplierId: id })} error={!!problems.supplierId} helperText={help('supplierId')} />
      </Box>
      <Box sx={{ gridColumn: { sm: 'span 2' }, display: 'grid' }}>{field('articleNumberSupplier', { required: true })}</Box>
      {field('price', { required: true, decimal: true })}
      {field('priceQuantity')}
      {field('minOrderQuant')}
      {field('tax')}
      {field('stock', { helper: translate(`${M}.form.stockHelp`) })}
      {field('estimateDeliveryDays')}
    </Box>
  );
}

/** Same problems, key for key: a form's problems are a new object at every render of the form. */
const sameProblems = (a: Record<string, string>, b: Record<string, string>) =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([k, v]) => b[k] === v);

/** Props equal but for a new problems object with the same problems: a keystroke in one section leaves the other as it is. */
function sameProps<P extends { problems: Record<string, string> }>(a: P, b: P): boolean {
  const { problems: pa, ...ra } = a;
  const { problems: pb, ...rb } = b;
  return sameProblems(pa, pb) && Object.keys(ra).length === Object.keys(rb).length
    && Object.entries(ra).every(([k, v]) => (rb as Record<string, unknown>)[k] === v);
}

export const ArticleFields = memo(ArticleFieldsView, sameProps);
export const OfferFields = memo(OfferFieldsView, sameProps);

/** A section's heading inside a form. */
export function FormHeading({ children, id }: { children: string; id?: string }) {
  return <Typography variant="subtitle1" component="h2" id={id} sx={{ fontWeight: 600, mt: 1 }}>{children}</Typography>;
}
