import type { UnauthorizedMessages } from './unauthorized-messages';

export const fr: UnauthorizedMessages = {
  unauthorizedWhy: {
    page: 'Vous ne pouvez pas ouvrir la page « {{page}} ».',
    feature: "Elle fait partie de la fonction « {{feature}} », qui n'est pas activée pour votre entreprise. L'administrateur de votre entreprise peut demander de l'activer.",
    right: "Votre rôle ne vous permet pas de {{what}}. L'administrateur de votre entreprise peut vous donner ces droits.",
    supplierSide: "En tant qu'utilisateur d'un fournisseur, vous travaillez du côté fournisseur de la boutique ; cette page fait partie du côté client.",
    actAsCompany: "Elle montre les données d'une entreprise : en tant qu'administrateur de la plateforme, vous l'ouvrez en agissant comme un utilisateur de cette entreprise.",
    platform: 'Cette page est réservée aux administrateurs de la plateforme.',
    letters: { R: 'consulter ceci', W: 'modifier ceci', C: 'créer quoi que ce soit ici', D: 'supprimer ceci', X: 'exécuter ceci' },
  },
};
