/**
 * Texts of supplier orders (the admin's /ycAdmin/supplier-orders pages, the order's supplier-order
 * section, /supplier-orders/{gcsNumber}). They render inside react-admin, so they travel in the
 * admin tier (packs/*-admin.ts). English and French: fulfilment.en.ts and fulfilment.fr.ts, typed
 * by this Dutch tree. Statuses and field names are the model's (resources.supplier-orders.*).
 */
export const nl = {
  fulfilment: {
    supplierOrders: {
      mine: 'Mijn leveranciersbestellingen',
      mineHelp: 'De bestellingen die je leverancier kreeg: bevestig ze, volg ze op en lever.',
      allStatuses: 'Alle statussen',
      search: 'Zoek op nummer',
      empty: 'Er zijn geen leveranciersbestellingen die hierbij passen.',
      count: '{{count}} leveranciersbestellingen',
      title: 'Leveranciersbestellingen',
      none: 'Deze bestelling heeft nog geen leveranciersbestellingen: ze ontstaan wanneer de bestelling goedgekeurd is.',
      loadFailed: 'De leveranciersbestelling kon niet geladen worden.',
      lines: 'Lijnen',
      followUps: 'Opvolging',
      noFollowUps: 'Nog geen opvolging.',
      customer: 'Klant',
      supplier: 'Leverancier',
      newStatus: 'Nieuwe status',
      keepStatus: 'Status niet wijzigen',
      remark: 'Opmerking',
      remarkHelp: 'Verplicht wanneer het bestellen mislukt is: de reden.',
      add: 'Opvolging toevoegen',
      added: 'De opvolging is bewaard.',
      statusChange: '{{from}} → {{to}}',
      by: 'door {{name}}',
      open: 'Leveranciersbestelling {{number}} openen',
      toOrder: 'Naar bestelling {{number}}',
      reason: 'Reden: {{reason}}',
      comms: 'Communicatie met de leverancier',
      noComms: 'Nog niets naar de leverancier gestuurd.',
      commErrors: 'Fouten bij het versturen',
      commChannel: 'Kanaal',
      commEmail: 'E-mail',
      commManual: 'Manueel',
      commRecipient: 'Aan',
      commSubject: 'Onderwerp',
      commResult: 'Resultaat',
      commOk: 'Verzonden',
      commFailed: 'Mislukt',
      commAttempt: 'Poging',
      commWhen: 'Wanneer',
      commError: 'Fout',
      pdfView: 'Bestel-pdf bekijken',
      pdfDownload: 'Bestel-pdf downloaden',
      pdfFailed: 'De bestel-pdf kon niet geladen worden.',
    },
  },
};

export type FulfilmentMessages = typeof nl;
