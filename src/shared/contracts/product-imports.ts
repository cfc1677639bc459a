import { z } from 'zod';
import { access } from '../../../model/dsl/access';
import { CONSTANTS } from '../../../model/catalogue/constants';
import { PRODUCT_IMPORT_STATUSES, productImports, type ProductImportStatus } from '../../../model/resources/product-imports';
import { PRODUCT_SHEET_COLUMNS } from '../product-sheet';
import { productManagementQuery } from './articles';
import { binaryAnswer, contractsOf, filePart, XLSX_TYPE } from './define';

/**
 * Bulk import and export of a company's own articles (issue 28, beyond the spec: buyers keep their
 * catalogues in spreadsheets). The file's format is src/shared/product-sheet.ts; the handlers are in
 * src/server/actions/product-imports.ts, the work in src/server/catalogue/product-import.ts and
 * product-export.ts. An upload is checked first (the preview: nothing is written to the articles),
 * kept under an import id, and written by a background job when the user runs it, once.
 */

/** One problem of one line: the file's line, the column, the rule (a validation.messages key or an error code) and its text in the caller's language. */
export const importProblemSchema = z.object({
  line: z.number().int(),
  path: z.string().meta({ description: 'The column (a name of the format), or empty for the line as a whole.' }),
  rule: z.string(),
  message: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional().meta({ description: 'SupplierArticleAlreadyExists: {line} of the first line with that supplier and number.' }),
});

const count = z.number().int();

/** What the preview found: nothing is written yet. */
export const importPreviewSchema = z.object({
  importId: z.string(),
  fileName: z.string(),
  format: z.enum(['xlsx', 'csv']),
  lines: count.meta({ description: 'Lines of the file (the header and blank lines not counted).' }),
  valid: count.meta({ description: 'Lines that pass every check: a run writes these.' }),
  creates: count.meta({ description: 'Valid lines that make a new article.' }),
  updates: count.meta({ description: "Valid lines that change one of the company's offers (and its article)." }),
  unchanged: count.meta({ description: 'Valid lines that say what is stored already.' }),
  invalid: count.meta({ description: 'Lines with at least one problem: not written.' }),
  columns: z.array(z.enum(PRODUCT_SHEET_COLUMNS)).meta({ description: "The header's columns the format knows, in the file's order." }),
  ignoredColumns: z.array(z.string()).meta({ description: 'Header cells the format does not know: ignored.' }),
  errors: z.array(importProblemSchema).meta({ description: 'The first 200 problems, by line.' }),
  errorCount: count.meta({ description: 'Every problem found.' }),
  sample: z.array(z.object({ line: count, values: z.record(z.string(), z.string()) })).meta({ description: 'The first lines as read, by column.' }),
});

/** Where an import stands and what its run did. */
export const importStatusSchema = z.object({
  importId: z.string(),
  fileName: z.string().nullable(),
  status: z.enum(Object.keys(PRODUCT_IMPORT_STATUSES) as [ProductImportStatus, ...ProductImportStatus[]]),
  total: count.meta({ description: 'Lines of the file.' }),
  valid: count.meta({ description: 'Valid lines at the preview.' }),
  done: count.meta({ description: 'Lines handled by the run so far (written, unchanged or refused), in file order.' }),
  created: count, updated: count, unchanged: count, refused: count,
  refusals: z.array(importProblemSchema).meta({ description: 'The first 200 problems of the lines the run refused.' }),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});

export const productImportContracts = contractsOf(productImports, {
  preview: {
    method: 'POST', path: '/product-management/import/preview', access: access.customer('product-management', 'C', 'W'),
    summary: `Beyond the spec (issue 28): reads a spreadsheet of the acting company's own articles (multipart/form-data: file; an .xlsx, its first sheet, or a .csv with ; or , in UTF-8; at most ${CONSTANTS.productImportMaxMb} MB: 413 FileTooLarge; another kind of file 415 FileTypeNotAllowed; at most ${CONSTANTS.productImportMaxLines} lines: 422 ProductImportTooManyLines; no header with articleNumberSupplier and supplier: 422 ProductImportUnreadable) off the server's thread, checks every line with the product management calls' rules (the model's schemas, the supplier, category and marketplace named, the EAN check digit, a supplier and number twice in the file), keeps it under a new import id and answers what a run would do, with each line's problems in the caller's language. Nothing is written to the articles. Columns: ${PRODUCT_SHEET_COLUMNS.join(', ')}.`,
    multipart: z.object({ file: filePart(`The spreadsheet (.xlsx or .csv), at most ${CONSTANTS.productImportMaxMb} MB.`) }),
    response: importPreviewSchema,
    errors: ['FileRequired', 'FileEmpty', 'FileTypeNotAllowed', 'FileTooLarge', 'ProductImportUnreadable', 'ProductImportTooManyLines'],
  },
  run: {
    method: 'POST', path: '/product-management/import/{importId}/run', access: access.customer('product-management', 'C', 'W'),
    summary: "Beyond the spec (issue 28): writes the valid lines of a previewed import as a background job (productImports.run), in chunks of one transaction each; lines with problems are not written. Once: a second run is ProductImportAlreadyRun (409); another company's import is ProductImportNotFound. Answers the import's status (queued).",
    body: z.object({}).nullish(),
    response: importStatusSchema,
    errors: ['ProductImportNotFound', 'ProductImportAlreadyRun'],
  },
  status: {
    method: 'GET', path: '/product-management/import/{importId}', access: access.customer('product-management', 'R'),
    summary: "Beyond the spec (issue 28): where an import of the acting company stands (previewed, queued, running, done, failed), its progress (done of total lines) and what it did (created, updated, unchanged, refused with the problems in the caller's language).",
    response: importStatusSchema,
    errors: ['ProductImportNotFound'],
  },
  export: {
    method: 'GET', path: '/product-management/export.xlsx', access: access.customer('product-management', 'R'),
    summary: "Beyond the spec (issue 28): the acting company's own articles as the product management list filters them (GET /product-management's query; page and pageSize ignored: every match) as an .xlsx in the import's format, one line per offer (of the supplier and number filtered, when given), streamed; an exported file imported again changes nothing.",
    query: productManagementQuery,
    response: binaryAnswer(XLSX_TYPE, 'The spreadsheet, offered as articles-<date>.xlsx.'),
  },
});
