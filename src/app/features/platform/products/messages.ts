/**
 * Texts of the platform admin's product management (/ycAdmin/product-management and its articles:
 * AdminProductsPage.tsx, AdminProductPage.tsx), in Dutch; the field labels are the model's
 * (resources.articles, resources.supplier-articles). English and French: messages.en.ts and
 * messages.fr.ts, typed by this tree; they travel with the admin tier (i18n/packs/*-admin.ts).
 */
export const nl = {
  adminProducts: {
    intro: 'Alle artikelen van het platform, met hun gegevens en de aanbiedingen van de leveranciers.',
    search: 'Zoek op merk, EAN of PN-nummer',
    all: 'Alle',
    yes: 'Ja',
    no: 'Nee',
    availability: { yes: 'Beschikbaar', no: 'Niet beschikbaar' },
    empty: 'Geen artikelen gevonden.',
    newArticle: 'Nieuw artikel',
    create: 'Aanmaken',
    cancel: 'Annuleren',
    back: 'Terug naar productbeheer',
    article: 'Artikelgegevens',
    descriptions: 'Omschrijvingen',
    classification: 'Indeling',
    save: 'Opslaan',
    saved: 'Het artikel is opgeslagen.',
    noCategory: 'Geen categorie',
    noMarketplace: 'Geen marktplaats',
    images: {
      title: 'Afbeeldingen',
      saved: 'De afbeeldingen zijn opgeslagen.',
      noOffer: 'Een afbeelding wordt opgeladen via een aanbieding van dit artikel, en het heeft er nog geen. Voeg hieronder eerst een aanbieding toe; daarna kan je hier afbeeldingen opladen.',
    },
    attributes: { add: 'Kenmerk toevoegen' },
    offers: {
      title: 'Aanbiedingen',
      none: 'Nog geen leverancier biedt dit artikel aan.',
      add: 'Aanbieding toevoegen',
      addTitle: 'Aanbieding toevoegen',
      editTitle: 'Aanbieding {{number}} wijzigen',
      edit: 'Wijzigen',
      editOf: 'Aanbieding {{number}} wijzigen',
      added: 'De aanbieding is toegevoegd.',
      saved: 'De aanbieding is opgeslagen.',
      reindex: 'Opnieuw indexeren',
      reindexOf: 'Aanbieding {{number}} opnieuw indexeren',
      reindexed: 'Aanbieding {{number}} wordt opnieuw in de zoekindex geschreven.',
      productLink: 'Productpagina',
      productLinkOf: 'Productpagina van {{number}} bij de leverancier',
      open: 'Openen: {{url}}',
      perQuantity: 'per {{count}}',
      actions: 'Acties',
      failed: 'De aanbiedingen konden niet geladen worden.',
    },
    prices: {
      title: 'Prijs per aanbieding',
      intro: 'Wat een koper betaalt, verzending inbegrepen; de goedkoopste eerst.',
      quantity: 'Aantal',
      quantityHelp: 'Leeg: de minimale bestelhoeveelheid van elke aanbieding',
      unitPrice: 'Eenheidsprijs (excl. btw)',
      shipping: 'Verzending',
      totalIncl: 'Totaal (incl. btw)',
      cheapest: 'Goedkoopst',
      none: 'Geen prijzen: dit artikel heeft nog geen aanbiedingen.',
      failed: 'De prijzen konden niet berekend worden.',
    },
    template: {
      title: 'URL-sjabloon testen',
      intro: 'Een productlink van een leverancier, bv. https://shop.example.com/p/{articleNumber}; toegelaten zijn {articleNumber}, {ean}, {pnNumber} en {supplierId}.',
      template: 'Sjabloon',
      offer: 'Invullen met aanbieding',
      noOffer: 'Geen (alleen de plaatshouders)',
      test: 'Testen',
      placeholders: 'Plaatshouders: {{list}}',
      noPlaceholders: 'Dit sjabloon heeft geen plaatshouders.',
      url: 'Ingevuld: {{url}}',
    },
  },
};

export type AdminProductsMessages = typeof nl;
