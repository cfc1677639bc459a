/**
 * Texts of the order form (/order-form), the order request (/order-request) and of what an order
 * placed through them shows on its page (the quotes, the files, completing a request). They render
 * inside react-admin, so they travel in the admin tier of messages (packs/*-admin.ts) and the light
 * marketplace pages never download them. English and French: order-form.en.ts and
 * order-form.fr.ts, typed by this Dutch tree.
 */
export const nl = {
  shop: {
    orderForm: {
      title: 'Bestelformulier',
      help: 'Vraag offertes op bij {{count}} leveranciers, vul ze hieronder in en kies de offerte waarmee je bestelt. De bestelling volgt daarna de gewone goedkeuring.',
      needTitle: 'Wat heb je nodig?',
      description: 'Omschrijving',
      descriptionHelp: 'Wat moet er besteld worden, en waarvoor?',
      about: 'Betreft',
      department: 'Afdeling',
      departmentHelp: 'Een afdeling waarvan je lid bent.',
      noDepartment: 'Je bent nog geen lid van een afdeling.',
      addDepartments: 'Afdelingen toevoegen',
      address: 'Leveringsadres',
      noAddress: 'Het adresboek is leeg: de bestelling krijgt geen leveringsadres.',
      quotesTitle: 'Offertes',
      quotesHelp: 'Vul elke offerte volledig in en kies er één.',
      quote: 'Offerte {{number}}',
      supplier: 'Leverancier',
      supplierHelp: 'Kies een bekende leverancier of typ een naam.',
      knownSupplier: 'Bekende leverancier',
      supplierEmail: 'E-mail leverancier',
      price: 'Prijs excl. btw',
      vat: 'Btw',
      vatRate: '{{rate}}%',
      file: 'Offerte',
      fileTypes: 'PDF, PNG of JPEG, tot {{max}} MB.',
      chooseFile: 'Bestand kiezen',
      replaceFile: 'Ander bestand',
      removeFile: 'Bestand verwijderen',
      uploading: '{{name}} wordt opgeladen: {{percent}}%',
      uploadFailed: '{{name}} kon niet opgeladen worden: {{reason}}',
      uploaded: 'Opgeladen: {{name}} ({{size}})',
      choose: 'Deze offerte kiezen',
      chosenGroup: 'Gekozen offerte',
      chooseOne: 'Kies de offerte waarmee je bestelt.',
      missing: 'Vul de gemarkeerde velden in.',
      submit: 'Bestelling plaatsen',
      placed: 'Bestelling {{number}} is geplaatst.',
      numerical: 'Een bedrag, zoals 125,50.',
      emailChange: {
        title: 'E-mailadres wijzigen?',
        text: 'Je wijzigt het e-mailadres van offerte {{number}} van {{from}} naar {{to}}.',
        confirm: 'Wijzigen',
        keep: 'Behouden',
      },
      detail: {
        description: 'Omschrijving',
        files: 'Bestanden van de bestelling',
        quotesTitle: 'Offertes',
        supplier: 'Leverancier',
        email: 'E-mail',
        price: 'Prijs excl. btw',
        vat: 'Btw',
        file: 'Offerte',
        chosen: 'Gekozen',
        chosenMark: 'Gekozen offerte',
      },
      complete: {
        title: 'Bedrag aanvullen',
        help: 'Deze aanvraag is onvolledig. Vul het geschatte bedrag aan om ze ter goedkeuring voor te leggen.',
        amount: 'Geschat bedrag excl. btw',
        submit: 'Aanvullen',
        done: 'De aanvraag is aangevuld en wacht op goedkeuring.',
      },
    },
    orderRequest: {
      title: 'Bestelaanvraag',
      help: 'Beschrijf wat je nodig hebt. Een document en een geschat bedrag zijn niet verplicht; zonder bedrag blijft de aanvraag onvolledig tot je het aanvult.',
      description: 'Wat heb je nodig?',
      file: 'Document (niet verplicht)',
      amount: 'Geschat bedrag excl. btw (niet verplicht)',
      department: 'Afdeling (niet verplicht)',
      noDepartment: 'Geen afdeling',
      submit: 'Aanvraag versturen',
      placed: 'Aanvraag {{number}} is verstuurd.',
    },
  },
};

export type OrderFormMessages = typeof nl;
