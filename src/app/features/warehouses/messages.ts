/**
 * Texts of warehouse management and stock (/warehouse-management, /warehouse-management/{id},
 * /warehouse-management/stock, /stock and the order's stock updates tab). They render inside
 * react-admin, so they travel in the admin tier (packs/*-admin.ts). English and French: stock.en.ts
 * and stock.fr.ts, typed by this Dutch tree. Field names, restock settings and movement kinds are
 * the model's (resources.warehouses.*, resources.warehouse-instances.*, resources.stock-movements.*).
 */
export const nl = {
  stock: {
    warehouses: {
      title: 'Magazijnen',
      help: 'De magazijnen van je bedrijf met hun artikelen, voorraad en herbevoorrading.',
      search: 'Zoek op naam',
      empty: 'Er zijn nog geen magazijnen.',
      count_one: '{{count}} magazijn',
      count_other: '{{count}} magazijnen',
      add: 'Magazijn toevoegen',
      created: 'Magazijn toegevoegd.',
      noDepartment: 'Geen afdeling',
      listFailed: 'De magazijnen konden niet geladen worden.',
      toStock: 'Voorraadoverzicht',
    },
    warehouse: {
      back: 'Magazijnen',
      loadFailed: 'Het magazijn kon niet geladen worden.',
      department: 'Afdeling: {{name}}',
      restock: 'Herbevoorrading: {{setting}}',
      articles: 'Artikelen',
      noArticles: 'Dit magazijn houdt nog geen artikelen bij.',
      addArticle: 'Artikel toevoegen',
      added: 'Artikel toegevoegd aan het magazijn.',
      saved: 'Wijzigingen bewaard.',
      removed: 'Artikel uit het magazijn gehaald.',
      edit: 'Wijzigen',
      remove: 'Verwijderen',
      removeConfirm: 'Dit artikel uit het magazijn halen? De historiek blijft bewaard.',
      editTitle: '{{article}} in {{warehouse}}',
      generate: 'Barcode genereren',
      save: 'Bewaren',
      cancel: 'Annuleren',
      belowMinimum: 'Onder minimum',
      activity: 'Activiteit',
      noActivity: 'Nog geen voorraadbewegingen.',
      activityFailed: 'De activiteit kon niet geladen worden.',
      stockAfter: 'voorraad {{stock}}',
      autoRestockHelp: 'Wie dit aanzet, bestelt de herbevoorrading in de naam van de afdeling van het magazijn.',
    },
    overview: {
      title: 'Voorraad',
      help: 'Alle artikelen in de magazijnen van je bedrijf en hun voorraad.',
      articleName: 'Artikelnaam',
      articleNumber: 'Artikelnummer',
      warehouse: 'Magazijn',
      allWarehouses: 'Alle magazijnen',
      restockSetting: 'Herbevoorrading',
      allSettings: 'Alle instellingen',
      depletedSince: 'Onder minimum sinds',
      empty: 'Geen artikelen gevonden.',
      count_one: '{{count}} artikel',
      count_other: '{{count}} artikelen',
      listFailed: 'De voorraad kon niet geladen worden.',
    },
    orderUpdates: {
      title: 'Voorraadupdates',
      empty: 'De leveringen van deze bestelling veranderden nog geen voorraad.',
      failed: 'De voorraadupdates konden niet geladen worden.',
      line: '{{quantity}} × {{article}} in {{warehouse}}',
    },
  },
};

export type StockMessages = typeof nl;
