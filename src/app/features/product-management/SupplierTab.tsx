import { useState, type FormEvent } from 'react';
import {
  Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography,
  useMediaQuery, useTheme,
} from '@mui/material';
import { useTranslate } from 'ra-core';
import { usePrice } from '../../common/hooks';
import {
  NEW_OFFER, errorCodeOf, offerDraftOf, offerFields, offerProblems, problemsOf, under, useArticlePatch, type ArticleWithOffers, type Offer, type OfferDraft,
} from './product-api';
import { OfferFields } from './ProductFields';

const M = 'productManagement.detail';
const O = 'resources.supplier-articles.fields';

/**
 * The suppliers' offers of the article, cheapest first; each one's own fields are changed, and an
 * offer is added (PATCH {offers: [{id?, …}]}). On a phone the number and stock go under the supplier,
 * so the price and the change button stay in sight without scrolling sideways.
 */
export function SupplierTab({ article, editable }: { article: ArticleWithOffers; editable: boolean }) {
  const translate = useTranslate();
  const price = usePrice();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const phone = !useMediaQuery(theme.breakpoints.up('sm'), { noSsr: true });
  const stock = (o: Offer) => o.stock ?? translate('productManagement.list.stockUnknown');
  const [editing, setEditing] = useState<Offer | 'new' | null>(null);
  const offers = article.offers;
  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', mb: 1 }}>
        <Typography color="text.secondary">{translate('productManagement.offers.help')}</Typography>
        {editable && <Button variant="outlined" onClick={() => setEditing('new')} sx={{ flexShrink: 0 }}>{translate('productManagement.offers.add')}</Button>}
      </Stack>
      {offers.length === 0 && <Typography>{translate('productManagement.offers.empty')}</Typography>}
      {offers.length > 0 && (
        <TableContainer>
          <Table size="small" aria-label={translate(`${M}.tabs.supplier`)}>
            <TableHead>
              <TableRow>
                <TableCell>{translate(`${O}.supplierId`)}</TableCell>
                {!phone && <TableCell>{translate(`${O}.articleNumberSupplier`)}</TableCell>}
                <TableCell align="right">{translate(`${O}.price`)}</TableCell>
                {wide && <TableCell align="right">{translate(`${O}.priceQuantity`)}</TableCell>}
                {wide && <TableCell align="right">{translate(`${O}.minOrderQuant`)}</TableCell>}
                {wide && <TableCell align="right">{translate(`${O}.tax`)}</TableCell>}
                {!phone && <TableCell align="right">{translate(`${O}.stock`)}</TableCell>}
                {wide && <TableCell align="right">{translate(`${O}.estimateDeliveryDays`)}</TableCell>}
                {editable && <TableCell />}
              </TableRow>
            </TableHead>
            <TableBody>
              {offers.map((o) => (
                <TableRow key={o.id}>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>
                    {o.supplierName}
                    {phone && (
                      <Typography variant="caption" color="text.secondary" component="div">
                        {`${o.articleNumberSupplier} · ${translate(`${O}.stock`)}: ${stock(o)}`}
                      </Typography>
                    )}
                  </TableCell>
                  {!phone && <TableCell sx={{ overflowWrap: 'anywhere' }}>{o.articleNumberSupplier}</TableCell>}
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{price(o.price)}</TableCell>
                  {wide && <TableCell align="right">{o.priceQuantity}</TableCell>}
                  {wide && <TableCell align="right">{o.minOrderQuant}</TableCell>}
                  {wide && <TableCell align="right">{o.tax}</TableCell>}
                  {!phone && <TableCell align="right">{stock(o)}</TableCell>}
                  {wide && <TableCell align="right">{o.estimateDeliveryDays}</TableCell>}
                  {editable && (
                    <TableCell align="right">
                      <Button size="small" onClick={() => setEditing(o)} aria-label={`${translate('productManagement.offers.edit')} ${o.articleNumberSupplier}`}>
                        {translate('productManagement.offers.edit')}
                      </Button>
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {editing && <OfferDialog article={article} offer={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Box>
  );
}

/** One offer's own fields: a change of an offer (with its id) or a new one (without). */
function OfferDialog({ article, offer, onClose }: { article: ArticleWithOffers; offer: Offer | null; onClose: () => void }) {
  const translate = useTranslate();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [draft, setDraft] = useState<OfferDraft>(() => (offer ? offerDraftOf(offer) : NEW_OFFER));
  const [local, setLocal] = useState<Record<string, string>>({});
  const patch = useArticlePatch(offer ? `${M}.saved` : 'productManagement.offers.added');
  const server = under(problemsOf(patch.error), 'offers.0.');
  if (errorCodeOf(patch.error) === 'SupplierArticleAlreadyExists' && !server.articleNumberSupplier) server.articleNumberSupplier = 'SupplierArticleAlreadyExists';
  function submit(event: FormEvent) {
    event.preventDefault();
    const problems = offerProblems(draft);
    setLocal(problems);
    if (Object.keys(problems).length) return patch.reset();
    const fields = offerFields(draft);
    patch.mutate({ params: { id: article.id }, body: { offers: [offer ? { ...fields, id: offer.id } : fields] } }, { onSuccess: onClose });
  }
  return (
    <Dialog open onClose={patch.isPending ? undefined : onClose} fullScreen={phone} fullWidth maxWidth="md" aria-labelledby="pm-offer-title">
      <Box component="form" onSubmit={submit} noValidate sx={{ display: 'contents' }}>
        <DialogTitle id="pm-offer-title">
          {offer ? translate('productManagement.offers.editTitle', { number: offer.articleNumberSupplier }) : translate('productManagement.offers.addTitle')}
        </DialogTitle>
        <DialogContent dividers>
          <OfferFields value={draft} onChange={setDraft} problems={{ ...local, ...server }} disabled={patch.isPending} />
          {patch.errorText && <Alert severity="error" sx={{ mt: 1.5 }}>{patch.errorText}</Alert>}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={patch.isPending}>{translate(`${M}.cancel`)}</Button>
          <Button type="submit" variant="contained" disabled={patch.isPending}>{translate(`${M}.save`)}</Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
