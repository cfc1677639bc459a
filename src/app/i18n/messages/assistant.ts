/**
 * Texts of the assistant (core §2: a small assistant icon and chat bot show notifications) and of its
 * built-in help chat bot: the questions it knows, their answers, and per topic the words a typed
 * question is matched on (space separated, lower case; a word matches as the start of a typed word).
 * English and French: assistant.en.ts and assistant.fr.ts, typed by this Dutch tree, so a key
 * forgotten in one language fails to compile; each language is loaded with its pack (../packs).
 */
export const nl = {
  assistant: {
    icon: 'Assistent',
    openChat: 'Open de hulpassistent',
    closeChat: 'Sluit de hulpassistent',
    dismiss: 'Melding sluiten',
    newNotification: 'Nieuwe melding',
    title: 'Hulpassistent',
    greeting: 'Hallo {{name}}! Waarmee kan ik je helpen? Kies een vraag of typ je eigen vraag.',
    topics: 'Veelgestelde vragen',
    conversation: 'Gesprek met de hulpassistent',
    inputLabel: 'Je vraag',
    send: 'Verstuur',
    you: 'Jij',
    bot: 'Assistent',
    notUnderstood: 'Daar heb ik geen antwoord op. Kies een van de vragen hieronder, of vraag het aan de beheerder van je bedrijf.',
    links: 'Ga naar',
    faq: {
      order: {
        question: 'Hoe plaats ik een bestelling?',
        answer: 'Zoek een product via de zoekbalk bovenaan of blader door de producten, en voeg het toe aan je winkelmandje. Open daarna het winkelmandje en bevestig je bestelling. Heeft je bedrijf een bestelformulier of bestelaanvraag, dan vind je die in het menu onder Bestellen.',
        keywords: 'bestel bestelling bestellen kopen aankoop product producten order formulier aanvraag',
      },
      basket: {
        question: 'Hoe werkt het winkelmandje?',
        answer: 'Het mandje-icoon bovenaan toont hoeveel artikelen erin zitten. Je kunt niet meer bestellen dan er in voorraad is. Is het mandje leeg, voeg dan eerst een product toe.',
        keywords: 'mandje winkelmandje winkelwagen mand aantal hoeveelheid voorraad leeg',
      },
      orders: {
        question: 'Waar volg ik mijn bestellingen, leveringen en facturen op?',
        answer: 'In het menu vind je Bestellingen, Leveringen en Facturen, voor zover je bedrijf die gebruikt en je de rechten hebt om ze te zien.',
        keywords: 'status volgen opvolgen levering leveringen factuur facturen bestellingen geleverd betaling',
      },
      company: {
        question: 'Hoe wissel ik van bedrijf?',
        answer: 'Werk je voor meer dan één bedrijf, kies dan in je gebruikersmenu (rechtsboven) Wissel van bedrijf, of gebruik de bedrijfsknop in de bovenbalk. Wat je ziet en bestelt, geldt altijd voor het actieve bedrijf.',
        keywords: 'bedrijf bedrijven wissel wisselen firma klant organisatie onderneming actief',
      },
      language: {
        question: 'Hoe verander ik de taal?',
        answer: 'Kies Nederlands, English of Français met de taalknop in de bovenbalk, of stel je taal in bij je gebruikersinstellingen: dan blijft ze ook bij je volgende aanmelding bewaard.',
        keywords: 'taal talen nederlands engels frans english français language vertaling',
      },
      settings: {
        question: 'Waar pas ik mijn gegevens en instellingen aan?',
        answer: 'In je gebruikersinstellingen (gebruikersmenu rechtsboven) kies je je taal, telefoonnummer, startpagina en afdelingen.',
        keywords: 'instellingen instelling gegevens profiel telefoon startpagina afdeling afdelingen account wachtwoord',
      },
      contact: {
        question: 'Wie kan ik contacteren?',
        answer: 'Voor rechten, gebruikers en afdelingen van je bedrijf: de beheerder van je bedrijf. Voor een bestelling of levering: de leverancier, via de gegevens bij de leverancier. Voor een probleem met de webshop zelf: de klantendienst van het platform.',
        keywords: 'contact contacteren hulp help vraag beheerder support klantendienst probleem rechten toegang bellen mail',
      },
    },
  },
};

export type AssistantMessages = typeof nl;
