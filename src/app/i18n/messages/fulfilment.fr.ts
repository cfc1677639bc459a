import type { FulfilmentMessages } from './fulfilment';

export const fr: FulfilmentMessages = {
  fulfilment: {
    supplierOrders: {
      mine: 'Mes commandes fournisseurs',
      mineHelp: 'Les commandes reçues par votre fournisseur : confirmez-les, suivez-les et livrez.',
      allStatuses: 'Tous les statuts',
      search: 'Rechercher par numéro',
      empty: 'Aucune commande fournisseur ne correspond.',
      count: '{{count}} commandes fournisseurs',
      title: 'Commandes fournisseurs',
      none: 'Cette commande n’a pas encore de commandes fournisseurs : elles sont créées quand la commande est approuvée.',
      loadFailed: 'La commande fournisseur n’a pas pu être chargée.',
      linesRegion: 'Lignes (défile latéralement)',
      lines: 'Lignes',
      followUps: 'Suivi',
      noFollowUps: 'Pas encore de suivi.',
      customer: 'Client',
      supplier: 'Fournisseur',
      newStatus: 'Nouveau statut',
      keepStatus: 'Garder le statut',
      remark: 'Remarque',
      remarkHelp: 'Obligatoire quand la commande a échoué : la raison.',
      add: 'Ajouter un suivi',
      added: 'Le suivi est enregistré.',
      statusChange: '{{from}} → {{to}}',
      by: 'par {{name}}',
      open: 'Ouvrir la commande fournisseur {{number}}',
      toOrder: 'Vers la commande {{number}}',
      reason: 'Motif : {{reason}}',
    },
  },
};
