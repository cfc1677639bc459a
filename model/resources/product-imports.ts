import { field, resource, t } from '../dsl';

/**
 * A company's bulk import of its own articles (issue 28, beyond the spec: buyers keep catalogues in
 * spreadsheets). An uploaded .xlsx or .csv is read and checked line by line (the preview), kept under
 * the import's id, and written by the `productImports.run` job when the user asks for it; this row
 * holds where it stands and what it did. The file format and the code are in
 * src/server/catalogue/product-sheet.ts and product-import.ts; the calls in
 * src/shared/contracts/product-imports.ts.
 */

/** Where an import stands: checked and waiting for the user, waiting in the queue, being written, finished, given up. */
export const PRODUCT_IMPORT_STATUSES = {
  previewed: t('Gecontroleerd', 'Checked', 'Vérifiée'),
  queued: t('In de wachtrij', 'Queued', "En file d'attente"),
  running: t('Bezig', 'Running', 'En cours'),
  done: t('Klaar', 'Done', 'Terminée'),
  failed: t('Mislukt', 'Failed', 'Échec'),
};
export type ProductImportStatus = keyof typeof PRODUCT_IMPORT_STATUSES;

export const PRODUCT_IMPORT_FORMATS = {
  xlsx: t('Excel (.xlsx)', 'Excel (.xlsx)', 'Excel (.xlsx)'),
  csv: t('CSV', 'CSV', 'CSV'),
};

const count = (label: ReturnType<typeof t>) => field.integer(label).min(0).default(0).readOnly();

export const productImports = resource('product-imports', {
  label: { one: t('Artikelimport', 'Article import', "Importation d'articles"), many: t('Artikelimports', 'Article imports', "Importations d'articles") },
  scope: 'customer',
  area: 'product-management',
  needsChosenCustomer: true,
  fields: {
    requestedById: field.reference(t('Opgeladen door', 'Uploaded by', 'Téléversée par'), 'users').readOnly(),
    fileName: field.text(t('Bestand', 'File', 'Fichier')).max(255).readOnly(),
    format: field.enum(t('Formaat', 'Format', 'Format'), PRODUCT_IMPORT_FORMATS).readOnly(),
    status: field.enum(t('Status', 'Status', 'Statut'), PRODUCT_IMPORT_STATUSES).readOnly().default('previewed'),
    // The file's lines (header and blank lines not counted), and how many passed the preview's checks.
    total: count(t('Lijnen', 'Lines', 'Lignes')),
    valid: count(t('Geldige lijnen', 'Valid lines', 'Lignes valides')),
    // Progress of the run: lines handled (written, unchanged or refused), in file order.
    done: count(t('Verwerkt', 'Done', 'Traitées')),
    created: count(t('Aangemaakt', 'Created', 'Créées')),
    updated: count(t('Bijgewerkt', 'Updated', 'Mises à jour')),
    unchanged: count(t('Ongewijzigd', 'Unchanged', 'Inchangées')),
    refused: count(t('Geweigerd', 'Refused', 'Refusées')),
    // The first refusals of the run with their reason (the counts are complete).
    refusals: field.list(t('Weigeringen', 'Refusals', 'Refus'), {
      line: field.integer(t('Lijn', 'Line', 'Ligne')).min(0).required(),
      path: field.text(t('Kolom', 'Column', 'Colonne')).max(100),
      rule: field.text(t('Regel', 'Rule', 'Règle')).max(100).required(),
    }).readOnly(),
    jobId: field.text(t('Taak', 'Job', 'Tâche')).max(100).readOnly().hidden(),
    startedAt: field.datetime(t('Gestart op', 'Started at', 'Démarrée le')).readOnly(),
    finishedAt: field.datetime(t('Klaar op', 'Finished at', 'Terminée le')).readOnly(),
    error: field.textarea(t('Fout', 'Error', 'Erreur')).max(4000).readOnly(),
  },
  recordRepresentation: 'fileName',
  list: { columns: ['createdAt', 'fileName', 'status', 'total', 'created', 'updated', 'refused'], sort: { field: 'createdAt', order: 'DESC' } },
  // Its calls (preview, run, status, and the export of the product management list) are in src/shared/contracts/product-imports.ts.
  notFound: 'ProductImportNotFound',
});
