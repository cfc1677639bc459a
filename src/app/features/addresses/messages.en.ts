import type { AddressBookMessages } from './messages';

export const en: AddressBookMessages = {
  addressBook: {
    title: 'Address book',
    intro: 'The addresses your company has orders delivered to. The primary address comes first in the basket.',
    manage: 'Manage address book',
    close: 'Close',
    empty: 'The address book is still empty.',
    primary: 'Primary address',
    add: 'Add address',
    editTitle: 'Edit address',
    edit: 'Edit',
    editOf: 'Edit: {{name}}',
    makePrimary: 'Make primary',
    makePrimaryOf: 'Make primary: {{name}}',
    remove: 'Remove',
    removeOf: 'Remove: {{name}}',
    removeConfirm: 'Remove the address "{{name}}" from the address book? Orders that used it keep their own copy.',
    cancel: 'Cancel',
    saved: 'The address is saved.',
    madePrimary: '"{{name}}" is now the primary address.',
    removed: 'The address is removed.',
    primaryStays: 'The primary address cannot be removed; make another address primary first.',
    readOnly: 'You can view the address book; an administrator of your company changes it.',
  },
};
