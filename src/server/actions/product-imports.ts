import { productImportContracts } from '../../shared/contracts/product-imports';
import { sendProductExport } from '../catalogue/product-export';
import { importStatus, previewImport, runImport } from '../catalogue/product-import';
import { negotiateLanguage } from '../i18n';
import { implement } from './define';

/** Bulk import and export of a company's own articles (issue 28): src/server/catalogue/product-import.ts and product-export.ts do the work. */

const languageOf = (headers: { 'accept-language'?: string | undefined }) => negotiateLanguage({ acceptLanguage: headers['accept-language'] });

export const productImportActions = implement(productImportContracts, {
  preview: async ({ db, request }) => previewImport(db, request, request.server.blobs, languageOf(request.headers)),
  run: async ({ db, request, params }) => runImport(db, request, params.importId, languageOf(request.headers)),
  status: async ({ db, request, params }) => importStatus(db, request, params.importId, languageOf(request.headers)),
  export: async ({ db, request, reply, query }) => sendProductExport(db, request, reply, query, languageOf(request.headers)) as never,
});
