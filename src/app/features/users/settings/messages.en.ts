import type { SettingsMessages } from './messages';

/** The English texts of ./settings.ts. */
export const en: SettingsMessages = {
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
