import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ProductImportDialog } from '../../../src/app/features/product-import/ProductImportDialog';
import { ExportButton } from '../../../src/app/common/ui/ExportButton';
import { productImportsExport } from '../../../generated/app/calls/product-imports.gen';
import { writeSession } from '../../../src/app/session/store';
import type { RecordedCall } from '../helpers';
import { eachTestAMinuteLater, renderShop, signedIn } from './harness';

/**
 * The bulk import and export of a company's own articles (issue 28): the dialog's flow (a file
 * chosen → the server's check with each faulty line in the user's language → the import started →
 * its progress read until it is done → what it did) and the export button's download with the
 * list's filters.
 */

const ID = 'a0000000-0000-4000-8000-0000000000aa';
const PREVIEW = {
  importId: ID, fileName: 'artikelen.csv', format: 'csv', lines: 5, valid: 3, creates: 2, updates: 1, unchanged: 0, invalid: 2,
  columns: ['articleNumberSupplier', 'supplier', 'title_nl', 'price'], ignoredColumns: ['Opmerking'],
  errors: [
    { line: 3, path: 'price', rule: 'numerical', message: 'Digits only, with an optional decimal comma.' },
    { line: 5, path: 'articleNumberSupplier', rule: 'SupplierArticleAlreadyExists', message: 'x', params: { line: 2 } },
  ],
  errorCount: 2,
  sample: [{ line: 2, values: { articleNumberSupplier: 'MAP-1', supplier: 'Papier NV', title_nl: 'Map blauw', price: '2.50' } }],
};
const status = (over: Record<string, unknown>) => ({
  importId: ID, fileName: 'artikelen.csv', status: 'queued', total: 5, valid: 3, done: 0, created: 0, updated: 0, unchanged: 0, refused: 0, refusals: [],
  createdAt: '2030-01-15T09:00:00Z', startedAt: null, finishedAt: null, ...over,
});

function as(permissions: string[]) {
  signedIn();
  writeSession({ permissions: { customerId: 'c1', permissions } } as never);
}

const choose = (input: HTMLElement, name: string, type = 'text/csv') =>
  fireEvent.change(input, { target: { files: [new File(['articleNumberSupplier;supplier\nMAP-1;Papier NV\n'], name, { type })] } });

eachTestAMinuteLater('2030-01-15T09:00:00Z');

describe('ProductImportDialog', () => {
  it('checks the chosen file, shows each faulty line translated, imports the valid lines and follows the run to its end', async () => {
    as(['product-management:RWC']);
    const previews: RecordedCall[] = [];
    const runs: RecordedCall[] = [];
    let reads = 0;
    await renderShop(<ProductImportDialog open onClose={() => undefined} />, (call) => {
      const path = call.url.pathname;
      if (path === '/api/product-management/import/preview' && call.method === 'POST') {
        previews.push(call);
        return { body: PREVIEW };
      }
      if (path === `/api/product-management/import/${ID}/run` && call.method === 'POST') {
        runs.push(call);
        return { body: status({}) };
      }
      if (path === `/api/product-management/import/${ID}`) {
        reads += 1;
        if (reads === 1) return { body: status({ status: 'running', done: 2, created: 1 }) };
        return { body: status({ status: 'done', done: 5, created: 2, updated: 1, refused: 2, finishedAt: '2030-01-15T09:01:00Z', refusals: PREVIEW.errors }) };
      }
      return undefined;
    });

    const dialog = await screen.findByRole('dialog', { name: 'Artikelen importeren uit een spreadsheet' }, { timeout: 15_000 });
    // The format is told: the columns and the limits.
    expect(within(dialog).getByText(/Kolommen: articleNumberSupplier, supplier, title_nl/)).toBeInTheDocument();
    expect(within(dialog).getByText(/Hoogstens 10 MB/)).toBeInTheDocument();

    // A file that is no spreadsheet stays here.
    choose(within(dialog).getByLabelText('Spreadsheet met artikelen (.xlsx of .csv)'), 'offerte.pdf', 'application/pdf');
    expect(await within(dialog).findByText('Kies een .xlsx- of .csv-bestand.')).toBeInTheDocument();
    expect(previews).toHaveLength(0);

    choose(within(dialog).getByLabelText('Spreadsheet met artikelen (.xlsx of .csv)'), 'artikelen.csv');
    expect(await within(dialog).findByText('artikelen.csv: 5 lijnen, 3 in orde (2 nieuw, 1 bijgewerkt, 0 ongewijzigd) en 2 met fouten.')).toBeInTheDocument();
    // Sent as a multipart form with the file.
    expect((previews[0]!.form?.get('file') as File).name).toBe('artikelen.csv');
    const errors = within(dialog).getByRole('table', { name: 'Lijnen met fouten: die worden niet geïmporteerd' });
    const rows = within(errors).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
    // The problems in the user's language (the model's texts for the rules), whatever the server wrote.
    expect(rows).toEqual([
      ['3', 'price', 'Enkel cijfers, met een optionele komma.'],
      ['5', 'articleNumberSupplier', 'Dit leveranciersartikelnummer bestaat al. (zelfde als lijn 2)'],
    ]);
    expect(within(dialog).getByText('Deze kolommen kent de import niet en worden genegeerd: Opmerking.')).toBeInTheDocument();
    expect(within(within(dialog).getByRole('table', { name: 'Eerste lijnen zoals gelezen' })).getByText('Map blauw')).toBeInTheDocument();

    fireEvent.click(within(dialog).getByRole('button', { name: '3 geldige lijnen importeren' }));
    expect(await within(dialog).findByText('2 van 5 lijnen verwerkt', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(within(dialog).getByRole('progressbar', { name: 'Voortgang van de import' })).toHaveAttribute('aria-valuenow', '40');
    expect(runs).toHaveLength(1);
    expect(await within(dialog).findByText(/De import is klaar\. 2 aangemaakt, 1 bijgewerkt, 0 ongewijzigd, 2 geweigerd\./, {}, { timeout: 5000 })).toBeInTheDocument();
    const refused = within(dialog).getByRole('table', { name: 'Geweigerde lijnen' });
    expect(within(refused).getAllByRole('row')).toHaveLength(3);
    // Done: no more reads of the progress.
    const after = reads;
    await new Promise((r) => setTimeout(r, 1500));
    expect(reads).toBe(after);
    expect(within(dialog).getByRole('button', { name: 'Sluiten' })).toBeInTheDocument();
  }, 30_000);

  it('shows the server\'s refusal of a file in the user\'s language, and offers no import without a valid line', async () => {
    as(['product-management:RWC']);
    let answer: { status?: number; body: unknown } = { status: 413, body: { errorCode: 'FileTooLarge', message: 'The file is too large.' } };
    await renderShop(<ProductImportDialog open onClose={() => undefined} />, (call) => (call.url.pathname === '/api/product-management/import/preview' ? answer : undefined), { language: 'fr' });
    const dialog = await screen.findByRole('dialog', { name: 'Importer des articles depuis un tableur' }, { timeout: 15_000 });
    choose(within(dialog).getByLabelText("Tableur d'articles (.xlsx ou .csv)"), 'articles.csv');
    expect(await within(dialog).findByText('Le fichier est trop volumineux.')).toBeInTheDocument();

    answer = { body: { ...PREVIEW, valid: 0, creates: 0, updates: 0, invalid: 5 } };
    choose(within(dialog).getByLabelText("Tableur d'articles (.xlsx ou .csv)"), 'articles.csv');
    expect(await within(dialog).findByText("Aucune ligne n'est correcte : corrigez le fichier et téléversez-le à nouveau.")).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Importer 0 ligne valide' })).toBeDisabled();
  }, 30_000);
});

describe('the export button (ExportButton, as the product management page has it)', () => {
  it('downloads the list with its filters as the export call\'s query; a failure is said under the button', async () => {
    as(['product-management:R']);
    const createObjectURL = vi.fn(() => 'blob:export');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    let fail = false;
    const exports: RecordedCall[] = [];
    await renderShop(<ExportButton call={productImportsExport} query={{ name: 'map', supplierId: 's1', unavailable: 'include', sort: 'title' }} fileName="articles.xlsx" label="Exporteren (.xlsx)" />, (call) => {
      if (call.url.pathname !== '/api/product-management/export.xlsx') return undefined;
      exports.push(call);
      return fail ? { status: 502, body: {} } : { body: 'xlsx' };
    });
    try {
      fireEvent.click(await screen.findByRole('button', { name: 'Exporteren (.xlsx)' }, { timeout: 15_000 }));
      await waitFor(() => expect(clicked).toHaveBeenCalled());
      expect(Object.fromEntries(exports[0]!.url.searchParams)).toEqual({ name: 'map', supplierId: 's1', unavailable: 'include', sort: 'title' });
      expect(createObjectURL).toHaveBeenCalled();

      fail = true;
      fireEvent.click(screen.getByRole('button', { name: 'Exporteren (.xlsx)' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('De export kon niet gemaakt worden.');
    } finally {
      clicked.mockRestore();
    }
  }, 30_000);
});
