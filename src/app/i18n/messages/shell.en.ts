import type { ShellMessages } from './shell';

/** The English texts of ./shell.ts. */
export const en: ShellMessages = {
  shell: {
    toast: { success: 'Processed successfully!', error: 'Oops! Something went wrong.' },
    error: {
      title: 'Something went wrong',
      text: 'This page could not be shown. Please try again later or go back to the home page.',
      reloading: 'Loading a new version…',
    },
    extraPrivileges: { label: 'Extra privileges', hint: 'Shows the extra admin menu entries' },
    types: {
      title: 'Types',
      intro: "The model's resources with their fields, and the error catalogue's codes.",
      resources: 'Resources',
      field: 'Field',
      kind: 'Kind',
      required: 'Required',
      yes: 'yes',
      no: 'no',
      errors: 'Error codes',
      code: 'Code',
      status: 'Status',
      message: 'Text',
    },
    library: {
      title: 'Component library',
      intro: "This site's design system: colours, typography, buttons, inputs and alerts.",
      colours: 'Colours',
      typography: 'Typography',
      buttons: 'Buttons',
      inputs: 'Inputs',
      alerts: 'Alerts',
      sample: 'The quick brown fox jumps over the lazy dog',
      text: 'Text',
      amount: 'Amount',
      translated: 'Translated text',
      disabled: 'Disabled',
      alert: 'A sample alert of type {{severity}}.',
    },
  },
};
