import { FEATURES } from '../../../../model/catalogue/features';

/**
 * Texts of the platform admin's customer pages: the registrations (/ycAdmin/customer-registrations,
 * /ycAdmin/customer-registration-details/{id}) and the customer's page panel (block, features,
 * users). They render inside react-admin: the admin tier (packs/*-admin.ts). English and French:
 * customers.en.ts and customers.fr.ts, typed by this Dutch tree. Field names are the model's
 * (resources.pending-customer-registrations.fields.*).
 */
export const nl = {
  customerRegistrations: {
    title: 'Klantregistraties',
    help: 'Bedrijven die zich registreerden. Kijk hun gegevens na en valideer ze: dan wordt het bedrijf aangemaakt, wordt wie registreerde er beheerder en krijgt die een welkomstmail.',
    status: 'Status',
    pending: 'Wachtend',
    approved: 'Gevalideerd',
    all: 'Alle',
    search: 'Zoeken',
    country: 'Land',
    allCountries: 'Alle landen',
    empty: 'Er zijn geen registraties die hierbij passen.',
    open: 'Openen',
    registeredOn: 'Geregistreerd op {{date}}',
    vatKnown: 'Er bestaat al een klant met dit btw-nummer: {{name}}.',
    domainKnown: 'Het e-maildomein van de gebruiker is dat van klant {{name}}.',
    nothingKnown: 'Het platform kent dit bedrijf en dit e-maildomein nog niet.',
    validate: 'Valideren',
    validated: 'Gevalideerd: het bedrijf is aangemaakt en de gebruiker kreeg een welkomstmail.',
    toCustomer: 'Naar de klant',
    save: 'Opslaan',
    saved: 'De registratie is bijgewerkt.',
    loadFailed: 'De registratie kon niet worden geladen.',
    listFailed: 'De registraties konden niet worden geladen.',
  },
  customerPanel: {
    users: 'Gebruikers met toegang: {{count}}',
    blocked: 'Dit bedrijf is geblokkeerd.',
    block: 'Blokkeren',
    unblock: 'Deblokkeren',
    featuresTitle: 'Functies',
    saveFeatures: 'Functies opslaan',
    saved: 'De klant is bijgewerkt.',
    features: {
      budgets: 'Budgetten', ycoin: 'Virtuele munt', quotes: 'Offertes', smartStock: 'Slimme voorraad', easyStock: 'Magazijnbeheer',
      orderTemplates: 'Bestelsjablonen', chatBot: 'Chatbot', contracts: 'Contracten', government: 'Overheid', orderForm: 'Bestelformulier',
      searchOrders: 'Bestellingen zoeken', orderRequest: 'Bestelaanvraag', labels: 'Labels', deliveries: 'Leveringen', invoices: 'Facturen',
      oneTimeAddresses: 'Eenmalige adressen', extraSupplierOrderInfo: 'Extra info leveranciersbestelling', clicx: 'Clicx',
    } satisfies Record<(typeof FEATURES)[number], string>,
  },
};
export type CustomerMessages = typeof nl;
