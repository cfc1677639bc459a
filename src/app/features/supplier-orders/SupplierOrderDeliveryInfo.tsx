import { Box, List, ListItem, ListItemText, Paper, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { formatCurrency, formatDate } from '../../i18n/format';
import type { SupplierOrderDetail } from './supplier-order-data';

/**
 * What a supplier order shows of where it goes and what came of it (flows §6: what a supplier's user
 * needs of the customer reaches them through the supplier order): the delivery address, the
 * requested delivery date when the order names one, whom to contact, and its invoices as the server gives them to the caller (its deliveries are listed with
 * the supplier order: SupplierOrderPanel).
 */

/** What the section shows of the supplier order as POST /supplier-orders/getByGcsNumber answers it. */
export type SupplierOrderDeliveryData = Pick<SupplierOrderDetail, 'shipTo' | 'contact' | 'requestedDeliveryDate' | 'invoices'>;
type ShipTo = NonNullable<SupplierOrderDetail['shipTo']>;

const S = 'supplierSide';

function addressLines(a: ShipTo): string[] {
  const street = [a.street, a.houseNumber].filter(Boolean).join(' ') + (a.bus ? ` ${a.bus}` : '');
  return [street, [a.zipCode, a.city].filter(Boolean).join(' '), a.countryCode].filter((l): l is string => !!l && !!l.trim());
}

export function SupplierOrderDeliveryInfo({ detail }: { detail: SupplierOrderDeliveryData }) {
  const translate = useTranslate();
  const invoices = detail.invoices;
  const contact = detail.contact;
  return (
    <Paper component="section" aria-labelledby="supplier-order-delivery-info" variant="outlined" sx={{ p: 2, mt: 2, display: 'grid', gap: 2 }}>
      <Typography id="supplier-order-delivery-info" variant="h6" component="h2">{translate(`${S}.title`)}</Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <Box>
          <Typography variant="subtitle2" component="h3">{translate(`${S}.shipTo`)}</Typography>
          {detail.shipTo
            ? <Typography component="address" sx={{ fontStyle: 'normal', whiteSpace: 'pre-line' }}>{addressLines(detail.shipTo).join('\n')}</Typography>
            : <Typography color="text.secondary">{translate(`${S}.noShipTo`)}</Typography>}
        </Box>
        {detail.requestedDeliveryDate && (
          <Box>
            <Typography variant="subtitle2" component="h3">{translate(`${S}.requestedDeliveryDate`)}</Typography>
            <Typography>{formatDate(detail.requestedDeliveryDate)}</Typography>
          </Box>
        )}
        {contact && (
          <Box>
            <Typography variant="subtitle2" component="h3">{translate(`${S}.contact`)}</Typography>
            <Typography sx={{ wordBreak: 'break-word' }}>{[contact.name, contact.email, contact.phone].filter(Boolean).join(' · ')}</Typography>
          </Box>
        )}
      </Box>
      <Box>
        <Typography variant="subtitle2" component="h3">{translate(`${S}.invoices`)}</Typography>
        {invoices.length === 0 ? <Typography color="text.secondary">{translate(`${S}.noInvoices`)}</Typography> : (
          <List dense aria-label={translate(`${S}.invoices`)}>
            {invoices.map((i) => (
              <ListItem key={i.id} disableGutters>
                <ListItemText
                  primary={[i.number, translate(`resources.invoices.choices.status.${i.status}`)].join(' · ')}
                  secondary={[i.invoiceDate && formatDate(i.invoiceDate), i.priceIncl != null && formatCurrency(Number(i.priceIncl))].filter(Boolean).join(' · ')}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Box>
    </Paper>
  );
}
