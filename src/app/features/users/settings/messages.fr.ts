import type { SettingsMessages } from './messages';

/** The French texts of ./settings.ts. */
export const fr: SettingsMessages = {
  settings: {
    intro: 'Votre langue, votre numéro de téléphone et votre page d’accueil. Une autre langue s’applique immédiatement.',
    languageSaved: 'La langue a été modifiée.',
    saved: 'Vos paramètres ont été enregistrés.',
    saveFailed: "Vos paramètres n'ont pas pu être enregistrés.",
    departments: 'Mes départements',
    addDepartments: 'Ajouter des départements',
    noDepartments: "Vous n'appartenez encore à aucun département.",
    allDepartments: 'Vous appartenez déjà à tous les départements de cette entreprise.',
    choose: 'Choisissez les départements que vous souhaitez rejoindre',
    add: 'Ajouter',
    added: 'Vous avez été ajouté aux départements choisis.',
    loadFailed: "Les départements n'ont pas pu être chargés.",
    back: 'Retour à mes paramètres',
    name: 'Nom',
    costCenter: 'Centre de coûts',
  },
};
