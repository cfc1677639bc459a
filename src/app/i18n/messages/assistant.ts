import type { Language } from '../../../../model/dsl/i18n';

/**
 * Texts of the assistant (core §2: a small assistant icon and chat bot show notifications) and of its
 * built-in help chat bot: the questions it knows, their answers, and per topic the words a typed
 * question is matched on (space separated, lower case; a word matches as the start of a typed word).
 */
const nl = {
  assistant: {
    icon: 'Assistent',
    openChat: 'Open de hulpassistent',
    closeChat: 'Sluit de hulpassistent',
    dismiss: 'Melding sluiten',
    newNotification: 'Nieuwe melding',
    title: 'Hulpassistent',
    greeting: 'Hallo %{name}! Waarmee kan ik je helpen? Kies een vraag of typ je eigen vraag.',
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

const en: AssistantMessages = {
  assistant: {
    icon: 'Assistant',
    openChat: 'Open the help assistant',
    closeChat: 'Close the help assistant',
    dismiss: 'Close notification',
    newNotification: 'New notification',
    title: 'Help assistant',
    greeting: 'Hello %{name}! How can I help? Choose a question or type your own.',
    topics: 'Frequently asked questions',
    conversation: 'Conversation with the help assistant',
    inputLabel: 'Your question',
    send: 'Send',
    you: 'You',
    bot: 'Assistant',
    notUnderstood: "I have no answer to that. Choose one of the questions below, or ask your company's administrator.",
    links: 'Go to',
    faq: {
      order: {
        question: 'How do I place an order?',
        answer: 'Find a product with the search box at the top or browse the products, and add it to your basket. Then open the basket and confirm your order. If your company uses an order form or order requests, you find them in the menu under Order.',
        keywords: 'order orders ordering buy purchase product products form request',
      },
      basket: {
        question: 'How does the basket work?',
        answer: 'The basket icon at the top shows how many items it holds. You cannot order more than is in stock. When the basket is empty, add a product first.',
        keywords: 'basket cart trolley quantity amount stock empty',
      },
      orders: {
        question: 'Where do I follow my orders, deliveries and invoices?',
        answer: 'The menu has Orders, Deliveries and Invoices, as far as your company uses them and you have the rights to see them.',
        keywords: 'status follow track tracking delivery deliveries invoice invoices delivered payment',
      },
      company: {
        question: 'How do I switch company?',
        answer: 'If you work for more than one company, choose Switch company in your user menu (top right), or use the company button in the top bar. What you see and order always applies to the active company.',
        keywords: 'company companies switch firm customer organisation organization business active',
      },
      language: {
        question: 'How do I change the language?',
        answer: 'Choose Nederlands, English or Français with the language button in the top bar, or set your language in your user settings: then it is also kept for your next sign-in.',
        keywords: 'language languages dutch english french nederlands français translation',
      },
      settings: {
        question: 'Where do I change my details and settings?',
        answer: 'In your user settings (user menu, top right) you choose your language, phone number, landing page and departments.',
        keywords: 'settings setting details profile phone landing page department departments account password',
      },
      contact: {
        question: 'Who can I contact?',
        answer: "For rights, users and departments of your company: your company's administrator. For an order or delivery: the supplier, with the details on the supplier. For a problem with the web shop itself: the platform's customer service.",
        keywords: 'contact help question administrator admin support service problem rights access call mail',
      },
    },
  },
};

const fr: AssistantMessages = {
  assistant: {
    icon: 'Assistant',
    openChat: "Ouvrir l'assistant d'aide",
    closeChat: "Fermer l'assistant d'aide",
    dismiss: 'Fermer la notification',
    newNotification: 'Nouvelle notification',
    title: "Assistant d'aide",
    greeting: 'Bonjour %{name} ! Comment puis-je vous aider ? Choisissez une question ou tapez la vôtre.',
    topics: 'Questions fréquentes',
    conversation: "Conversation avec l'assistant d'aide",
    inputLabel: 'Votre question',
    send: 'Envoyer',
    you: 'Vous',
    bot: 'Assistant',
    notUnderstood: "Je n'ai pas de réponse à cela. Choisissez une des questions ci-dessous, ou demandez à l'administrateur de votre entreprise.",
    links: 'Aller à',
    faq: {
      order: {
        question: 'Comment passer une commande ?',
        answer: "Cherchez un produit avec la barre de recherche en haut ou parcourez les produits, et ajoutez-le à votre panier. Ouvrez ensuite le panier et confirmez votre commande. Si votre entreprise utilise un formulaire ou des demandes de commande, vous les trouvez dans le menu sous Commander.",
        keywords: 'commande commandes commander acheter achat produit produits formulaire demande',
      },
      basket: {
        question: 'Comment fonctionne le panier ?',
        answer: "L'icône du panier en haut indique combien d'articles il contient. Vous ne pouvez pas commander plus que le stock disponible. Si le panier est vide, ajoutez d'abord un produit.",
        keywords: 'panier caddie quantité nombre stock vide',
      },
      orders: {
        question: 'Où suivre mes commandes, livraisons et factures ?',
        answer: "Le menu propose Commandes, Livraisons et Factures, pour autant que votre entreprise les utilise et que vous ayez le droit de les voir.",
        keywords: 'statut suivre suivi livraison livraisons facture factures livré paiement',
      },
      company: {
        question: "Comment changer d'entreprise ?",
        answer: "Si vous travaillez pour plusieurs entreprises, choisissez Changer d'entreprise dans votre menu utilisateur (en haut à droite), ou utilisez le bouton de l'entreprise dans la barre du haut. Ce que vous voyez et commandez vaut toujours pour l'entreprise active.",
        keywords: 'entreprise entreprises société client organisation firme active',
      },
      language: {
        question: 'Comment changer la langue ?',
        answer: 'Choisissez Nederlands, English ou Français avec le bouton de langue dans la barre du haut, ou réglez votre langue dans vos paramètres utilisateur : elle est alors aussi gardée à votre prochaine connexion.',
        keywords: 'langue langues néerlandais anglais français english nederlands traduction',
      },
      settings: {
        question: 'Où modifier mes données et paramètres ?',
        answer: 'Dans vos paramètres utilisateur (menu utilisateur, en haut à droite), vous choisissez votre langue, votre numéro de téléphone, votre page de démarrage et vos départements.',
        keywords: 'paramètres paramètre réglages données profil téléphone démarrage département départements compte mot de passe',
      },
      contact: {
        question: 'Qui puis-je contacter ?',
        answer: "Pour les droits, les utilisateurs et les départements de votre entreprise : l'administrateur de votre entreprise. Pour une commande ou une livraison : le fournisseur, avec ses coordonnées. Pour un problème avec la boutique en ligne elle-même : le service clientèle de la plateforme.",
        keywords: 'contact contacter aide question administrateur support service problème droits accès appeler mail',
      },
    },
  },
};

export const ASSISTANT_MESSAGES: Readonly<Record<Language, AssistantMessages>> = { nl, en, fr };
