import type { SupplierMessages } from './messages';

export const fr: SupplierMessages = {
  suppliers: {
    list: {
      title: 'Fournisseurs',
      help: 'Les fournisseurs de la plateforme chez qui votre entreprise commande, et les fournisseurs propres de votre entreprise.',
      search: 'Rechercher par nom, numéro de TVA ou e-mail',
      onlyOwn: 'Fournisseurs propres uniquement',
      create: 'Créer un fournisseur',
      empty: 'Aucun fournisseur trouvé.',
      count_one: '{{count}} fournisseur',
      count_other: '{{count}} fournisseurs',
      listFailed: "Les fournisseurs n'ont pas pu être chargés.",
      own: 'Fournisseur propre',
      platform: 'Fournisseur de la plateforme',
      inactive: 'Inactif',
      shipping: 'Livraison {{cost}}',
      freeFrom: 'gratuite à partir de {{amount}}',
      freeShipping: 'Livraison gratuite',
    },
    detail: {
      back: 'Fournisseurs',
      loadFailed: "Le fournisseur n'a pas pu être chargé.",
      edit: 'Modifier',
      contact: 'Contact',
      delivery: 'Livraison',
      finance: 'Budget financier',
      period: 'du {{start}} au {{end}}',
      none: '–',
      budgetReference: {
        title: 'Référence budgétaire de votre entreprise',
        help: 'Comment votre entreprise comptabilise ce fournisseur : la référence budgétaire, et les départements et projets qui commandent chez lui.',
        reference: 'Référence budgétaire',
        departments: 'Départements',
        projects: 'Projets',
        save: 'Enregistrer la référence budgétaire',
        saved: 'Référence budgétaire enregistrée.',
      },
      pdf: {
        title: 'PDF de commande',
        help: 'Ce que le PDF d’une commande chez ce fournisseur indique au-dessus de la commande, au fournisseur et en bas de chaque page.',
        save: 'Enregistrer le PDF de commande',
        saved: 'PDF de commande enregistré.',
      },
    },
    form: {
      createTitle: 'Créer un fournisseur propre',
      editTitle: 'Modifier le fournisseur',
      cancel: 'Annuler',
    },
  },
};
