/**
 * Texts of the registration wizard (/registration): its questions one at a time, their hints and
 * what happens after. The page renders in the shop area, under react-admin, so they travel in the
 * admin tier (packs/nl-admin.ts).
 * English and French: registration.en.ts and registration.fr.ts, typed by this Dutch tree. Error
 * messages are the catalogue's (ErrorMessage.InvalidCompanyNumber, …).
 */
export const nl = {
  registration: {
    title: 'Registreer je bedrijf',
    intro: 'Hallo {{name}}! Je account is nog aan geen enkel bedrijf gekoppeld. Een paar vragen, één per keer, en we zetten je bedrijf klaar.',
    you: 'Jij',
    next: 'Verder',
    back: 'Terug',
    change: 'Wijzigen',
    country: 'Land van het bedrijf',
    askNumber: 'Wat is het ondernemingsnummer van je bedrijf?',
    askVat: 'Wat is het btw-nummer van je bedrijf?',
    numberLabel: 'Ondernemingsnummer',
    vatLabel: 'Btw-nummer',
    numberHint: 'Bijvoorbeeld {{example}}',
    checking: 'We zoeken je bedrijf op…',
    lookupFailed: 'We konden je bedrijf nu niet opzoeken.',
    retry: 'Opnieuw proberen',
    manual: 'Zelf invullen',
    found: 'We vonden dit bedrijf: {{name}}, {{address}}. Is dat jouw bedrijf?',
    notFound: 'We kennen dit bedrijf nog niet. Vul zijn gegevens zelf in.',
    yes: 'Ja, dat klopt',
    no: 'Nee, zelf invullen',
    askName: 'Hoe heet je bedrijf?',
    nameLabel: 'Bedrijfsnaam',
    formLabel: 'Rechtsvorm (bv. BV, NV, VZW)',
    askEmployees: 'Hoeveel mensen werken er bij {{company}}?',
    askAddress: 'Wat is het adres van {{company}}?',
    street: 'Straat',
    houseNumber: 'Nummer',
    bus: 'Bus',
    zipCode: 'Postcode',
    city: 'Gemeente',
    askUser: 'En wie ben jij? Jij wordt de beheerder van het bedrijf in de shop.',
    firstname: 'Voornaam',
    lastname: 'Achternaam',
    email: 'Je e-mailadres: {{email}}',
    askTerms: 'Bijna klaar. Kijk je gegevens na en aanvaard de voorwaarden.',
    summary: '{{company}} ({{number}}), {{employees}} werknemers, {{address}}',
    acceptTerms: 'Ik aanvaard de algemene voorwaarden van het platform.',
    readTerms: 'Lees de algemene voorwaarden (opent in een nieuw tabblad)',
    termsRequired: 'Aanvaard de algemene voorwaarden om te registreren.',
    register: 'Registreren',
    changeAnswer: 'Je antwoord wijzigen: {{answer}}',
    required: 'Vul dit in.',
    done: 'Bedankt! We bevestigen de registratie van {{company}} binnen 24 uur. Je krijgt een e-mail zodra je kunt bestellen.',
    pending: 'Je registratie van {{company}} wacht op bevestiging. We bevestigen ze binnen 24 uur; je krijgt dan een e-mail.',
    signOut: 'Afmelden',
    failed: 'De registratie kon niet worden verstuurd.',
  },
};
export type RegistrationMessages = typeof nl;
