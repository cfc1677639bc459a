import { Button } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useCoreServices } from '../../bootstrap/context';
import { downloadFile, fetchFile } from '../../data/files';
import { useAppNotify } from '../../notify/useAppNotify';

const M = 'fulfilment.supplierOrders';

/**
 * The supplier order's PDF, the one mailed to the supplier, to view in a new tab or download: `path`
 * is GET /supplier-orders/{id}/pdf for whoever reads the supplier order (its supplier, its company),
 * /admin/supplier-orders/{id}/pdf on the admin's page. Fetched with the user's token (a plain link
 * could not send it).
 */
export function SupplierOrderPdfButtons({ path, fileName }: { path: string; fileName: string }) {
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
