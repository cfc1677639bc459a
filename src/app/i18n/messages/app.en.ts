import { LANGUAGE_NAMES } from '../language';
import type { AppMessages } from './app';

/** The English texts of ./app.ts. */
export const en: AppMessages = {
  app: {
    domainFallback: 'The settings of this site could not be loaded; default settings are used.',
    common: { home: 'Back to home', loading: 'Loading' },
    list: { pageLabel: { first: 'First page', last: 'Last page', next: 'Next page', previous: 'Previous page' }, export: 'Export', exportFailed: 'The export could not be made.' },
    menu: { shop: 'Shop', administration: 'Administration', open: 'Open menu', close: 'Close menu' },
    userMenu: { label: 'Profile', logout: 'Logout' },
    error: {
      status: 'Error {{status}}',
      general: 'there is an error.',
    },
    notFound: { title: 'This page could not be found' },
    unauthorized: {
      title: 'You do not have access to this page',
      text: 'If you think you should see this page, ask your administrator for the rights you need.',
    },
    home: {
      title: 'Dashboard',
      greeting: 'Welcome, {{name}}',
      activeCompany: 'You are acting for {{company}}.',
      noCompany: 'No active customer access found',
    },
    language: {
      label: 'Language',
      ...LANGUAGE_NAMES,
      saveFailed: 'Your language choice could not be saved.',
    },
    company: {
      switch: 'Switch company',
      alreadySelected: 'This company is already selected.',
      switched: 'You are now acting for {{company}}.',
      choose: 'Choose the company you act for',
      none: 'You have no active access to a company.',
    },
    maintenance: {
      title: 'We are carrying out maintenance',
      text: 'The web shop is temporarily unavailable. Please try again later.',
    },
    registration: {
      title: 'Register your company',
      text: 'Your account is not linked to any company yet. The registration wizard will take your company details; after that you can order.',
      signOut: 'Sign out',
    },
    session: {
      permissionsFailed: 'Your permissions could not be loaded.',
    },
  },
  errorQueryingSupplier: 'The settings could not be loaded.',
  errorRetrevingLogged: 'Error retrieving the signed-in user.',
  General: { Error: { getFailedMessage: 'The data could not be retrieved.' } },
};
