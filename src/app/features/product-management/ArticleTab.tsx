import { useState, type FormEvent } from 'react';
import { Alert, Box, Button } from '@mui/material';
import { useTranslate } from 'ra-core';
import { articleDraftOf, articlePatchFields, problemsOf, useArticlePatch, type ArticleDraft, type ArticleWithOffers } from './product-api';
import { ArticleFields } from './ProductFields';

const M = 'productManagement.detail';

/** The article's fields, saved together (PATCH with every field; an emptied one is cleared). */
export function ArticleTab({ article, editable }: { article: ArticleWithOffers; editable: boolean }) {
  const translate = useTranslate();
  const [draft, setDraft] = useState<ArticleDraft>(() => articleDraftOf(article));
  const [local, setLocal] = useState<Record<string, string>>({});
  const patch = useArticlePatch();
  function submit(event: FormEvent) {
    event.preventDefault();
    const problems: Record<string, string> = draft.title.nl.trim() ? {} : { 'title.nl': 'required' };
    setLocal(problems);
    if (Object.keys(problems).length) return patch.reset();
    patch.mutate({ params: { id: article.id }, body: articlePatchFields(draft) });
  }
  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ display: 'grid', gap: 1.5 }}>
      <ArticleFields value={draft} onChange={setDraft} problems={{ ...local, ...problemsOf(patch.error) }} disabled={!editable || patch.isPending} withAvailability={false} />
      {patch.errorText && <Alert severity="error">{patch.errorText}</Alert>}
      {editable && (
        <Box>
          <Button type="submit" variant="contained" disabled={patch.isPending}>{translate(`${M}.save`)}</Button>
        </Box>
      )}
    </Box>
  );
}
