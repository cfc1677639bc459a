import { Alert, Box, Button, type ButtonProps } from '@mui/material';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import { useMutation } from '@tanstack/react-query';
import { useTranslate } from 'ra-core';
import type { ContractInput, QueryIn } from '../../../shared/contracts/define';
import { useCoreServices } from '../../bootstrap/context';
import type { CallDef } from '../../data/call-api';
import { describeError } from '../../data/errors';
import { downloadFile } from '../../data/files';
import { queryString, type RequestOptions } from '../../data/http';

/**
 * The one export button: downloads what an export call (a GET answering a file: the lists'
 * …/export.xlsx, the product management's) answers for `query` — the list's own query, without its
 * page — through the app's file download (data/files.ts), under the name the answer offers. Busy
 * while the file comes; a refusal (ListExportTooLarge, …) is said under the button in the user's
 * language, else `failure`'s text.
 */
export function ExportButton<C extends ContractInput>({ call, query, fileName, label, failure = 'app.list.exportFailed', ...button }: {
  call: CallDef<C>;
  query: QueryIn<C>;
  /** The name when the answer offers none. */
  fileName: string;
  label?: string;
  failure?: string;
} & Omit<ButtonProps, 'onClick' | 'children'>) {
  const translate = useTranslate();
  const { http, i18n } = useCoreServices();
  const download = useMutation({
    mutationFn: () => downloadFile(http, `${call.path}${queryString(query as RequestOptions['query'])}`, fileName),
  });
  return (
    <Box>
      <Button variant="outlined" startIcon={<FileDownloadIcon />} {...button} disabled={button.disabled || download.isPending}
        aria-busy={download.isPending} onClick={() => download.mutate()}>
        {label ?? translate('app.list.export')}
      </Button>
      {download.error && (
        <Alert severity="error" role="alert" sx={{ mt: 1, maxWidth: 420 }}>{describeError(download.error, { fallback: failure }, i18n.i18nProvider)}</Alert>
      )}
    </Box>
  );
}
