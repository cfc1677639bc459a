import { Chip, Link, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { Link as RouterLink } from 'react-router';
import { useShopLanguage } from '../../common/hooks';
import { formatDate } from '../../i18n/format';
import { articleName, type Instance } from './stock-api';

const M = 'stock.overview';
const F = 'resources.warehouse-instances.fields';

/**
 * Warehouse articles as the stock screens show them: the article, its warehouse (a link to the
 * warehouse's page where the user manages warehouses), its stock with since when it is below its
 * minimum, the minimum and the barcode. /stock and /warehouse-management/stock list every article
 * of the company's warehouses; an article's stock tab in product management lists its own.
 */
export function InstanceTable({ items, manage, label, withArticle = true }: {
  items: readonly Instance[];
  /** The warehouse names link to their pages. */
  manage: boolean;
  label: string;
  /** False where every row is the same article (its own page). */
  withArticle?: boolean;
}) {
  const translate = useTranslate();
  const language = useShopLanguage();
  return (
    <TableContainer sx={{ mt: 1 }}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {withArticle && <TableCell>{translate(`${F}.supplierArticleId`)}</TableCell>}
            <TableCell>{translate(`${F}.warehouseId`)}</TableCell>
            <TableCell align="right">{translate(`${F}.stock`)}</TableCell>
            <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{translate(`${F}.minimumStock`)}</TableCell>
            <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{translate(`${F}.tag`)}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((i) => (
            <TableRow key={i.id}>
              {withArticle && (
                <TableCell>
                  <Typography variant="body2">{articleName(i, language)}</Typography>
                  <Typography variant="caption" color="text.secondary">{i.articleNumberSupplier}</Typography>
                </TableCell>
              )}
              <TableCell>
                {manage ? <Link component={RouterLink} to={`/warehouse-management/${encodeURIComponent(i.warehouseId ?? '')}`}>{i.warehouseName}</Link> : i.warehouseName}
              </TableCell>
              <TableCell align="right">
                {i.stock}
                {i.depletedAt && <Chip size="small" color="error" sx={{ ml: 1 }} label={formatDate(i.depletedAt)} title={translate(`${M}.depletedSince`)} />}
              </TableCell>
              <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{i.minimumStock}</TableCell>
              <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{i.tag}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
