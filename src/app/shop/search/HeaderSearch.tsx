import { useEffect, useRef, useState } from 'react';
import { Autocomplete, Box, InputAdornment, TextField } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useAppTranslate } from '../../i18n/react';
import { useNavigate } from 'react-router-dom';
import { CONSTANTS } from '../../../../model/catalogue/constants';
import { useCoreServices } from '../../bootstrap/context';
import { useShopLanguage } from '../hooks';
import { inLanguage } from '../text';
import type { SearchHit } from '../types';
import { getShopSearch } from './client';

/** A suggestion's title in the interface language, with its article number as a fallback. */
const titleOf = (hit: SearchHit, language: string) => inLanguage(hit.title, language) || hit.articleNumberSupplier;

/**
 * The header's product search (core §2, §5): suggestions from the search index once 2 characters are
 * typed, at most 5, asked 200 ms after the last keystroke. A combobox: arrows move through the
 * suggestions, Enter on one opens /products/{id}, Enter on the typed text goes to /products?search=….
 */
export function HeaderSearch() {
  const translate = useAppTranslate();
  const navigate = useNavigate();
  const language = useShopLanguage();
  const { http } = useCoreServices();
  const [input, setInput] = useState('');
  const [hits, setHits] = useState<SearchHit[]>([]);
  const asked = useRef(0);

  useEffect(() => {
    const query = input.trim();
    const ticket = ++asked.current;
    if (query.length < CONSTANTS.searchSuggestionsFrom) {
      setHits([]);
      return;
    }
    const timer = setTimeout(async () => {
      try {
        const { client, indexName } = await getShopSearch(http);
        const { results } = await client.search<SearchHit>({ requests: [{ indexName, query, hitsPerPage: CONSTANTS.searchSuggestions }] });
        const first = results[0] as { hits?: SearchHit[] } | undefined;
        if (ticket === asked.current) setHits((first?.hits ?? []).slice(0, CONSTANTS.searchSuggestions));
      } catch {
        // Suggestions are a convenience: without them Enter still searches on the products page.
        if (ticket === asked.current) setHits([]);
      }
    }, CONSTANTS.searchDebounceMs);
    return () => clearTimeout(timer);
  }, [input, http]);

  function choose(value: SearchHit | string | null) {
    if (value === null) return;
    if (typeof value === 'string') {
      const query = value.trim();
      if (!query) return;
      navigate(`/products?search=${encodeURIComponent(query)}`);
    } else {
      navigate(`/products/${encodeURIComponent(value.objectID)}`);
    }
    setInput('');
    setHits([]);
  }

  const label = translate('shop.search.label');
  return (
    <Box role="search" sx={{ flex: '0 1 360px', mx: 1 }}>
      <Autocomplete<SearchHit, false, false, true>
        freeSolo
        size="small"
        options={hits}
        filterOptions={(options) => options}
        getOptionLabel={(option) => (typeof option === 'string' ? option : titleOf(option, language))}
        getOptionKey={(option) => (typeof option === 'string' ? option : option.objectID)}
        inputValue={input}
        value={null}
        onInputChange={(_, value, reason) => { if (reason !== 'reset') setInput(value); }}
        onChange={(_, value) => choose(value)}
        open={input.trim().length >= CONSTANTS.searchSuggestionsFrom && hits.length > 0}
        clearOnBlur={false}
        blurOnSelect
        renderOption={({ key, ...props }, option) => (
          <li key={key} {...props}>
            <Box>
              <Box component="span" sx={{ display: 'block' }}>{titleOf(option, language)}</Box>
              <Box component="span" sx={{ fontSize: '0.75rem', color: 'text.secondary' }}>
                {[option.articleNumberSupplier, option.supplierName].filter(Boolean).join(' · ')}
              </Box>
            </Box>
          </li>
        )}
        renderInput={(params) => (
          <TextField
            {...params}
            placeholder={translate('shop.search.placeholder')}
            slotProps={{
              ...params.slotProps,
              htmlInput: { ...params.slotProps?.htmlInput, 'aria-label': label },
              input: {
                ...params.slotProps?.input,
                startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment>,
              },
            }}
            sx={{ bgcolor: 'background.paper', borderRadius: 1, '& .MuiOutlinedInput-root': { color: 'text.primary' } }}
          />
        )}
      />
    </Box>
  );
}
