import { useState, type ChangeEvent } from 'react';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import DeleteIcon from '@mui/icons-material/Delete';
import StarIcon from '@mui/icons-material/Star';
import { Alert, Box, Button, Chip, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { HttpError, useTranslate } from 'ra-core';
import { CONSTANTS } from '../../../../model/catalogue/constants';
import { articlesProductManagementAddImage } from '../../../../generated/app/calls/articles.gen';
import { supplierArticlesUpload } from '../../../../generated/app/calls/supplier-articles.gen';
import { resourceCallsKey } from '../../data/calls';
import { useCallMutation } from '../../data/call-mutation';

/**
 * An article's images (issue 28), for the product management pages of a company and of the platform
 * admin: in the shop's order — the main image (`image`) first, then the others of `images` — the main
 * one marked. An image is added by uploading a file (JPEG, PNG or WebP, at most
 * CONSTANTS.articleImageMaxMb): the call adds it after the others on the server at once (a company's
 * own article: POST /product-management/{id}/images; a platform article through one of its offers:
 * POST /admin/supplier-articles/{id}/upload; a platform article without an offer takes none, and its
 * host says so) and `onUploaded` hands the article's new images to the
 * host. Making one the main image, moving one left or right and removing one are changes the host
 * saves with its own call (PATCH /product-management/{id} or POST /admin/articles/update):
 * `onChange({images, image})`, whose busy state and failure the host passes back as `saving`. An
 * image a saved change leaves out is removed from the server's store.
 */

export interface ArticleImagesValue {
  readonly images: string[];
  readonly image: string | null;
}

/** Where an upload goes: a company's own article, or a platform article through one of its offers. */
export type ArticleImagesTarget = { readonly articleId: string } | { readonly offerId: string };

export interface ArticleImagesProps {
  readonly image: string | null | undefined;
  readonly images: readonly string[] | null | undefined;
  /** null: no upload here (a platform article without an offer); the host says why. */
  readonly uploadTo: ArticleImagesTarget | null;
  /** The article's title, for the images' alternative texts. */
  readonly title: string;
  /** A change of the order, the main image or the images kept, for the host to save. */
  readonly onChange: (next: ArticleImagesValue) => void;
  /** The host's save of a change: busy while it runs, its translated failure. */
  readonly saving?: { readonly isPending: boolean; readonly errorText: string | null };
  /** After an upload: the article's images as the server now has them. */
  readonly onUploaded?: (next: ArticleImagesValue) => void;
  /** false: shown only (a reader without the right to change the article). */
  readonly editable?: boolean;
}

/** The images in the shop's order: the main one first, then the others of `images` (each once). */
export function orderedImages(image: string | null | undefined, images: readonly string[] | null | undefined): string[] {
  const rest = [...new Set((images ?? []).filter((i) => i && i !== image))];
  return image ? [image, ...rest] : rest;
}

/** A change of the list as the article stores it: the list, the first one its main image. */
const valueOf = (list: string[]): ArticleImagesValue => ({ images: list, image: list[0] ?? null });

const MAX_BYTES = CONSTANTS.articleImageMaxMb * 1024 * 1024;
const KINDS = /\.(jpe?g|png|webp)$/i;
const TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/pjpeg'];

/** What the server would refuse by the file's size or its name and type alone (it checks the bytes again). */
function refused(file: File) {
  if (!TYPES.includes(file.type) && !KINDS.test(file.name)) return 'FileTypeNotAllowed' as const;
  if (file.size > MAX_BYTES) return 'FileTooLarge' as const;
  return null;
}

const codeOf = (error: unknown) => (error instanceof HttpError ? (error.body as { errorCode?: string } | undefined)?.errorCode : undefined);
const I = 'articleImages';

export function ArticleImages({ image, images, uploadTo, title, onChange, saving, onUploaded, editable = true }: ArticleImagesProps) {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const list = orderedImages(image, images);
  // An image is the article's: every read of articles and of their offers is read again once it is added.
  const refresh = () => queryClient.invalidateQueries({ queryKey: resourceCallsKey('articles') });
  const own = useCallMutation(articlesProductManagementAddImage, { onSettled: refresh });
  const platform = useCallMutation(supplierArticlesUpload, { onSettled: refresh });
  const upload = uploadTo && 'articleId' in uploadTo ? own : platform;
  // A file refused before a byte is sent (its size, its type as the browser names it), with the server's own text.
  const [refusal, setRefusal] = useState<ReturnType<typeof refused>>(null);
  const busy = upload.isPending || !!saving?.isPending;
  const code = refusal ?? codeOf(upload.error);
  const uploadError = code === 'FileTypeNotAllowed' ? translate(`${I}.typeNotAllowed`)
    : code === 'FileTooLarge' ? translate(`${I}.tooLarge`, { max: CONSTANTS.articleImageMaxMb })
      : upload.errorText;
  const error = uploadError ?? saving?.errorText ?? null;

  function chosen(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file || !uploadTo) return;
    upload.reset();
    setRefusal(refused(file));
    if (refused(file)) return;
    const done = (next: { image?: string | null; images?: readonly string[] | null }) => onUploaded?.(valueOf(orderedImages(next.image, next.images)));
    const form = new FormData();
    form.append('file', file);
    if ('articleId' in uploadTo) own.mutate({ params: { id: uploadTo.articleId }, form }, { onSuccess: done });
    else platform.mutate({ params: { id: uploadTo.offerId }, form }, { onSuccess: (answer) => done(answer.result) });
  }

  const change = (next: string[]) => {
    upload.reset();
    setRefusal(null);
    onChange(valueOf(next));
  };
  const move = (from: number, to: number) => {
    const next = [...list];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved!);
    change(next);
  };

  return (
    <Box>
      {editable && uploadTo && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 1.5, alignItems: { sm: 'center' } }}>
          <Button variant="outlined" component="label" disabled={busy} sx={{ alignSelf: 'flex-start', flexShrink: 0 }}>
            {translate(upload.isPending ? `${I}.uploading` : `${I}.add`)}
            <input hidden type="file" accept="image/jpeg,image/png,image/webp,.jpg,.jpeg,.png,.webp" aria-label={translate(`${I}.pick`)} onChange={chosen} />
          </Button>
          <Typography variant="body2" color="text.secondary">{translate(`${I}.help`, { max: CONSTANTS.articleImageMaxMb })}</Typography>
        </Stack>
      )}
      {error && <Alert severity="error" role="alert" sx={{ mb: 1.5 }}>{error}</Alert>}
      {list.length === 0 && <Typography>{translate(`${I}.empty`)}</Typography>}
      <Box component="ol" aria-label={translate(`${I}.list`)} aria-busy={busy}
        sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))', md: 'repeat(5, minmax(0, 1fr))' }, gap: 1.5 }}>
        {list.map((src, i) => {
          const label = translate(`${I}.image`, { n: i + 1 });
          const main = i === 0;
          const named = (key: string) => `${translate(`${I}.${key}`)}: ${label}`;
          return (
            <Box component="li" key={src} aria-label={main ? `${label}, ${translate(`${I}.main`)}` : label}
              sx={{ border: 1, borderColor: main ? 'primary.main' : 'divider', borderRadius: 1, p: 1, display: 'grid', gap: 0.5, justifyItems: 'center', minWidth: 0 }}>
              <Box component="img" src={src} alt={translate(`${I}.alt`, { title, n: i + 1 })} loading="lazy" decoding="async"
                sx={{ width: '100%', height: 120, objectFit: 'contain' }} />
              {main && <Chip size="small" color="primary" icon={<StarIcon />} label={translate(`${I}.main`)} />}
              {editable && (
                <Stack direction="row" spacing={0.25} sx={{ flexWrap: 'wrap', justifyContent: 'center' }}>
                  {!main && (
                    <Tooltip title={translate(`${I}.makeMain`)}>
                      <span><IconButton size="small" aria-label={named('makeMain')} disabled={busy} onClick={() => move(i, 0)}><StarIcon fontSize="small" /></IconButton></span>
                    </Tooltip>
                  )}
                  {!main && (
                    <Tooltip title={translate(`${I}.moveLeft`)}>
                      <span><IconButton size="small" aria-label={named('moveLeft')} disabled={busy || i <= 1} onClick={() => move(i, i - 1)}><ArrowBackIcon fontSize="small" /></IconButton></span>
                    </Tooltip>
                  )}
                  {!main && (
                    <Tooltip title={translate(`${I}.moveRight`)}>
                      <span><IconButton size="small" aria-label={named('moveRight')} disabled={busy || i === list.length - 1} onClick={() => move(i, i + 1)}><ArrowForwardIcon fontSize="small" /></IconButton></span>
                    </Tooltip>
                  )}
                  <Tooltip title={translate(`${I}.remove`)}>
                    <span><IconButton size="small" aria-label={named('remove')} disabled={busy} onClick={() => change(list.filter((_, k) => k !== i))}><DeleteIcon fontSize="small" /></IconButton></span>
                  </Tooltip>
                </Stack>
              )}
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
