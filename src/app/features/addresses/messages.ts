/**
 * Texts of the address book as people keep it (in the basket's address choice and on the user
 * settings page): edit, remove, make primary. The field labels and country names are the model's
 * (resources.customer-addresses.*); the server's refusals (AddressUsedByOrder,
 * DeletePrimaryCustomerAddress, DuplicateAddress) are the error catalogue's texts.
 * English and French: messages.en.ts and messages.fr.ts, typed by this Dutch tree.
 */
export const nl = {
  addressBook: {
    title: 'Adresboek',
    intro: 'De adressen waarop je bedrijf laat leveren. Het primaire adres staat voorop in het winkelmandje.',
    manage: 'Adresboek beheren',
    close: 'Sluiten',
    empty: 'Het adresboek is nog leeg.',
    primary: 'Primair adres',
    add: 'Adres toevoegen',
    editTitle: 'Adres wijzigen',
    edit: 'Wijzigen',
    editOf: 'Wijzigen: {{name}}',
    makePrimary: 'Primair maken',
    makePrimaryOf: 'Primair maken: {{name}}',
    remove: 'Verwijderen',
    removeOf: 'Verwijderen: {{name}}',
    removeConfirm: 'Het adres "{{name}}" uit het adresboek verwijderen? Bestellingen die het gebruikten, houden hun eigen kopie.',
    cancel: 'Annuleren',
    saved: 'Het adres is bewaard.',
    madePrimary: '"{{name}}" is nu het primaire adres.',
    removed: 'Het adres is verwijderd.',
    primaryStays: 'Het primaire adres kan niet verwijderd worden; maak eerst een ander adres primair.',
    readOnly: 'Je kan het adresboek bekijken; wijzigen doet een beheerder van je bedrijf.',
  },
};

export type AddressBookMessages = typeof nl;
