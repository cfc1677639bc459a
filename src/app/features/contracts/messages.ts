/**
 * Texts of the contract pages (/contracts, create, detail, edit, /contract-configuration). They render
 * inside react-admin, so they travel in the admin tier (packs/*-admin.ts). English and French:
 * contracts.en.ts and contracts.fr.ts, typed by this Dutch tree. Statuses and field names are the
 * model's (resources.contracts.*); the rules' messages are the error catalogue's (ErrorMessage.*).
 */
export const nl = {
  contracts: {
    title: 'Contracten',
    help: 'De contracten van je bedrijf met hun looptijd, verlengingen, budgetten en bestanden.',
    create: 'Contract aanmaken',
    createTitle: 'Contract aanmaken',
    editTitle: 'Contract bewerken',
    edit: 'Bewerken',
    filters: 'Filters',
    search: 'Zoeken (nummer of titel)',
    allStatuses: 'Alle statussen',
    any: 'Alle',
    empty: 'Er zijn geen contracten die hierbij passen.',
    count_one: '{{count}} contract',
    count_other: '{{count}} contracten',
    listFailed: 'Fout bij het ophalen van de contracten',
    loadFailed: 'Het contract kon niet geladen worden.',
    uploadFailed: 'Het bestand kon niet opgeladen worden.',
    cancelBy: 'Opzeggen tot {{date}}',
    none: '(geen)',
    amount: 'Bedrag',
    budgetEstimation: 'Geraamd budget',
    extraFiles: 'Extra bestanden (PDF of Excel)',
    notificationHelp: 'Deze adressen krijgen een bericht vóór de uiterste opzegdatum.',
    extensionLine: 'Tot {{end}}, budget {{budget}}, opzeggen tot {{cancel}}',
    groups: { General: 'Algemeen', Financial: 'Financieel', SLA: 'SLA', Extra: 'Extra' },
    types: {
      input: 'Tekstveld', number: 'Getal', textbox: 'Tekstvak', date: 'Datum', attachments: 'Bijlagen', select: 'Keuzelijst',
      users: 'Gebruikers', department: 'Afdeling', budgets: 'Budgetten', extension: 'Verlenging', cancellationDate: 'Uiterste opzegdatum',
    },
    config: {
      title: 'Contractconfiguratie',
      help: 'Kies welke velden je contracten hebben, in welke groep, van welk soort en of ze verplicht zijn.',
      name: 'Naam van het veld',
      type: 'Soort',
      group: 'Groep',
      required: 'Verplicht',
      options: 'Keuzes',
      optionsHelp: 'Eén keuze per regel.',
      onlyOne: 'Dit soort veld kan maar één keer voorkomen.',
      add: 'Veld toevoegen aan {{group}}',
      remove: '{{name}} verwijderen',
      newField: 'Nieuw veld',
      save: 'Indeling opslaan',
      saved: 'De indeling is opgeslagen.',
      saveFailed: 'De indeling kon niet opgeslagen worden.',
      fix: 'Geef elk veld een naam en los de fouten hieronder op.',
    },
  },
};

export type ContractMessages = typeof nl;
