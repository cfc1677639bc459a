/**
 * Texts of the bulk import and export of a company's own articles (issue 28: ProductImportDialog,
 * the export button's label). They render on the product management page, inside react-admin, so they
 * travel in the admin tier (packs/*-admin.ts). English and French: messages.en.ts and
 * messages.fr.ts, typed by this Dutch tree. A line's problem is the model's own text for its rule
 * (validation.messages.*, ErrorMessage.*).
 */
export const nl = {
  productImport: {
    open: 'Importeren',
    title: 'Artikelen importeren uit een spreadsheet',
    help: 'Laad een .xlsx (het eerste blad) of een .csv (velden gescheiden door ; of ,, in UTF-8) op met een kopregel met de kolomnamen en daaronder één lijn per aanbod. Een lijn met de leverancier en het artikelnummer van een van je eigen artikelen werkt dat artikel bij; elke andere lijn maakt een nieuw artikel. Je ziet eerst wat er zou gebeuren: er wordt niets bewaard voor je op importeren klikt.',
    helpColumns: 'Kolommen: {{columns}}. Verplicht: articleNumberSupplier en supplier (naam, btw-nummer of id van een leverancier). category is het pad zoals de winkel het toont (Kantoor > Papier) of de id; available ja of nee. Een lege cel wist de waarde, een weggelaten kolom verandert niets. Tip: exporteer je lijst, bewerk ze en importeer ze terug.',
    helpLimits: 'Hoogstens {{mb}} MB en {{lines}} lijnen per bestand.',
    choose: 'Bestand kiezen',
    chooseLabel: 'Spreadsheet met artikelen (.xlsx of .csv)',
    checking: 'Het bestand wordt gecontroleerd…',
    wrongType: 'Kies een .xlsx- of .csv-bestand.',
    tooLarge: 'Dit bestand is groter dan {{mb}} MB.',
    previewFailed: 'Het bestand kon niet gecontroleerd worden.',
    summary: '{{file}}: {{lines}} lijnen, {{valid}} in orde ({{creates}} nieuw, {{updates}} bijgewerkt, {{unchanged}} ongewijzigd) en {{invalid}} met fouten.',
    ignored: 'Deze kolommen kent de import niet en worden genegeerd: {{columns}}.',
    errorsTitle: 'Lijnen met fouten: die worden niet geïmporteerd',
    moreErrors: 'En nog {{count}} fouten verder in het bestand.',
    sameAsLine: 'zelfde als lijn {{line}}',
    line: 'Lijn',
    column: 'Kolom',
    problem: 'Probleem',
    sampleTitle: 'Eerste lijnen zoals gelezen',
    noValid: 'Geen enkele lijn is in orde: verbeter het bestand en laad het opnieuw op.',
    run_one: '{{count}} geldige lijn importeren',
    run_other: '{{count}} geldige lijnen importeren',
    otherFile: 'Ander bestand',
    runFailed: 'De import kon niet gestart worden.',
    queued: 'De import staat in de wachtrij…',
    progress: '{{done}} van {{total}} lijnen verwerkt',
    progressLabel: 'Voortgang van de import',
    statusFailed: 'De voortgang kon niet gelezen worden.',
    done: 'De import is klaar.',
    failed: 'De import is mislukt. Wat al geschreven was, blijft bewaard: laad het bestand opnieuw op om de rest te importeren.',
    result: '{{created}} aangemaakt, {{updated}} bijgewerkt, {{unchanged}} ongewijzigd, {{refused}} geweigerd.',
    refusedTitle: 'Geweigerde lijnen',
    close: 'Sluiten',
    cancel: 'Annuleren',
    export: 'Exporteren (.xlsx)',
  },
};

export type ProductImportMessages = typeof nl;
