/**
 * Texts of the suppliers pages (/suppliers, /suppliers/{id}, /supplier/create, /supplier/edit/{id}).
 * They render inside react-admin, so they travel in the admin tier (packs/*-admin.ts). English and
 * French: suppliers.en.ts and suppliers.fr.ts, typed by this Dutch tree. Field names are the model's
 * (resources.suppliers.fields.*, resources.order-pdf-settings.fields.*).
 */
export const nl = {
  suppliers: {
    list: {
      title: 'Leveranciers',
      help: 'De leveranciers van het platform waarbij je bedrijf bestelt, en de eigen leveranciers van je bedrijf.',
      search: 'Zoek op naam, btw-nummer of e-mail',
      onlyOwn: 'Alleen eigen leveranciers',
      create: 'Leverancier aanmaken',
      empty: 'Geen leveranciers gevonden.',
      count_one: '{{count}} leverancier',
      count_other: '{{count}} leveranciers',
      listFailed: 'De leveranciers konden niet geladen worden.',
      own: 'Eigen leverancier',
      platform: 'Platformleverancier',
      inactive: 'Niet actief',
      shipping: 'Verzending {{cost}}',
      freeFrom: 'gratis vanaf {{amount}}',
      freeShipping: 'Gratis verzending',
    },
    detail: {
      back: 'Leveranciers',
      loadFailed: 'De leverancier kon niet geladen worden.',
      edit: 'Bewerken',
      contact: 'Contact',
      delivery: 'Levering',
      finance: 'Financieel budget',
      period: '{{start}} tot {{end}}',
      none: '–',
      budgetReference: {
        title: 'Budgetreferentie van je bedrijf',
        help: 'Hoe je bedrijf deze leverancier boekt: de budgetreferentie en de afdelingen en projecten die bij hem bestellen.',
        reference: 'Budgetreferentie',
        departments: 'Afdelingen',
        projects: 'Projecten',
        save: 'Budgetreferentie opslaan',
        saved: 'Budgetreferentie opgeslagen.',
      },
      pdf: {
        title: 'Bestel-pdf',
        help: 'Wat de pdf van een bestelling bij deze leverancier boven de bestelling, aan de leverancier en onderaan elke pagina zegt.',
        save: 'Bestel-pdf opslaan',
        saved: 'Bestel-pdf opgeslagen.',
      },
    },
    form: {
      createTitle: 'Eigen leverancier aanmaken',
      editTitle: 'Leverancier bewerken',
      cancel: 'Annuleren',
    },
  },
};

export type SupplierMessages = typeof nl;
