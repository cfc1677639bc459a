import { useEffect, useRef, useState } from 'react';
import { CONSTANTS } from '../../../../../model/catalogue/constants';
import { useCoreServices } from '../../../bootstrap/context';
import type { SearchHit } from '../../../common/types';
import { getShopSearch } from './client';

/**
 * The search index's suggestions for the typed text (core §2, §5): none below 2 characters, at most
 * 5, asked 200 ms after the last keystroke. An answer that arrives after newer typing is dropped, so
 * the list always belongs to the text in the box.
 */
export function useSuggestions(input: string): SearchHit[] {
  const { http } = useCoreServices();
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

  return hits;
}
