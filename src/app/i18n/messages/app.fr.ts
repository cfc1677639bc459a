import { LANGUAGE_NAMES } from '../language';
import type { AppMessages } from './app';

/** The French texts of ./app.ts. */
export const fr: AppMessages = {
  app: {
    domainFallback: "Les paramètres de ce site n'ont pas pu être chargés ; les paramètres par défaut sont utilisés.",
    common: { home: "Retour à l'accueil", loading: 'Chargement' },
    list: { pageLabel: { first: 'Première page', last: 'Dernière page', next: 'Page suivante', previous: 'Page précédente' }, export: 'Exporter', exportFailed: "L'exportation n'a pas pu être créée." },
    menu: { shop: 'Boutique', administration: 'Administration', open: 'Ouvrir le menu', close: 'Fermer le menu' },
    userMenu: { label: 'Profil', logout: 'Déconnexion' },
    error: {
      status: 'Erreur {{status}}',
      general: "Une erreur s'est produite.",
    },
    notFound: { title: 'Cette page est introuvable' },
    unauthorized: {
      title: "Vous n'avez pas accès à cette page",
      text: 'Si vous pensez devoir voir cette page, demandez les droits nécessaires à votre administrateur.',
    },
    home: {
      title: 'Tableau de bord',
      greeting: 'Bienvenue, {{name}}',
      activeCompany: 'Vous agissez pour {{company}}.',
      noCompany: 'Aucun accès client actif trouvé',
    },
    language: {
      label: 'Langue',
      ...LANGUAGE_NAMES,
      saveFailed: "Votre choix de langue n'a pas pu être enregistré.",
    },
    company: {
      switch: "Changer d'entreprise",
      alreadySelected: 'Cette entreprise est déjà sélectionnée.',
      switched: 'Vous agissez maintenant pour {{company}}.',
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
