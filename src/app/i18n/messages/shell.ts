/**
 * Texts of the app shell (issue 3): toasts, the error page, the developer pages (/types,
 * /component-library), the sidebar and the super admin's extra-privileges toggle. en and fr are
 * typed by the Dutch tree, so a key forgotten in one language fails to compile.
 */
const nl = {
  shell: {
    toast: { success: 'Succesvol verwerkt!', error: 'Oeps! Er ging iets mis.' },
    error: {
      title: 'Er ging iets mis',
      text: 'Deze pagina kon niet worden getoond. Probeer het later opnieuw of ga terug naar de startpagina.',
      reloading: 'Een nieuwe versie wordt geladen…',
    },
    extraPrivileges: { label: 'Extra rechten', hint: 'Toont de extra beheermenu-items' },
    types: {
      title: 'Types',
      intro: 'De resources van het model met hun velden, en de foutcodes van de catalogus.',
      resources: 'Resources',
      field: 'Veld',
      kind: 'Soort',
      required: 'Verplicht',
      yes: 'ja',
      no: 'nee',
      errors: 'Foutcodes',
      code: 'Code',
      status: 'Status',
      message: 'Tekst',
    },
    library: {
      title: 'Componentenbibliotheek',
      intro: 'Het ontwerpsysteem van deze site: kleuren, typografie, knoppen, invoervelden en meldingen.',
      colours: 'Kleuren',
      typography: 'Typografie',
      buttons: 'Knoppen',
      inputs: 'Invoervelden',
      alerts: 'Meldingen',
      sample: 'De snelle bruine vos springt over de luie hond',
      text: 'Tekst',
      amount: 'Bedrag',
      translated: 'Vertaalde tekst',
      disabled: 'Uitgeschakeld',
      alert: 'Een voorbeeldmelding van het type %{severity}.',
    },
  },
};

export type ShellMessages = typeof nl;

const en: ShellMessages = {
  shell: {
    toast: { success: 'Processed successfully!', error: 'Oops! Something went wrong.' },
    error: {
      title: 'Something went wrong',
      text: 'This page could not be shown. Please try again later or go back to the home page.',
      reloading: 'Loading a new version…',
    },
    extraPrivileges: { label: 'Extra privileges', hint: 'Shows the extra admin menu entries' },
    types: {
      title: 'Types',
      intro: "The model's resources with their fields, and the error catalogue's codes.",
      resources: 'Resources',
      field: 'Field',
      kind: 'Kind',
      required: 'Required',
      yes: 'yes',
      no: 'no',
      errors: 'Error codes',
      code: 'Code',
      status: 'Status',
      message: 'Text',
    },
    library: {
      title: 'Component library',
      intro: "This site's design system: colours, typography, buttons, inputs and alerts.",
      colours: 'Colours',
      typography: 'Typography',
      buttons: 'Buttons',
      inputs: 'Inputs',
      alerts: 'Alerts',
      sample: 'The quick brown fox jumps over the lazy dog',
      text: 'Text',
      amount: 'Amount',
      translated: 'Translated text',
      disabled: 'Disabled',
      alert: 'A sample alert of type %{severity}.',
    },
  },
};

const fr: ShellMessages = {
  shell: {
    toast: { success: 'Traité avec succès !', error: "Oups ! Quelque chose s'est mal passé." },
    error: {
      title: "Quelque chose s'est mal passé",
      text: "Cette page n'a pas pu être affichée. Réessayez plus tard ou retournez à la page d'accueil.",
      reloading: 'Chargement d’une nouvelle version…',
    },
    extraPrivileges: { label: 'Droits supplémentaires', hint: "Affiche les entrées supplémentaires du menu d'administration" },
    types: {
      title: 'Types',
      intro: 'Les ressources du modèle avec leurs champs, et les codes du catalogue des erreurs.',
      resources: 'Ressources',
      field: 'Champ',
      kind: 'Type',
      required: 'Obligatoire',
      yes: 'oui',
      no: 'non',
      errors: "Codes d'erreur",
      code: 'Code',
      status: 'Statut',
      message: 'Texte',
    },
    library: {
      title: 'Bibliothèque de composants',
      intro: 'Le système de design de ce site : couleurs, typographie, boutons, champs et alertes.',
      colours: 'Couleurs',
      typography: 'Typographie',
      buttons: 'Boutons',
      inputs: 'Champs de saisie',
      alerts: 'Alertes',
      sample: 'Portez ce vieux whisky au juge blond qui fume',
      text: 'Texte',
      amount: 'Montant',
      translated: 'Texte traduit',
      disabled: 'Désactivé',
      alert: "Un exemple d'alerte de type %{severity}.",
    },
  },
};

export const SHELL_MESSAGES = { nl, en, fr } as const;
