import { Box, Button, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import visuallyHidden from '@mui/utils/visuallyHidden';
import { useTranslate } from 'ra-core';
import { usePrice, useShopLanguage } from '../../common/hooks';
import { inLanguage } from '../../common/text';
import type { TemplateArticle } from './api';

/** A line being edited: the amount as typed, checked when saving. */
export interface LineDraft { supplierArticleId: string; amount: string; article: TemplateArticle | null }

/** The amount of a draft line when it is a whole number of at least 1 (and the article's minimum), else null. */
export function amountOf(line: LineDraft): number | null {
  const text = line.amount.trim();
  if (!/^\d{1,7}$/.test(text)) return null;
  const n = Number(text);
  return n >= Math.max(1, line.article?.minOrderQuant ?? 1) ? n : null;
}

/** The line's article as the user reads it: its title in the interface language, else its number. */
export function lineTitle(line: LineDraft, language: string): string {
  return (line.article && (inLanguage(line.article.title, language) || line.article.articleNumberSupplier)) || line.supplierArticleId;
}

/**
 * A template's lines: article, number, price and the amount; editable (amount, remove) for users
 * who may change the template. The table scrolls in its own box on a phone, as the orders list does.
 */
export function TemplateLines({ lines, editable, showErrors, onAmount, onRemove }: {
  lines: readonly LineDraft[]; editable: boolean; showErrors: boolean;
  onAmount: (index: number, amount: string) => void; onRemove: (index: number) => void;
}) {
  const translate = useTranslate();
  const language = useShopLanguage();
  const price = usePrice();
  if (!lines.length) return <Typography sx={{ my: 2 }}>{translate('shop.templates.emptyLines')}</Typography>;
  return (
    // relative: the visually hidden header text is positioned inside the scrolling box, not beside the page
    <Box sx={{ overflowX: 'auto', position: 'relative', mb: 2 }}>
      <Table size="small" aria-label={translate('shop.templates.lines')}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('shop.templates.article')}</TableCell>
            <TableCell>{translate('shop.templates.articleNumber')}</TableCell>
            <TableCell align="right">{translate('shop.templates.price')}</TableCell>
            <TableCell>{translate('shop.templates.amount')}</TableCell>
            {editable && <TableCell><Box component="span" sx={visuallyHidden}>{translate('shop.templates.columns.actions')}</Box></TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {lines.map((line, index) => {
            const title = lineTitle(line, language);
            const a = line.article;
            const wrong = showErrors && amountOf(line) === null;
            const minimum = Math.max(1, a?.minOrderQuant ?? 1);
            return (
              <TableRow key={line.supplierArticleId} sx={a?.available === false || !a ? { bgcolor: 'action.hover' } : undefined}>
                <TableCell sx={{ minWidth: 160 }}>
                  {title}
                  {(!a || !a.available) && <Typography variant="caption" color="error" component="div">{translate('shop.templates.unavailable')}</Typography>}
                  {a?.supplierName && <Typography variant="caption" color="text.secondary" component="div">{a.supplierName}</Typography>}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{a?.articleNumberSupplier ?? ''}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{a?.price != null ? price(a.price) : '–'}</TableCell>
                <TableCell sx={{ minWidth: 110 }}>
                  {editable ? (
                    <TextField size="small" type="number" value={line.amount} onChange={(e) => onAmount(index, e.target.value)}
                      error={wrong} helperText={minimum > 1 || wrong ? translate('shop.templates.minimum', { smart_count: minimum }) : undefined}
                      slotProps={{ htmlInput: { min: minimum, step: 1, inputMode: 'numeric', 'aria-label': translate('shop.templates.amountOf', { title }) } }}
                      sx={{ width: 100 }} />
                  ) : line.amount}
                </TableCell>
                {editable && (
                  <TableCell>
                    <Button size="small" color="error" onClick={() => onRemove(index)} aria-label={translate('shop.templates.removeNamed', { title })}>
                      {translate('shop.templates.remove')}
                    </Button>
                  </TableCell>
                )}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Box>
  );
}
