import type { CheckoutMessages } from './messages';

/** The French texts of ./checkout.ts. */
export const fr: CheckoutMessages = {
  checkout: {
    giftCard: {
      legend: 'Carte cadeau : {{title}}',
      recipientName: 'Nom du destinataire',
      recipientEmail: 'E-mail du destinataire',
      message: 'Message',
      value: 'Valeur en euros',
      save: 'Enregistrer la carte cadeau',
      saved: 'Les détails de la carte cadeau ont été enregistrés.',
      incomplete: "Indiquez le nom et l'e-mail du destinataire et une valeur supérieure à 0 ; sans eux, vous ne pouvez pas commander.",
    },
    details: {
      department: 'Département',
      project: 'Projet',
      none: 'Aucun',
      requestedDeliveryDateHelp: 'Facultatif : les fournisseurs la voient avec leur commande.',
    },
    address: {
      deliverTo: 'Livrer à',
      book: "Une adresse du carnet d'adresses",
      oneTime: 'Une adresse unique',
      oneTimeHeading: 'Adresse unique',
      use: 'Utiliser cette adresse',
      saved: "L'adresse unique a été enregistrée.",
      incomplete: 'Indiquez au moins la rue, le code postal et la ville.',
    },
    loyalty: {
      heading: 'Points',
      balance_one: 'Vous avez {{count}} point.',
      balance_other: 'Vous avez {{count}} points.',
      points: 'Points à utiliser',
      preview_one: 'Remise : {{discount}} ({{count}} point utilisé)',
      preview_other: 'Remise : {{discount}} ({{count}} points utilisés)',
      apply: 'Utiliser les points',
      applied: 'Les points seront déduits lors de votre commande.',
      totalAfter: 'À payer après remise',
      invalid: 'Indiquez un nombre entier de points, 0 ou plus.',
    },
    supplier: {
      addForFreeShipping: 'Ajoutez encore {{amount}} chez ce fournisseur pour une livraison gratuite.',
      belowMinimumBlocks: "Vous ne pouvez pas commander tant que le montant minimum n'est pas atteint.",
    },
    validate: {
      heading: 'Votre commande ne peut pas encore être passée',
      line: '{{title}} : {{message}}',
      supplier: '{{supplier}} : {{message}}',
      minimumOrderPrice: '(minimum {{amount}})',
      tenderTotal: '(total chez ce fournisseur : {{amount}})',
      balance: '(vous avez {{balance}} points)',
      minOrderQuant_one: '(minimum {{count}} pièce)',
      minOrderQuant_other: '(minimum {{count}} pièces)',
      failed: "Votre panier n'a pas pu être vérifié.",
    },
    orderedWithDiscount: 'Votre commande {{number}} a été passée, avec une remise de {{discount}} grâce à vos points.',
  },
};
