import type { Language } from '../../../../model/dsl/i18n';

/**
 * Texts of the basket page's checkout part (issue 4 "Basket"): gift-card details per line, department
 * and project, the one-time address, loyalty points with their discount preview, the supplier
 * notices and the problems the basket check lists before an order is placed. Field labels of the
 * postal address and the country names come from the model's generated labels
 * (resources.customer-addresses.*), so they read the same everywhere.
 */
const nl = {
  checkout: {
    giftCard: {
      legend: 'Cadeaubon: %{title}',
      recipientName: 'Naam ontvanger',
      recipientEmail: 'E-mail ontvanger',
      message: 'Boodschap',
      value: 'Waarde in euro',
      save: 'Cadeaubon bewaren',
      saved: 'De gegevens van de cadeaubon zijn bewaard.',
      incomplete: 'Vul de naam en het e-mailadres van de ontvanger en een waarde boven 0 in; zonder die gegevens kan je niet bestellen.',
    },
    details: {
      department: 'Afdeling',
      project: 'Project',
      none: 'Geen',
    },
    address: {
      deliverTo: 'Leveren op',
      book: 'Een adres uit het adresboek',
      oneTime: 'Een eenmalig adres',
      oneTimeHeading: 'Eenmalig adres',
      use: 'Dit adres gebruiken',
      saved: 'Het eenmalige adres is bewaard.',
      incomplete: 'Vul minstens de straat, de postcode en de gemeente in.',
    },
    loyalty: {
      heading: 'Punten',
      balance: 'Je hebt %{smart_count} punt. |||| Je hebt %{smart_count} punten.',
      points: 'In te zetten punten',
      preview: 'Korting: %{discount} (%{smart_count} punt gebruikt) |||| Korting: %{discount} (%{smart_count} punten gebruikt)',
      apply: 'Punten inzetten',
      applied: 'De punten worden bij je bestelling verrekend.',
      totalAfter: 'Te betalen na korting',
      invalid: 'Geef een geheel aantal punten van 0 of meer.',
    },
    supplier: {
      addForFreeShipping: 'Bestel nog voor %{amount} bij deze leverancier en de verzending is gratis.',
      belowMinimumBlocks: 'Zolang het minimumbedrag niet bereikt is, kan je niet bestellen.',
    },
    validate: {
      heading: 'Je bestelling kan nog niet geplaatst worden',
      line: '%{title}: %{message}',
      supplier: '%{supplier}: %{message}',
      minimumOrderPrice: '(minimum %{amount})',
      balance: '(je hebt %{balance} punten)',
      minOrderQuant: '(minimum %{minOrderQuant} stuks)',
      failed: 'Je winkelmandje kon niet gecontroleerd worden.',
    },
    orderedWithDiscount: 'Je bestelling %{number} is geplaatst, met %{discount} korting dankzij je punten.',
  },
};

export type CheckoutMessages = typeof nl;

const en: CheckoutMessages = {
  checkout: {
    giftCard: {
      legend: 'Gift card: %{title}',
      recipientName: 'Recipient name',
      recipientEmail: 'Recipient e-mail',
      message: 'Message',
      value: 'Value in euro',
      save: 'Save gift card',
      saved: 'The gift card details were saved.',
      incomplete: 'Fill in the recipient name and e-mail and a value above 0; you cannot order without them.',
    },
    details: {
      department: 'Department',
      project: 'Project',
      none: 'None',
    },
    address: {
      deliverTo: 'Deliver to',
      book: 'An address from the address book',
      oneTime: 'A one-time address',
      oneTimeHeading: 'One-time address',
      use: 'Use this address',
      saved: 'The one-time address was saved.',
      incomplete: 'Fill in at least the street, the zip code and the city.',
    },
    loyalty: {
      heading: 'Points',
      balance: 'You have %{smart_count} point. |||| You have %{smart_count} points.',
      points: 'Points to spend',
      preview: 'Discount: %{discount} (%{smart_count} point used) |||| Discount: %{discount} (%{smart_count} points used)',
      apply: 'Spend points',
      applied: 'The points will be deducted when you order.',
      totalAfter: 'To pay after discount',
      invalid: 'Enter a whole number of points, 0 or more.',
    },
    supplier: {
      addForFreeShipping: 'Add %{amount} more from this supplier for free shipping.',
      belowMinimumBlocks: 'You cannot order until the minimum amount is reached.',
    },
    validate: {
      heading: 'Your order cannot be placed yet',
      line: '%{title}: %{message}',
      supplier: '%{supplier}: %{message}',
      minimumOrderPrice: '(minimum %{amount})',
      balance: '(you have %{balance} points)',
      minOrderQuant: '(minimum %{minOrderQuant} pieces)',
      failed: 'Your basket could not be checked.',
    },
    orderedWithDiscount: 'Your order %{number} was placed, with a discount of %{discount} thanks to your points.',
  },
};

const fr: CheckoutMessages = {
  checkout: {
    giftCard: {
      legend: 'Carte cadeau : %{title}',
      recipientName: 'Nom du destinataire',
      recipientEmail: 'E-mail du destinataire',
      message: 'Message',
      value: 'Valeur en euros',
      save: 'Enregistrer la carte cadeau',
      saved: 'Les détails de la carte cadeau ont été enregistrés.',
      incomplete: "Indiquez le nom et l'e-mail du destinataire et une valeur supérieure à 0 ; sans eux, vous ne pouvez pas commander.",
    },
    details: {
      department: 'Département',
      project: 'Projet',
      none: 'Aucun',
    },
    address: {
      deliverTo: 'Livrer à',
      book: "Une adresse du carnet d'adresses",
      oneTime: 'Une adresse unique',
      oneTimeHeading: 'Adresse unique',
      use: 'Utiliser cette adresse',
      saved: "L'adresse unique a été enregistrée.",
      incomplete: 'Indiquez au moins la rue, le code postal et la ville.',
    },
    loyalty: {
      heading: 'Points',
      balance: 'Vous avez %{smart_count} point. |||| Vous avez %{smart_count} points.',
      points: 'Points à utiliser',
      preview: 'Remise : %{discount} (%{smart_count} point utilisé) |||| Remise : %{discount} (%{smart_count} points utilisés)',
      apply: 'Utiliser les points',
      applied: 'Les points seront déduits lors de votre commande.',
      totalAfter: 'À payer après remise',
      invalid: 'Indiquez un nombre entier de points, 0 ou plus.',
    },
    supplier: {
      addForFreeShipping: 'Ajoutez encore %{amount} chez ce fournisseur pour une livraison gratuite.',
      belowMinimumBlocks: "Vous ne pouvez pas commander tant que le montant minimum n'est pas atteint.",
    },
    validate: {
      heading: 'Votre commande ne peut pas encore être passée',
      line: '%{title} : %{message}',
      supplier: '%{supplier} : %{message}',
      minimumOrderPrice: '(minimum %{amount})',
      balance: '(vous avez %{balance} points)',
      minOrderQuant: '(minimum %{minOrderQuant} pièces)',
      failed: "Votre panier n'a pas pu être vérifié.",
    },
    orderedWithDiscount: 'Votre commande %{number} a été passée, avec une remise de %{discount} grâce à vos points.',
  },
};

export const CHECKOUT_MESSAGES: Readonly<Record<Language, CheckoutMessages>> = { nl, en, fr };
