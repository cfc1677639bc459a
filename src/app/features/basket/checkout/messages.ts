/**
 * Texts of the basket page's checkout part (issue 4 "Basket"): gift-card details per line, department
 * and project, the one-time address, loyalty points with their discount preview, the budget, the supplier
 * notices and the problems the basket check lists before an order is placed. Field labels of the
 * postal address and the country names come from the model's generated labels
 * (resources.customer-addresses.*), so they read the same everywhere.
 * English and French: checkout.en.ts and checkout.fr.ts, typed by this Dutch tree, so a key
 * forgotten in one language fails to compile; each language is loaded with its pack (../packs).
 */
export const nl = {
  checkout: {
    giftCard: {
      legend: 'Cadeaubon: {{title}}',
      recipientName: 'Naam ontvanger',
      recipientEmail: 'E-mail ontvanger',
      message: 'Boodschap',
      value: 'Waarde in euro',
      save: 'Cadeaubon bewaren',
      saved: 'De gegevens van de cadeaubon zijn bewaard.',
      incomplete: 'Vul de naam en het e-mailadres van de ontvanger en een waarde boven 0 in; zonder die gegevens kan je niet bestellen.',
    },
    details: {
      department: 'Afdeling',
      project: 'Project',
      none: 'Geen',
      requestedDeliveryDateHelp: 'Optioneel: de leveranciers zien ze bij hun bestelling.',
    },
    address: {
      deliverTo: 'Leveren op',
      book: 'Een adres uit het adresboek',
      oneTime: 'Een eenmalig adres',
      oneTimeHeading: 'Eenmalig adres',
      use: 'Dit adres gebruiken',
      saved: 'Het eenmalige adres is bewaard.',
      incomplete: 'Vul minstens de straat, de postcode en de gemeente in.',
    },
    loyalty: {
      heading: 'Punten',
      balance_one: 'Je hebt {{count}} punt.',
      balance_other: 'Je hebt {{count}} punten.',
      points: 'In te zetten punten',
      preview_one: 'Korting: {{discount}} ({{count}} punt gebruikt)',
      preview_other: 'Korting: {{discount}} ({{count}} punten gebruikt)',
      apply: 'Punten inzetten',
      applied: 'De punten worden bij je bestelling verrekend.',
      totalAfter: 'Te betalen na korting',
      invalid: 'Geef een geheel aantal punten van 0 of meer.',
    },
    supplier: {
      addForFreeShipping: 'Bestel nog voor {{amount}} bij deze leverancier en de verzending is gratis.',
      belowMinimumBlocks: 'Zolang het minimumbedrag niet bereikt is, kan je niet bestellen.',
    },
    validate: {
      heading: 'Je bestelling kan nog niet geplaatst worden',
      line: '{{title}}: {{message}}',
      supplier: '{{supplier}}: {{message}}',
      minimumOrderPrice: '(minimum {{amount}})',
      tenderTotal: '(totaal bij deze leverancier: {{amount}})',
      balance: '(je hebt {{balance}} punten)',
      minOrderQuant_one: '(minimum {{count}} stuk)',
      minOrderQuant_other: '(minimum {{count}} stuks)',
      failed: 'Je winkelmandje kon niet gecontroleerd worden.',
    },
    orderedWithDiscount: 'Je bestelling {{number}} is geplaatst, met {{discount}} korting dankzij je punten.',
  },
};

export type CheckoutMessages = typeof nl;
