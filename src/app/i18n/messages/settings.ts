import type { Language } from '../../../../model/dsl/i18n';

/** Texts of the user settings pages (/user-settings and its department pages), in nl/en/fr. */
const nl = {
  settings: {
    intro: 'Je taal, telefoonnummer en startpagina. Een andere taal geldt meteen.',
    languageSaved: 'De taal is gewijzigd.',
    saved: 'Je instellingen zijn bewaard.',
    saveFailed: 'Je instellingen konden niet worden bewaard.',
    departments: 'Mijn afdelingen',
    addDepartments: 'Afdelingen toevoegen',
    noDepartments: 'Je behoort nog tot geen enkele afdeling.',
    allDepartments: 'Je behoort al tot alle afdelingen van dit bedrijf.',
    choose: 'Kies de afdelingen waaraan je wilt worden toegevoegd',
    add: 'Toevoegen',
    added: 'Je bent aan de gekozen afdelingen toegevoegd.',
    loadFailed: 'De afdelingen konden niet worden geladen.',
    back: 'Terug naar mijn instellingen',
    name: 'Naam',
    costCenter: 'Kostenplaats',
  },
};

export type SettingsMessages = typeof nl;

const en: SettingsMessages = {
  settings: {
    intro: 'Your language, phone number and landing page. Another language applies at once.',
    languageSaved: 'The language has been changed.',
    saved: 'Your settings have been saved.',
    saveFailed: 'Your settings could not be saved.',
    departments: 'My departments',
    addDepartments: 'Add departments',
    noDepartments: 'You do not belong to any department yet.',
    allDepartments: 'You already belong to every department of this company.',
    choose: 'Choose the departments you want to join',
    add: 'Add',
    added: 'You have been added to the chosen departments.',
    loadFailed: 'The departments could not be loaded.',
    back: 'Back to my settings',
    name: 'Name',
    costCenter: 'Cost centre',
  },
};

const fr: SettingsMessages = {
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

export const SETTINGS_MESSAGES: Readonly<Record<Language, SettingsMessages>> = { nl, en, fr };
