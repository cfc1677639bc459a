/**
 * Texts of an order's conversation, attachments, rating and reminders (the /order-detail/{id} tabs
 * communication, attachments, ratings and reminders; src/app/features/orders/OrderConversation.tsx and
 * its siblings) and of the unseen comments in the orders list. They render inside react-admin, so
 * they travel in the admin tier (packs/*-admin.ts), never with the light marketplace pages. English
 * and French: conversation.en.ts and conversation.fr.ts, typed by this Dutch tree. The tab labels
 * themselves are shop.orders.tabs.* (orders.ts).
 */
export const nl = {
  shop: {
    conversation: {
      title: 'Conversatie',
      empty: 'Er zijn nog geen berichten bij deze bestelling.',
      loadFailed: 'De conversatie kon niet geladen worden.',
      follow: 'Deze conversatie volgen',
      followHelp: 'Wie volgt, krijgt een e-mail bij elk nieuw bericht van iemand anders.',
      followed: 'Je volgt deze conversatie.',
      unfollowed: 'Je volgt deze conversatie niet meer.',
      message: 'Je bericht',
      send: 'Versturen',
      sent: 'Je bericht is verstuurd.',
      attach: 'Bestand toevoegen',
      attachHelp: 'PDF, afbeelding, Office-document, CSV of tekst, tot {{mb}} MB per bestand, hoogstens {{count}} bestanden.',
      uploading: '{{name}} wordt opgeladen…',
      removeFile: '{{name}} weghalen',
      download: '{{name}} downloaden',
      downloadFailed: 'Het bestand kon niet gedownload worden.',
      edit: 'Bewerken',
      editNamed: 'Je bericht van {{date}} bewerken',
      saved: 'Je bericht is aangepast.',
      delete: 'Verwijderen',
      deleteTitle: 'Bericht verwijderen?',
      deleteText: 'Je bericht en de bestanden erbij worden verwijderd.',
      deleted: 'Je bericht is verwijderd.',
      edited: 'bewerkt',
      you: 'Jij',
      someone: 'Onbekende gebruiker',
      new: 'Nieuw',
      unseen_one: '{{count}} nieuw bericht',
      unseen_other: '{{count}} nieuwe berichten',
      files_one: '{{count}} bestand',
      files_other: '{{count}} bestanden',
    },
    attachments: {
      title: 'Bijlagen',
      empty: 'Er zijn geen bijlagen bij deze bestelling.',
      fromConversation: 'Uit de conversatie',
      fromOrder: 'Bij de bestelling',
      byOn: '{{name}}, {{date}}',
    },
    ratings: {
      title: 'Beoordeling',
      score: 'Score',
      scoreOf: '{{score}} van 4',
      scoreHelp: 'Klik nogmaals op de gekozen ster voor 0.',
      chooseScore: 'Kies een score van 0 tot 4.',
      comment: 'Opmerking',
      submit: 'Beoordeling versturen',
      saved: 'Bedankt voor je beoordeling.',
      notYet: 'Je kan deze bestelling beoordelen zodra ze goedgekeurd is.',
      none: 'Deze bestelling is nog niet beoordeeld.',
      givenBy: 'Beoordeeld door {{name}} op {{date}}',
      once: 'Een bestelling wordt één keer beoordeeld.',
      loadFailed: 'De beoordeling kon niet geladen worden.',
    },
    reminders: {
      title: 'Herinneringen',
      help: 'Jouw herinneringen bij deze bestelling: je krijgt ze per e-mail op het gekozen moment. Anderen zien ze niet.',
      empty: 'Je hebt nog geen herinneringen bij deze bestelling.',
      loadFailed: 'De herinneringen konden niet geladen worden.',
      create: 'Nieuwe herinnering',
      editNamed: '{{title}} bewerken',
      day: 'Dag',
      time: 'Uur',
      next: 'Volgende keer: {{date}}',
      sentAll: 'Verstuurd op {{date}}',
      recurringEvery: 'Terugkerend: {{frequency}}',
      inFuture: 'Kies een moment in de toekomst.',
      timeFormat: 'Vul een uur in (UU:MM).',
      created: 'De herinnering is aangemaakt.',
      saved: 'De herinnering is bewaard.',
      deleted: 'De herinnering is verwijderd.',
    },
  },
};

export type ConversationMessages = typeof nl;
