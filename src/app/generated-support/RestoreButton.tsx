import RestoreFromTrash from '@mui/icons-material/RestoreFromTrash';
import { useState } from 'react';
import { Button, useCanAccess, useDataProvider, useNotify, useRecordContext, useRefresh, useResourceContext, type Identifier } from 'react-admin';

/** The app's dataProvider has a custom `restore` (src/app/data): POST {base}/restore {dto:{id}} and friends. */
interface RestoringDataProvider {
  restore?: (resource: string, params: { id: Identifier }) => Promise<unknown>;
}

/** Restores a soft-deleted record; renders nothing for records that are not deleted. */
export const RestoreButton = () => {
  const record = useRecordContext();
  const resource = useResourceContext();
  const dataProvider = useDataProvider() as unknown as RestoringDataProvider;
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const { canAccess } = useCanAccess({ action: 'restore', resource, record });
  if (!record?.deleted || !resource || canAccess === false) return null;
  return (
    <Button
      label="generatedSupport.restore"
      disabled={busy}
      onClick={async (event) => {
        // a row click would open the record; restoring is all this click should do
        event.stopPropagation();
        if (!dataProvider.restore) throw new Error('The dataProvider has no restore method');
        setBusy(true);
        try {
          await dataProvider.restore(resource, { id: record.id });
          notify('generatedSupport.restored', { type: 'info' });
          refresh();
        } catch (error) {
          notify(error instanceof Error && error.message ? error.message : 'ra.notification.http_error', { type: 'error' });
        } finally {
          setBusy(false);
        }
      }}
    >
      <RestoreFromTrash />
    </Button>
  );
};
