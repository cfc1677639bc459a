import { Button } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useCoreServices } from '../../bootstrap/context';
import { downloadFile, fetchFile } from '../../data/files';
import { useAppNotify } from '../../notify/useAppNotify';

export interface PdfButtonsProps {
  /** The call that answers the PDF (GET, `?inline=true` to show it). */
  path: string;
  fileName: string;
  /** Where the buttons' texts are: `<texts>.pdfView`, `<texts>.pdfDownload`, `<texts>.pdfFailed`. */
  texts: string;
}

/**
 * A PDF the server makes, to view in a new tab or download, fetched with the user's token (a plain
 * link could not send it): the supplier order's (GET /supplier-orders/{id}/pdf for whoever reads the
 * supplier order, /admin/supplier-orders/{id}/pdf on the admin's page) and the buyer's order
 * (GET /v2/orders/{id}/pdf).
 */
export function PdfButtons({ path, fileName, texts: M }: PdfButtonsProps) {
  const translate = useTranslate();
  const { http } = useCoreServices();
  const { toast } = useAppNotify();

  async function view() {
    // A new tab is opened at once (browsers block one opened after an await), then given the PDF.
    const tab = window.open('', '_blank');
    try {
      const { blob } = await fetchFile(http, `${path}?inline=true`);
      const url = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
      if (tab) tab.location.href = url;
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch {
      tab?.close();
      toast(translate(`${M}.pdfFailed`), { variation: 'error' });
    }
  }

  async function download() {
    try {
      await downloadFile(http, path, fileName);
    } catch {
      toast(translate(`${M}.pdfFailed`), { variation: 'error' });
    }
  }

  return (
    <>
      <Button variant="outlined" size="small" onClick={() => void view()}>{translate(`${M}.pdfView`)}</Button>
      <Button variant="outlined" size="small" onClick={() => void download()}>{translate(`${M}.pdfDownload`)}</Button>
    </>
  );
}
