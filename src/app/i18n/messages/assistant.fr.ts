import type { AssistantMessages } from './assistant';

/** The French texts of ./assistant.ts. */
export const fr: AssistantMessages = {
  assistant: {
    icon: 'Assistant',
    openChat: "Ouvrir l'assistant d'aide",
    closeChat: "Fermer l'assistant d'aide",
    dismiss: 'Fermer la notification',
    newNotification: 'Nouvelle notification',
    title: "Assistant d'aide",
    greeting: 'Bonjour {{name}} ! Comment puis-je vous aider ? Choisissez une question ou tapez la vôtre.',
    topics: 'Questions fréquentes',
    conversation: "Conversation avec l'assistant d'aide",
    inputLabel: 'Votre question',
    send: 'Envoyer',
    you: 'Vous',
    bot: 'Assistant',
    notUnderstood: "Je n'ai pas de réponse à cela. Choisissez une des questions ci-dessous, ou demandez à l'administrateur de votre entreprise.",
    links: 'Aller à',
    faq: {
      order: {
        question: 'Comment passer une commande ?',
        answer: "Cherchez un produit avec la barre de recherche en haut ou parcourez les produits, et ajoutez-le à votre panier. Ouvrez ensuite le panier et confirmez votre commande. Si votre entreprise utilise un formulaire ou des demandes de commande, vous les trouvez dans le menu sous Commander.",
        keywords: 'commande commandes commander acheter achat produit produits formulaire demande',
      },
      basket: {
        question: 'Comment fonctionne le panier ?',
        answer: "L'icône du panier en haut indique combien d'articles il contient. Vous ne pouvez pas commander plus que le stock disponible. Si le panier est vide, ajoutez d'abord un produit.",
        keywords: 'panier caddie quantité nombre stock vide',
      },
      orders: {
        question: 'Où suivre mes commandes, livraisons et factures ?',
        answer: "Le menu propose Commandes, Livraisons et Factures, pour autant que votre entreprise les utilise et que vous ayez le droit de les voir.",
        keywords: 'statut suivre suivi livraison livraisons facture factures livré paiement',
      },
      company: {
        question: "Comment changer d'entreprise ?",
        answer: "Si vous travaillez pour plusieurs entreprises, choisissez Changer d'entreprise dans votre menu utilisateur (en haut à droite), ou utilisez le bouton de l'entreprise dans la barre du haut. Ce que vous voyez et commandez vaut toujours pour l'entreprise active.",
        keywords: 'entreprise entreprises société client organisation firme active',
      },
      language: {
        question: 'Comment changer la langue ?',
        answer: 'Choisissez Nederlands, English ou Français avec le bouton de langue dans la barre du haut, ou réglez votre langue dans vos paramètres utilisateur : elle est alors aussi gardée à votre prochaine connexion.',
        keywords: 'langue langues néerlandais anglais français english nederlands traduction',
      },
      settings: {
        question: 'Où modifier mes données et paramètres ?',
        answer: 'Dans vos paramètres utilisateur (menu utilisateur, en haut à droite), vous choisissez votre langue, votre numéro de téléphone, votre page de démarrage et vos départements.',
        keywords: 'paramètres paramètre réglages données profil téléphone démarrage département départements compte mot de passe',
      },
      contact: {
        question: 'Qui puis-je contacter ?',
        answer: "Pour les droits, les utilisateurs et les départements de votre entreprise : l'administrateur de votre entreprise. Pour une commande ou une livraison : le fournisseur, avec ses coordonnées. Pour un problème avec la boutique en ligne elle-même : le service clientèle de la plateforme.",
        keywords: 'contact contacter aide question administrateur support service problème droits accès appeler mail',
      },
    },
  },
};
