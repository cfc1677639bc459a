import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Box, InputAdornment, OutlinedInput, Paper } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useNavigate } from 'react-router';
import { useTranslate } from 'ra-core';
import { CONSTANTS } from '../../../../../model/catalogue/constants';
import { useShopLanguage } from '../../../common/hooks';
import { inLanguage } from '../../../common/text';
import type { SearchHit } from '../../../common/types';
import { useSuggestions } from './useSuggestions';

/** A suggestion's title in the interface language, with its article number as a fallback. */
const titleOf = (hit: SearchHit, language: string) => inLanguage(hit.title, language) || hit.articleNumberSupplier;

/**
 * The header's product search (core §2, §5): suggestions from the search index once 2 characters are
 * typed, at most 5, asked 200 ms after the last keystroke. Enter on a suggestion opens /products/{id},
 * Enter on the typed text goes to /products?search=….
 *
 * Our own WAI-ARIA 1.2 combobox (an input that controls a listbox; the options stay virtual, focus
 * stays in the input) rather than MUI's Autocomplete: that one brings Popper and @popperjs/core, and
 * the header is on every shop page, which must stay within issue 4's script budget. For the same
 * reason the box is an OutlinedInput, not a TextField (which brings Select, Menu and every input
 * variant), and the list is positioned under the input by plain CSS instead of a Popper.
 */
export function HeaderSearch() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const language = useShopLanguage();
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [input, setInput] = useState('');
  const [active, setActive] = useState(-1);
  // Escape and leaving the box close the list until the user types, focuses or arrows again.
  const [dismissed, setDismissed] = useState(false);
  const hits = useSuggestions(input);
  const open = !dismissed && hits.length > 0 && input.trim().length >= CONSTANTS.searchSuggestionsFrom;
  const current = open && active < hits.length ? active : -1;
  const optionId = (index: number) => `${listId}-option-${index}`;

  function choose(value: SearchHit | string) {
    if (typeof value === 'string') {
      const query = value.trim();
      if (!query) return;
      navigate(`/products?search=${encodeURIComponent(query)}`);
    } else {
      navigate(`/products/${encodeURIComponent(value.objectID)}`);
    }
    setInput('');
    setActive(-1);
    inputRef.current?.blur();
  }

  /** Up and Down move through the suggestions, round the ends, opening a dismissed list first. */
  function move(step: 1 | -1) {
    if (!open) {
      if (dismissed && hits.length > 0) setDismissed(false);
      return;
    }
    const from = current === -1 && step === -1 ? hits.length : current;
    setActive((from + step + hits.length) % hits.length);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.nativeEvent.isComposing) return; // an input method is still composing the text
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        event.preventDefault();
        move(event.key === 'ArrowDown' ? 1 : -1);
        break;
      case 'Enter':
        event.preventDefault();
        choose(current >= 0 ? hits[current]! : input);
        break;
      case 'Escape':
        if (open) {
          event.preventDefault();
          setDismissed(true);
          setActive(-1);
        } else if (input) {
          event.preventDefault();
          setInput('');
        }
        break;
    }
  }

  const label = translate('shop.search.label');
  return (
    <Box role="search" sx={{ flex: '0 1 360px', mx: 1, position: 'relative' }}>
      <OutlinedInput
        fullWidth
        size="small"
        value={input}
        placeholder={translate('shop.search.placeholder')}
        inputRef={inputRef}
        onChange={(event) => { setInput(event.target.value); setActive(-1); setDismissed(false); }}
        onKeyDown={onKeyDown}
        onFocus={() => setDismissed(false)}
        onBlur={() => { setDismissed(true); setActive(-1); }}
        startAdornment={<InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment>}
        slotProps={{
          input: {
            role: 'combobox',
            'aria-label': label,
            'aria-autocomplete': 'list',
            'aria-expanded': open,
            'aria-controls': open ? listId : undefined,
            'aria-activedescendant': current >= 0 ? optionId(current) : undefined,
            autoComplete: 'off',
            spellCheck: false,
          },
        }}
        sx={{ bgcolor: 'background.paper', color: 'text.primary' }}
      />
      {open && (
        <Paper
          component="ul"
          role="listbox"
          id={listId}
          aria-label={label}
          elevation={8}
          // Keeps the focus in the input while an option is clicked, so blur does not close the list first.
          onMouseDown={(event) => event.preventDefault()}
          sx={{ position: 'absolute', top: '100%', left: 0, right: 0, zIndex: 1, mt: 0.5, mb: 0, mx: 0, py: 0.5, px: 0, listStyle: 'none', overflow: 'hidden' }}
        >
          {hits.map((hit, index) => (
            <Box
              component="li"
              key={hit.objectID}
              id={optionId(index)}
              role="option"
              aria-selected={index === current}
              onMouseMove={() => { if (index !== current) setActive(index); }}
              onClick={() => choose(hit)}
              sx={{ px: 2, py: 0.75, cursor: 'pointer', bgcolor: index === current ? 'action.hover' : undefined }}
            >
              <Box>
                <Box component="span" sx={{ display: 'block' }}>{titleOf(hit, language)}</Box>
                <Box component="span" sx={{ fontSize: '0.75rem', color: 'text.secondary' }}>
                  {[hit.articleNumberSupplier, hit.supplierName].filter(Boolean).join(' · ')}
                </Box>
              </Box>
            </Box>
          ))}
        </Paper>
      )}
    </Box>
  );
}
