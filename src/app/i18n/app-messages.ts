import type { Language } from '../../../model/dsl/i18n';
import { SHELL_MESSAGES } from './messages/shell';
import { SETTINGS_MESSAGES } from './messages/settings';
import { DASHBOARD_MESSAGES } from './messages/dashboard';
import { IMPERSONATION_MESSAGES } from './messages/impersonation';
import { ASSISTANT_MESSAGES } from './messages/assistant';
import { SHOP_MESSAGES } from './messages/shop';
import { CHECKOUT_MESSAGES } from './messages/checkout';

/**
 * Every visible text of the app shell's own pages, in the three interface languages. en and fr are
 * typed by the Dutch tree, so a key added in one language and forgotten in another fails to compile.
 * Keys the spec names (errorQueryingSupplier, errorRetrevingLogged, General.Error.getFailedMessage)
 * keep its spelling.
 */
const nl = {
  app: {
    domainFallback: 'De instellingen van deze site konden niet worden geladen; de standaardinstellingen worden gebruikt.',
    common: { home: 'Naar de startpagina' },
    menu: { administration: 'Beheer' },
    error: {
      status: 'Fout %{status}',
      general: 'Er is een fout opgetreden.',
    },
    notFound: { title: 'Deze pagina kon niet worden gevonden' },
    unauthorized: {
      title: 'Je hebt geen toegang tot deze pagina',
      text: 'Denk je dat je deze pagina wel zou moeten zien? Vraag dan je beheerder om de nodige rechten.',
    },
    home: {
      title: 'Dashboard',
      greeting: 'Welkom, %{name}',
      activeCompany: 'Je werkt voor %{company}.',
      noCompany: 'Geen actieve klanttoegang gevonden',
    },
    language: {
      label: 'Taal',
      nl: 'Nederlands',
      en: 'English',
      fr: 'Français',
      saveFailed: 'Je taalkeuze kon niet worden bewaard.',
    },
    company: {
      switch: 'Wissel van bedrijf',
      alreadySelected: 'Dit bedrijf is al geselecteerd.',
      switched: 'Je werkt nu voor %{company}.',
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

const en: AppMessages = {
  app: {
    domainFallback: 'The settings of this site could not be loaded; default settings are used.',
    common: { home: 'Back to home' },
    menu: { administration: 'Administration' },
    error: {
      status: 'Error %{status}',
      general: 'there is an error.',
    },
    notFound: { title: 'This page could not be found' },
    unauthorized: {
      title: 'You do not have access to this page',
      text: 'If you think you should see this page, ask your administrator for the rights you need.',
    },
    home: {
      title: 'Dashboard',
      greeting: 'Welcome, %{name}',
      activeCompany: 'You are acting for %{company}.',
      noCompany: 'No active customer access found',
    },
    language: {
      label: 'Language',
      nl: 'Nederlands',
      en: 'English',
      fr: 'Français',
      saveFailed: 'Your language choice could not be saved.',
    },
    company: {
      switch: 'Switch company',
      alreadySelected: 'This company is already selected.',
      switched: 'You are now acting for %{company}.',
      choose: 'Choose the company you act for',
      none: 'You have no active access to a company.',
    },
    maintenance: {
      title: 'We are carrying out maintenance',
      text: 'The web shop is temporarily unavailable. Please try again later.',
    },
    registration: {
      title: 'Register your company',
      text: 'Your account is not linked to any company yet. The registration wizard will take your company details; after that you can order.',
      signOut: 'Sign out',
    },
    session: {
      permissionsFailed: 'Your permissions could not be loaded.',
    },
  },
  errorQueryingSupplier: 'The settings could not be loaded.',
  errorRetrevingLogged: 'Error retrieving the signed-in user.',
  General: { Error: { getFailedMessage: 'The data could not be retrieved.' } },
};

const fr: AppMessages = {
  app: {
    domainFallback: "Les paramètres de ce site n'ont pas pu être chargés ; les paramètres par défaut sont utilisés.",
    common: { home: "Retour à l'accueil" },
    menu: { administration: 'Administration' },
    error: {
      status: 'Erreur %{status}',
      general: "Une erreur s'est produite.",
    },
    notFound: { title: 'Cette page est introuvable' },
    unauthorized: {
      title: "Vous n'avez pas accès à cette page",
      text: 'Si vous pensez devoir voir cette page, demandez les droits nécessaires à votre administrateur.',
    },
    home: {
      title: 'Tableau de bord',
      greeting: 'Bienvenue, %{name}',
      activeCompany: 'Vous agissez pour %{company}.',
      noCompany: 'Aucun accès client actif trouvé',
    },
    language: {
      label: 'Langue',
      nl: 'Nederlands',
      en: 'English',
      fr: 'Français',
      saveFailed: "Votre choix de langue n'a pas pu être enregistré.",
    },
    company: {
      switch: "Changer d'entreprise",
      alreadySelected: 'Cette entreprise est déjà sélectionnée.',
      switched: 'Vous agissez maintenant pour %{company}.',
      choose: 'Choisissez l’entreprise pour laquelle vous agissez',
      none: "Vous n'avez aucun accès actif à une entreprise.",
    },
    maintenance: {
      title: 'Maintenance en cours',
      text: 'La boutique en ligne est temporairement indisponible. Veuillez réessayer plus tard.',
    },
    registration: {
      title: 'Enregistrez votre entreprise',
      text: "Votre compte n'est encore lié à aucune entreprise. L'assistant d'inscription recueillera les données de votre entreprise ; vous pourrez ensuite commander.",
      signOut: 'Se déconnecter',
    },
    session: {
      permissionsFailed: "Vos droits n'ont pas pu être chargés.",
    },
  },
  errorQueryingSupplier: "Les paramètres n'ont pas pu être chargés.",
  errorRetrevingLogged: "Erreur lors de la récupération de l'utilisateur connecté.",
  General: { Error: { getFailedMessage: "Les données n'ont pas pu être récupérées." } },
};

const BASE: Readonly<Record<Language, AppMessages>> = { nl, en, fr };

/** One language's texts: the base tree plus each area's own message file. */
const withAreas = (l: Language) => ({ ...BASE[l], ...SHELL_MESSAGES[l], ...SETTINGS_MESSAGES[l], ...IMPERSONATION_MESSAGES[l], ...ASSISTANT_MESSAGES[l], ...SHOP_MESSAGES[l], ...CHECKOUT_MESSAGES[l], ...DASHBOARD_MESSAGES[l] });

export const APP_MESSAGES: Readonly<Record<Language, AppMessages>> = { nl: withAreas('nl'), en: withAreas('en'), fr: withAreas('fr') };
