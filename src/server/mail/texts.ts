import { t, type Language, type Translations } from '../../../model/dsl/i18n';
import type { MailKind } from '../../../model/resources/mail-outbox';

/**
 * The words of every notification mail in nl, en and fr, in i18next's format: the server's i18next
 * instance reads them under `mail.<kind>.*` (src/server/i18n) and render.ts fills their `{{name}}`
 * placeholders (escaped for the HTML part); a paragraph whose placeholders are all empty is left out.
 * `{{amount}}` is the order's total in brackets after a space (' (€ 12,50)'), or nothing when unknown.
 * (A type, not an interface: as a tree of texts in src/server/i18n/resources.ts it needs an index signature.)
 */
export type MailText = {
  subject: Translations;
  paragraphs: readonly Translations[];
  /** The label of the link to the page the mail is about. */
  action: Translations;
};

const viewOrder = t('Bestelling bekijken', 'View the order', 'Voir la commande');

export const MAIL_TEXTS: Readonly<Record<MailKind, MailText>> = {
  orderWaitingForApproval: {
    subject: t('Bestelling {{orderNumber}} wacht op je goedkeuring', 'Order {{orderNumber}} is waiting for your approval', 'La commande {{orderNumber}} attend votre approbation'),
    paragraphs: [
      t('{{orderedBy}} plaatste bestelling {{orderNumber}}{{amount}}.', '{{orderedBy}} placed order {{orderNumber}}{{amount}}.', '{{orderedBy}} a passé la commande {{orderNumber}}{{amount}}.'),
      t('De bestelling wacht op je beslissing: keur ze goed of af op de pagina van de bestelling.',
        "The order is waiting for your decision: approve or reject it on the order's page.",
        'La commande attend votre décision : approuvez-la ou refusez-la sur la page de la commande.'),
    ],
    action: t('Bestelling beoordelen', 'Review the order', 'Examiner la commande'),
  },
  orderApproved: {
    subject: t('Je bestelling {{orderNumber}} is goedgekeurd', 'Your order {{orderNumber}} has been approved', 'Votre commande {{orderNumber}} a été approuvée'),
    paragraphs: [
      t('Bestelling {{orderNumber}}{{amount}} is goedgekeurd.', 'Order {{orderNumber}}{{amount}} has been approved.', 'La commande {{orderNumber}}{{amount}} a été approuvée.'),
    ],
    action: viewOrder,
  },
  orderRejected: {
    subject: t('Je bestelling {{orderNumber}} is afgekeurd', 'Your order {{orderNumber}} has been rejected', 'Votre commande {{orderNumber}} a été refusée'),
    paragraphs: [
      t('Bestelling {{orderNumber}}{{amount}} is afgekeurd.', 'Order {{orderNumber}}{{amount}} has been rejected.', 'La commande {{orderNumber}}{{amount}} a été refusée.'),
      t('Reden: {{reason}}', 'Reason: {{reason}}', 'Motif : {{reason}}'),
    ],
    action: viewOrder,
  },
  orderComment: {
    subject: t('Nieuwe opmerking bij bestelling {{orderNumber}}', 'New comment on order {{orderNumber}}', 'Nouveau commentaire sur la commande {{orderNumber}}'),
    paragraphs: [
      t('{{author}} schreef bij bestelling {{orderNumber}}, die je volgt:', '{{author}} wrote on order {{orderNumber}}, which you follow:', '{{author}} a écrit sur la commande {{orderNumber}}, que vous suivez :'),
      t('{{comment}}', '{{comment}}', '{{comment}}'),
    ],
    action: viewOrder,
  },
  // To whoever placed the order and its conversation's followers (src/server/fulfilment/supplier-order-news.ts):
  // `{{update}}` is the status the supplier set in the reader's language, or that it announced a delivery.
  supplierOrderUpdate: {
    subject: t('Leveranciersbestelling {{gcsNumber}}: {{update}}', 'Supplier order {{gcsNumber}}: {{update}}', 'Commande fournisseur {{gcsNumber}} : {{update}}'),
    paragraphs: [
      t('{{supplier}} werkte leveranciersbestelling {{gcsNumber}} van bestelling {{orderNumber}} bij: {{update}}.',
        '{{supplier}} updated supplier order {{gcsNumber}} of order {{orderNumber}}: {{update}}.',
        '{{supplier}} a mis à jour la commande fournisseur {{gcsNumber}} de la commande {{orderNumber}} : {{update}}.'),
      t('Reden: {{reason}}', 'Reason: {{reason}}', 'Motif : {{reason}}'),
      t('Opmerking van de leverancier: {{remark}}', 'Remark of the supplier: {{remark}}', 'Remarque du fournisseur : {{remark}}'),
      t('Levering {{deliveryNumber}} is onderweg: bevestig bij ontvangst wat er aankwam.',
        'Delivery {{deliveryNumber}} is on its way: confirm what arrived when it does.',
        'La livraison {{deliveryNumber}} est en route : confirmez ce qui est arrivé à sa réception.'),
    ],
    action: viewOrder,
  },
  // To a supplier (no user of the shop): the supplier order's PDF is attached (src/server/fulfilment/send-job.ts).
  supplierOrder: {
    subject: t('Bestelling {{gcsNumber}} van {{customer}}', 'Order {{gcsNumber}} from {{customer}}', 'Commande {{gcsNumber}} de {{customer}}'),
    paragraphs: [
      t('In bijlage vindt u onze bestelling {{gcsNumber}} (bestelling {{orderNumber}}) voor {{customer}}{{amount}}.',
        'Please find attached our order {{gcsNumber}} (order {{orderNumber}}) for {{customer}}{{amount}}.',
        'Vous trouverez en annexe notre commande {{gcsNumber}} (commande {{orderNumber}}) pour {{customer}}{{amount}}.'),
      t('{{message}}', '{{message}}', '{{message}}'),
      t('Gelieve de bestelling te bevestigen. U kunt ze ook opvolgen in de shop.',
        'Please confirm the order. You can also follow it up in the shop.',
        'Merci de confirmer la commande. Vous pouvez aussi la suivre dans la boutique.'),
    ],
    action: t('Bestelling opvolgen', 'Follow up the order', 'Suivre la commande'),
  },
  customerWelcome: {
    subject: t('{{customer}} is geregistreerd', '{{customer}} is registered', '{{customer}} est enregistrée'),
    paragraphs: [
      t('Je registratie van {{customer}} is bevestigd. Je bent de beheerder van het bedrijf in de shop.',
        'Your registration of {{customer}} has been confirmed. You are the administrator of the company in the shop.',
        "Votre inscription de {{customer}} est confirmée. Vous êtes l'administrateur de l'entreprise dans la boutique."),
      t('Meld je aan om te bestellen en je collega\'s uit te nodigen.', 'Sign in to order and to invite your colleagues.', 'Connectez-vous pour commander et inviter vos collègues.'),
    ],
    action: t('Naar de shop', 'Go to the shop', 'Aller à la boutique'),
  },
  articleBackInStock: {
    subject: t('{{article}} is weer op voorraad', '{{article}} is back in stock', '{{article}} est de nouveau en stock'),
    paragraphs: [
      t('Je vroeg ons je te laten weten wanneer {{article}} weer op voorraad is. Het is nu opnieuw te bestellen.',
        'You asked us to let you know when {{article}} is back in stock. It can be ordered again now.',
        'Vous nous avez demandé de vous prévenir quand {{article}} serait de nouveau en stock. Il peut à nouveau être commandé.'),
    ],
    action: t('Artikel bekijken', 'View the article', "Voir l'article"),
  },
  reminderDue: {
    subject: t('Herinnering: {{title}}', 'Reminder: {{title}}', 'Rappel : {{title}}'),
    paragraphs: [t('{{title}}', '{{title}}', '{{title}}'), t('{{description}}', '{{description}}', '{{description}}')],
    action: t('Openen', 'Open', 'Ouvrir'),
  },
  reportExport: {
    subject: t('Je export van {{customer}} ({{period}})', 'Your export of {{customer}} ({{period}})', 'Votre exportation de {{customer}} ({{period}})'),
    paragraphs: [
      t('In bijlage vindt u de export die u vroeg: de bestellingen, leveranciersbestellingen, leveringen en uitgaven per leverancier van {{customer}}, {{period}} ({{rows}} rijen).',
        'Attached is the export you asked for: the orders, supplier orders, deliveries and spend per supplier of {{customer}}, {{period}} ({{rows}} rows).',
        "Vous trouverez en annexe l'exportation demandée : les commandes, commandes fournisseurs, livraisons et dépenses par fournisseur de {{customer}}, {{period}} ({{rows}} lignes)."),
    ],
    action: t('Rapportering openen', 'Open reporting', 'Ouvrir les rapports'),
  },
  passwordLink: {
    subject: t('Stel je wachtwoord in voor {{product}}', 'Set your password for {{product}}', 'Définissez votre mot de passe pour {{product}}'),
    paragraphs: [
      t('{{invitation}}', '{{invitation}}', '{{invitation}}'),
      t('Kies via de link hieronder een wachtwoord. De link werkt één keer en vervalt na {{hours}} uur.',
        'Choose a password through the link below. The link works once and expires after {{hours}} hours.',
        'Choisissez un mot de passe via le lien ci-dessous. Le lien fonctionne une fois et expire après {{hours}} heures.'),
      t('Meld je daarna aan met je e-mailadres {{email}}.', 'Then sign in with your e-mail address {{email}}.', 'Connectez-vous ensuite avec votre adresse e-mail {{email}}.'),
    ],
    action: t('Wachtwoord instellen', 'Set your password', 'Définir le mot de passe'),
  },
  contractCancellationNotice: {
    subject: t('Contract {{title}}: opzeggen kan tot {{date}}', 'Contract {{title}}: cancel by {{date}}', 'Contrat {{title}} : résiliation possible jusqu’au {{date}}'),
    paragraphs: [
      t('Het contract {{title}} {{contractNumber}} kan nog opgezegd worden tot {{date}}. Daarna loopt het verder of af zoals afgesproken.',
        'The contract {{title}} {{contractNumber}} can still be cancelled until {{date}}. After that it continues or ends as agreed.',
        'Le contrat {{title}} {{contractNumber}} peut encore être résilié jusqu’au {{date}}. Ensuite, il se poursuit ou prend fin comme convenu.'),
    ],
    action: t('Contract bekijken', 'View the contract', 'Voir le contrat'),
  },
  contractCancellationReminder: {
    subject: t('Herinnering: contract {{title}} opzeggen kan tot {{date}}', 'Reminder: contract {{title}} can be cancelled until {{date}}', 'Rappel : le contrat {{title}} peut être résilié jusqu’au {{date}}'),
    paragraphs: [
      t('Nog enkele dagen: het contract {{title}} {{contractNumber}} kan opgezegd worden tot {{date}}.',
        'A few days left: the contract {{title}} {{contractNumber}} can be cancelled until {{date}}.',
        'Plus que quelques jours : le contrat {{title}} {{contractNumber}} peut être résilié jusqu’au {{date}}.'),
    ],
    action: t('Contract bekijken', 'View the contract', 'Voir le contrat'),
  },
};

/** The lines around every mail: greeting and sign-off. */
export const MAIL_FRAME = {
  greeting: t('Hallo {{name}},', 'Hello {{name}},', 'Bonjour {{name}},'),
  /** The link in the text part (French puts a space before the colon). */
  actionLine: t('{{action}}: {{link}}', '{{action}}: {{link}}', '{{action}} : {{link}}'),
  signOff: t('Met vriendelijke groeten,', 'Kind regards,', 'Cordialement,'),
  /** Why the reader gets this mail, under the sign-off. */
  footer: t('Deze e-mail werd automatisch verstuurd door {{product}}.', 'This e-mail was sent automatically by {{product}}.', 'Cet e-mail a été envoyé automatiquement par {{product}}.'),
} as const;

/** Stand-ins where a name is unknown. */
export const MAIL_FALLBACKS = {
  someone: t('Iemand', 'Someone', "Quelqu'un"),
  points: t('punten', 'points', 'points'),
  /** supplierOrderUpdate's `{{update}}` for a delivery announced without a status of its own. */
  deliveryAnnounced: t('levering aangekondigd', 'delivery announced', 'livraison annoncée'),
  /** The first line of an invitation (passwordLink with invited). */
  invited: t('Je werd uitgenodigd voor {{product}}.', 'You have been invited to {{product}}.', 'Vous avez été invité(e) sur {{product}}.'),
} as const;

/** An export's period in its mail (reportExport's `{{period}}`), the end day shown inclusive. */
export const MAIL_PERIOD = {
  all: t('alle gegevens', 'all data', 'toutes les données'),
  from: t('vanaf {{day}}', 'from {{day}}', 'du {{day}}'),
  until: t('tot en met {{day}}', 'up to and including {{day}}', "jusqu'au {{day}}"),
} as const;

/** Intl locale of a mail's language (DESIGN: dates and numbers the Belgian way). */
export const MAIL_LOCALES: Readonly<Record<Language, string>> = { nl: 'nl-BE', en: 'en-BE', fr: 'fr-BE' };
