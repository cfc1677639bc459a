import { LANGUAGE_NAMES } from '../language';

/**
 * The app shell's general texts (errors, home, language and company choice, maintenance,
 * registration), in Dutch. Keys the spec names (errorQueryingSupplier, errorRetrevingLogged,
 * General.Error.getFailedMessage) keep its spelling. Each language's name is the same in every
 * language (LANGUAGE_NAMES: the language menu offers them before their pack is loaded).
 * English and French: app.en.ts and app.fr.ts, typed by this Dutch tree, so a key forgotten in one
 * language fails to compile; each language is loaded with its pack (../packs).
 */
export const nl = {
  app: {
    domainFallback: 'De instellingen van deze site konden niet worden geladen; de standaardinstellingen worden gebruikt.',
    common: { home: 'Naar de startpagina', loading: 'Laden' },
    list: { pageLabel: { first: 'Eerste pagina', last: 'Laatste pagina', next: 'Volgende pagina', previous: 'Vorige pagina' }, export: 'Exporteren', exportFailed: 'De export kon niet gemaakt worden.' },
    menu: { shop: 'Winkel', administration: 'Beheer', open: 'Menu openen', close: 'Menu sluiten' },
    userMenu: { label: 'Profiel', logout: 'Afmelden' },
    error: {
      status: 'Fout {{status}}',
      general: 'Er is een fout opgetreden.',
    },
    notFound: { title: 'Deze pagina kon niet worden gevonden' },
    unauthorized: {
      title: 'Je hebt geen toegang tot deze pagina',
      text: 'Denk je dat je deze pagina wel zou moeten zien? Vraag dan je beheerder om de nodige rechten.',
    },
    home: {
      title: 'Dashboard',
      greeting: 'Welkom, {{name}}',
      activeCompany: 'Je werkt voor {{company}}.',
      noCompany: 'Geen actieve klanttoegang gevonden',
    },
    language: {
      label: 'Taal',
      ...LANGUAGE_NAMES,
      saveFailed: 'Je taalkeuze kon niet worden bewaard.',
    },
    company: {
      switch: 'Wissel van bedrijf',
      alreadySelected: 'Dit bedrijf is al geselecteerd.',
      switched: 'Je werkt nu voor {{company}}.',
      choose: 'Kies het bedrijf waarvoor je werkt',
      none: 'Je hebt geen actieve toegang tot een bedrijf.',
    },
    maintenance: {
      title: 'We zijn even met onderhoud bezig',
      text: 'De webshop is tijdelijk niet beschikbaar. Probeer het straks opnieuw.',
    },
    registration: {
      title: 'Registreer je bedrijf',
      text: 'Je account is nog aan geen enkel bedrijf gekoppeld. In de registratiewizard vul je de gegevens van je bedrijf in; daarna kun je bestellen.',
      signOut: 'Afmelden',
    },
    session: {
      permissionsFailed: 'Je rechten konden niet worden geladen.',
    },
  },
  errorQueryingSupplier: 'De instellingen konden niet worden geladen.',
  errorRetrevingLogged: 'Fout bij het ophalen van de aangemelde gebruiker.',
  General: { Error: { getFailedMessage: 'De gegevens konden niet worden opgehaald.' } },
};

export type AppMessages = typeof nl;
