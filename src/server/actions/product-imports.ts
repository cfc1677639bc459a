import { productImportContracts } from '../../shared/contracts/product-imports';
import { sendProductExport } from '../catalogue/product-export';
import { importStatus, previewImport, runImport } from '../catalogue/product-import';
import { requestLanguage } from '../i18n';
import { implement } from './define';

/** Bulk import and export of a company's own articles (issue 28): src/server/catalogue/product-import.ts and product-export.ts do the work. */

export const productImportActions = implement(productImportContracts, {
  preview: async ({ db, request }) => previewImport(db, request, request.server.blobs, requestLanguage(request)),
  run: async ({ db, request, params }) => runImport(db, request, params.importId, requestLanguage(request)),
  status: async ({ db, request, params }) => importStatus(db, request, params.importId, requestLanguage(request)),
  export: async ({ db, request, reply, query }) => sendProductExport(db, request, reply, query, requestLanguage(request)) as never,
});
