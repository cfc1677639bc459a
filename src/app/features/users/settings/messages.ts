/**
 * Texts of the user settings pages (/user-settings and its department pages), in Dutch.
 * English and French: settings.en.ts and settings.fr.ts, typed by this Dutch tree, so a key
 * forgotten in one language fails to compile; each language is loaded with its pack (../packs).
 */
export const nl = {
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
