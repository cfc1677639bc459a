import { useEffect, useMemo, useState } from 'react';
import { Autocomplete, Box, TextField, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { CONSTANTS } from '../../../../model/catalogue/constants';
import { supplierArticlesQuery } from '../../../../generated/app/calls/supplier-articles.gen';
import { useCallQuery } from '../../data/calls';
import { usePrice, useShopLanguage } from '../../common/hooks';
import { inLanguage } from '../../common/text';
import type { SupplierArticleDto } from '../../common/types';

/** How many matches the picker offers. */
const TAKE = 10;

/** The gift-card article type: a template cannot hold one (flows §3), so the picker never offers it. */
const GIFT_CARD = 'GiftCard';

/** The text typed, once the user paused typing (the header search's debounce). */
function useDebounced(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setSettled(value), CONSTANTS.searchDebounceMs);
    return () => clearTimeout(id);
  }, [value]);
  return settled;
}

/**
 * Finds an article to add to a template by article number, name or brand: the catalogue call the
 * shop's article lists use (POST /supplier-articles/query), so only what the user may order is
 * offered (the server applies their catalogue rules); gift cards and unavailable articles are left out.
 */
export function ArticlePicker({ onPick, disabled }: { onPick: (article: SupplierArticleDto) => void; disabled?: boolean }) {
  const translate = useTranslate();
  const language = useShopLanguage();
  const price = usePrice();
  const [input, setInput] = useState('');
  const search = useDebounced(input.trim());
  const searching = search.length >= CONSTANTS.searchSuggestionsFrom;
  // Keyed by the acting company (the call's key): the catalogue rules are the company's.
  const { data, isFetching } = useCallQuery(supplierArticlesQuery, { body: { query: { search, take: TAKE } } }, { enabled: searching });
  // The server answers the shared SupplierArticleDto; the contract's schema is its (looser) wire form (ArticleSchemaAgrees).
  const offered = useMemo(() => (data?.result.items ?? []).filter((a) => a.available && a.type !== GIFT_CARD), [data]);
  const titleOf = (a: SupplierArticleDto) => inLanguage(a.title, language) || a.articleNumberSupplier || a.id;
  return (
    <Autocomplete<SupplierArticleDto, false, false, false>
      options={searching ? offered : []}
      value={null}
      inputValue={input}
      onInputChange={(_, value, reason) => { if (reason !== 'reset') setInput(value); }}
      onChange={(_, article) => { if (article) { onPick(article); setInput(''); } }}
      filterOptions={(options) => options}
      getOptionLabel={titleOf}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={isFetching}
      loadingText={translate('shop.templates.searching')}
      noOptionsText={translate('shop.templates.noArticles')}
      disabled={disabled}
      blurOnSelect
      renderOption={({ key, ...props }, a) => (
        <Box component="li" key={key} {...props} sx={{ display: 'flex', gap: 1, justifyContent: 'space-between', width: '100%' }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2">{titleOf(a)}</Typography>
            <Typography variant="caption" color="text.secondary">{a.articleNumberSupplier}{a.supplierName ? ` · ${a.supplierName}` : ''}</Typography>
          </Box>
          <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>{price(a.price)}</Typography>
        </Box>
      )}
      renderInput={(params) => (
        <TextField {...params} size="small" label={translate('shop.templates.addArticle')} placeholder={translate('shop.templates.searchArticle')} />
      )}
      sx={{ maxWidth: 520 }}
    />
  );
}
