import type { ShellMessages } from './shell';

/** The French texts of ./shell.ts. */
export const fr: ShellMessages = {
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
      alert: "Un exemple d'alerte de type {{severity}}.",
    },
  },
};
