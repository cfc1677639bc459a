/**
 * Texts of the reporting pages (/reporting, /ycAdmin/reporting: flows §1, §5 Reports). They render
 * inside react-admin, so they travel in the admin tier (packs/*-admin.ts). English and French:
 * reporting.en.ts and reporting.fr.ts, typed by this Dutch tree. The period's message is the error
 * catalogue's (ErrorMessage.invalidReportPeriod); export statuses are the model's
 * (resources.export-requests.choices.status).
 */
export const nl = {
  reporting: {
    intro: 'Cijfers over je bestellingen, leveringen en leveranciers in een periode. De startdatum telt mee, de einddatum niet; zonder datums zie je alles, met enkel een startdatum tot en met vandaag.',
    adminIntro: 'Dezelfde cijfers voor één klant of voor alle klanten van deze omgeving.',
    period: 'Periode',
    startDate: 'Startdatum',
    endDate: 'Einddatum (niet inbegrepen)',
    customer: 'Klant',
    allCustomers: 'Alle klanten',
    show: 'Toon',
    loadFailed: 'De rapportering kon niet geladen worden.',
    noReports: 'Er zijn geen gegevens voor deze periode.',
    shownPeriod: 'Periode: {{period}}',
    allData: 'alle gegevens',
    from: 'vanaf {{day}}',
    until: 'tot en met {{day}}',
    orders: 'Bestellingen',
    ordersCount: 'Aantal bestellingen',
    totalExcl: 'Totaal excl. btw',
    totalIncl: 'Totaal incl. btw',
    perMonth: 'Bestellingen per maand (excl. btw)',
    perStatus: 'Per status',
    perDepartment: 'Per afdeling',
    noDepartment: 'Zonder afdeling',
    status: 'Status',
    count: 'Aantal',
    amount: 'Bedrag excl. btw',
    suppliers: 'Uitgaven per leverancier',
    supplier: 'Leverancier',
    supplierOrders: 'Leveranciersbestellingen',
    spendExcl: 'Uitgaven excl. btw',
    deliveries: 'Leveringen',
    deliveriesCount: 'Aantal leveringen',
    withProblems: 'Met problemen',
    averageLeadDays: 'Gemiddelde levertijd',
    maxLeadDays: 'Langste levertijd',
    days: '{{days}} d',
    problems: 'Problemen per soort',
    chartLoading: 'Grafiek wordt geladen…',
    exports: 'Exporteren',
    exportText: 'Vraag een export van deze periode aan: je krijgt binnen enkele minuten een spreadsheet per e-mail. Er kunnen hoogstens {{max}} exports tegelijk in de wachtrij staan.',
    requestExport: 'Export aanvragen',
    exportQueued: 'Je export staat in de wachtrij. Je krijgt hem per e-mail.',
    myExports: 'Mijn exports',
    noExports: 'Je vroeg nog geen exports aan.',
    requestedAt: 'Aangevraagd',
    rows: '{{rows}} rijen',
    refresh: 'Vernieuwen',
  },
};

export type ReportingMessages = typeof nl;
