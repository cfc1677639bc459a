/**
 * Texts of the background tasks page (/ycAdmin/cron: the admin task calls of core §7), in Dutch.
 * English and French: tasks.en.ts and tasks.fr.ts, typed by this Dutch tree, so a key forgotten in
 * one language fails to compile; they travel with the admin tier (../packs/*-admin.ts).
 */
export const nl = {
  tasks: {
    intro: 'Het werk dat de server op de achtergrond doet: wanneer het loopt, hoe het de laatste keer afliep, en de taken die je nu zelf kan starten.',
    task: 'Taak',
    schedule: 'Planning',
    lastRun: 'Laatste uitvoering',
    runningNow: 'Nu bezig',
    actions: 'Acties',
    noSchedule: 'Bij elke wijziging die ze nodig heeft',
    neverRan: 'Nog niet uitgevoerd',
    unfinished_one: '{{count}} niet afgerond',
    unfinished_other: '{{count}} niet afgerond',
    none: 'Geen',
    run: 'Nu uitvoeren',
    runTitle: '{{name}} nu uitvoeren?',
    runText: 'De taak wordt meteen in de wachtrij gezet en loopt zodra een verwerker vrij is, los van haar planning.',
    runConfirm: 'Uitvoeren',
    startedToast: '{{name}} is gestart.',
    notRunnable: 'Start vanzelf',
    logs: 'Logboek',
    logsTitle: 'Logboek: {{name}}',
    logsIntro: 'De laatste {{count}} uitvoeringen, de nieuwste eerst.',
    noLogs: 'Deze taak werd nog niet uitgevoerd (of haar uitvoeringen zijn al opgeruimd).',
    refresh: 'Vernieuwen',
    close: 'Sluiten',
    runningTitle: 'Nu bezig of wachtend',
    noneRunning: 'Er loopt of wacht nu geen enkele taak.',
    createdOn: 'Aangemaakt',
    startedOn: 'Gestart',
    completedOn: 'Beëindigd',
    duration: 'duurde {{seconds}} s',
    waitsUntil: 'Wacht tot {{time}}',
    attempt: 'Poging {{attempt}} van {{of}}',
    byHand: 'Met de hand gestart door {{name}}',
    byQueue: 'Gepland of door een wijziging',
    result: 'Resultaat',
    error: 'Fout',
    state: {
      created: 'Wachtend',
      retry: 'Wacht op nieuwe poging',
      active: 'Bezig',
      completed: 'Voltooid',
      cancelled: 'Geannuleerd',
      failed: 'Mislukt',
    },
    resultKeys: {
      sent: 'Verzonden',
      value: 'Waarde',
    },
    every: {
      minute: 'Elke minuut',
      minutes: 'Elke {{count}} minuten',
      hour: 'Elk uur, {{minute}} minuten na het uur',
      day: 'Elke dag om {{time}}',
      workday: 'Elke werkdag om {{time}}',
      weekday: 'Elke {{day}} om {{time}}',
    },
    timezone: 'tijdzone {{zone}}',
    failed: {
      list: 'Fout bij het opvragen van de taken',
      run: 'Fout bij het uitvoeren van een taak',
      logs: 'Fout bij het opvragen van het logboek van de taak',
    },
  },
};

export type TasksMessages = typeof nl;
