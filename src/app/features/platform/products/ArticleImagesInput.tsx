import { useState } from 'react';
import { Box, Button, Chip, IconButton, Stack, TextField, Typography } from '@mui/material';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import Delete from '@mui/icons-material/Delete';
import Star from '@mui/icons-material/Star';
import StarBorder from '@mui/icons-material/StarBorder';
import { useInput, useTranslate } from 'react-admin';

const M = 'adminProducts.images';

/**
 * An article's images in a react-admin form (flows §3 "images"): `images` in their order, `image`
 * the main one. Each can move forward or back, become the main image or go; an address adds one
 * (the first image added becomes the main one when there is none). Removing the main image makes
 * the first one left the main image.
 */
export function ArticleImagesInput() {
  const translate = useTranslate();
  const images = useInput<string[] | null>({ source: 'images' });
  const main = useInput<string | null>({ source: 'image' });
  const [url, setUrl] = useState('');
  const list: string[] = Array.isArray(images.field.value) ? images.field.value : [];
  const current = main.field.value || null;
  // A main image that is not in the list (set before images were kept in order) is shown first.
  const shown = current && !list.includes(current) ? [current, ...list] : list;
  const setList = (next: string[], nextMain: string | null = current) => {
    images.field.onChange(next);
    main.field.onChange(nextMain && next.includes(nextMain) ? nextMain : next[0] ?? null);
  };
  const move = (from: number, to: number) => {
    const next = [...shown];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item!);
    setList(next);
  };
  function add() {
    const value = url.trim();
    if (!value || shown.includes(value)) return;
    setList([...shown, value]);
    setUrl('');
  }
  const problem = images.fieldState.error?.message ?? main.fieldState.error?.message;
  return (
    <Box component="section" aria-labelledby="article-images" sx={{ display: 'grid', gap: 1 }}>
      <Typography variant="subtitle1" component="h3" id="article-images">{translate(`${M}.title`)}</Typography>
      {shown.length === 0 && <Typography variant="body2" color="text.secondary">{translate(`${M}.none`)}</Typography>}
      <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
        {shown.map((src, i) => {
          const n = i + 1;
          const isMain = src === current;
          return (
            <Box component="li" key={src} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
              <Box component="img" src={src} alt={translate(`${M}.alt`, { n })} sx={{ width: 64, height: 64, objectFit: 'contain', bgcolor: 'grey.100', borderRadius: 1 }} />
              <Typography variant="body2" sx={{ flex: '1 1 160px', minWidth: 0, overflowWrap: 'anywhere' }}>{src}</Typography>
              {isMain && <Chip size="small" color="primary" label={translate(`${M}.main`)} />}
              <Stack direction="row">
                <IconButton aria-label={translate(`${M}.makeMain`, { n })} aria-pressed={isMain} onClick={() => setList(shown, src)}>{isMain ? <Star /> : <StarBorder />}</IconButton>
                <IconButton aria-label={translate(`${M}.up`, { n })} disabled={i === 0} onClick={() => move(i, i - 1)}><ArrowUpward /></IconButton>
                <IconButton aria-label={translate(`${M}.down`, { n })} disabled={i === shown.length - 1} onClick={() => move(i, i + 1)}><ArrowDownward /></IconButton>
                <IconButton aria-label={translate(`${M}.remove`, { n })} onClick={() => setList(shown.filter((s) => s !== src))}><Delete /></IconButton>
              </Stack>
            </Box>
          );
        })}
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField size="small" type="url" label={translate(`${M}.url`)} value={url} onChange={(e) => setUrl(e.target.value)} sx={{ flex: 1, maxWidth: 560 }}
          onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); add(); } }} error={!!problem} helperText={problem ? translate(problem) : undefined} />
        <Button onClick={add} disabled={!url.trim()}>{translate(`${M}.add`)}</Button>
      </Stack>
    </Box>
  );
}
