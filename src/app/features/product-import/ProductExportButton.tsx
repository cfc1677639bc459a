import { Alert, Box, Button, type ButtonProps } from '@mui/material';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import { useMutation } from '@tanstack/react-query';
import { useTranslate } from 'ra-core';
import type { QueryIn } from '../../../shared/contracts/define';
import type { Contracts } from '../../../shared/contracts';
import { useCoreServices } from '../../bootstrap/context';
import { describeError } from '../../data/errors';
import { downloadFile } from '../../data/files';
import { queryString } from '../../data/http';
import { productImportsExport } from '../../../../generated/app/calls/product-imports.gen';

const M = 'productImport';

/** The product management list's filters, as GET /product-management takes them (page and pageSize do not matter to the export). */
export type ProductExportFilters = Omit<NonNullable<QueryIn<Contracts['product-imports']['export']>>, 'page' | 'pageSize'>;

/**
 * Downloads the company's own articles as the product management list filters them, as an .xlsx
 * in the import's format (GET /product-management/export.xlsx with the same query), so the file can
 * be edited and imported back with ProductImportDialog. Busy while the file comes; a failure is
 * shown under the button in the user's language.
 */
export function ProductExportButton({ filters, ...button }: { filters: ProductExportFilters } & Omit<ButtonProps, 'onClick' | 'children'>) {
  const translate = useTranslate();
  const { http, i18n } = useCoreServices();
  const download = useMutation({
    mutationFn: () => downloadFile(http, `${productImportsExport.path}${queryString(filters)}`, 'articles.xlsx'),
  });
  return (
    <Box>
      <Button startIcon={<FileDownloadIcon />} {...button} disabled={button.disabled || download.isPending} onClick={() => download.mutate()}>
        {translate(`${M}.export`)}
      </Button>
      {download.error && (
        <Alert severity="error" role="alert" sx={{ mt: 1 }}>{describeError(download.error, { fallback: `${M}.exportFailed` }, i18n.i18nProvider)}</Alert>
      )}
    </Box>
  );
}
