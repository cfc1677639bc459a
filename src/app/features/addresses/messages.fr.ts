import type { AddressBookMessages } from './messages';

export const fr: AddressBookMessages = {
  addressBook: {
    title: "Carnet d'adresses",
    intro: 'Les adresses où votre entreprise se fait livrer. L’adresse principale est proposée en premier dans le panier.',
    manage: "Gérer le carnet d'adresses",
    close: 'Fermer',
    empty: "Le carnet d'adresses est encore vide.",
    primary: 'Adresse principale',
    add: 'Ajouter une adresse',
    editTitle: "Modifier l'adresse",
    edit: 'Modifier',
    editOf: 'Modifier : {{name}}',
    makePrimary: 'Définir comme principale',
    makePrimaryOf: 'Définir comme principale : {{name}}',
    remove: 'Supprimer',
    removeOf: 'Supprimer : {{name}}',
    removeConfirm: "Supprimer l'adresse « {{name}} » du carnet d'adresses ? Les commandes qui l'ont utilisée en gardent leur propre copie.",
    cancel: 'Annuler',
    saved: "L'adresse est enregistrée.",
    madePrimary: '« {{name}} » est maintenant l’adresse principale.',
    removed: "L'adresse est supprimée.",
    primaryStays: "L'adresse principale ne peut pas être supprimée ; définissez d'abord une autre adresse comme principale.",
    readOnly: "Vous pouvez consulter le carnet d'adresses ; un administrateur de votre entreprise le modifie.",
  },
};
