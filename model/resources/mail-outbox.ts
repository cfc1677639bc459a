import { access, endpoints, field, filter, group, resource, sections, t } from '../dsl';
import { L } from '../catalogue/texts';

/** What a notification mail is about (src/server/mail/templates.ts renders one template per kind). */
export const MAIL_KINDS = {
  orderWaitingForApproval: t('Bestelling wacht op goedkeuring', 'Order waiting for approval', "Commande en attente d'approbation"),
  orderApproved: t('Bestelling goedgekeurd', 'Order approved', 'Commande approuvée'),
  orderRejected: t('Bestelling afgekeurd', 'Order rejected', 'Commande refusée'),
  orderComment: t('Opmerking bij bestelling', 'Comment on order', 'Commentaire sur la commande'),
  reminderDue: t('Herinnering', 'Reminder', 'Rappel'),
  supplierOrder: t('Bestelling aan leverancier', 'Order to a supplier', 'Commande au fournisseur'),
  supplierOrderUpdate: t('Nieuws van de leverancier', 'News from the supplier', 'Nouvelles du fournisseur'),
  reportExport: t('Export van rapporten', 'Report export', 'Exportation de rapports'),
  passwordLink: t('Wachtwoord instellen', 'Set your password', 'Définir votre mot de passe'),
  contractCancellationNotice: t('Contract: opzegdatum nadert', 'Contract: cancellation date ahead', 'Contrat : date de résiliation proche'),
  contractCancellationReminder: t('Contract: herinnering opzegdatum', 'Contract: cancellation date reminder', 'Contrat : rappel de la date de résiliation'),
  customerWelcome: t('Welkom bij een gevalideerd bedrijf', 'Welcome to a validated company', 'Bienvenue dans une entreprise validée'),
  articleBackInStock: t('Artikel terug op voorraad', 'Article back in stock', 'Article de nouveau en stock'),
};

/** A kind of mail the product sends (the keys of MAIL_KINDS). */
export type MailKind = keyof typeof MAIL_KINDS;

/** Where a message stands: written while being sent, sent, waiting for another attempt, or given up after the last one. */
export const MAIL_STATUSES = {
  sending: t('Wordt verzonden', 'Sending', "En cours d'envoi"),
  sent: t('Verzonden', 'Sent', 'Envoyé'),
  retrying: t('Nieuwe poging gepland', 'Retry planned', 'Nouvel essai prévu'),
  failed: t('Mislukt', 'Failed', 'Échec'),
};

/**
 * Every notification mail the platform sent or tried to send, one row per message (DESIGN §2 e-mail).
 * Without SMTP_URL this is the outbox a person reads (the raw message is also kept as
 * `${DATA_DIR}/outbox/<id>.eml`); with SMTP_URL it is the log of what went to the mail server.
 * The mail job writes the rows (src/server/mail/send-job.ts); platform admins only read them.
 */
export const mailOutbox = resource('mail-outbox', {
  label: { one: t('Verzonden e-mail', 'Sent e-mail', 'E-mail envoyé'), many: t('E-mails', 'E-mails', 'E-mails') },
  table: 'mail_outbox',
  scope: 'tenant',
  fields: {
    recipient: field.email(t('Aan', 'To', 'À')).readOnly(),
    subject: field.text(t('Onderwerp', 'Subject', 'Objet')).max(500).readOnly(),
    kind: field.enum(t('Soort', 'Kind', 'Type'), MAIL_KINDS).required().readOnly(),
    language: field.enum(t('Taal', 'Language', 'Langue'), {
      nl: t('Nederlands', 'Dutch', 'Néerlandais'), en: t('Engels', 'English', 'Anglais'), fr: t('Frans', 'French', 'Français'),
    }).readOnly(),
    status: field.enum(t('Status', 'Status', 'Statut'), MAIL_STATUSES).required().readOnly(),
    delivery: field.enum(t('Verzonden via', 'Sent through', 'Envoyé via'), {
      outbox: t('Outbox (niet verstuurd)', 'Outbox (not sent out)', "Boîte d'envoi (non expédié)"),
      smtp: t('Mailserver (SMTP)', 'Mail server (SMTP)', 'Serveur de messagerie (SMTP)'),
    }).readOnly(),
    attempts: field.integer(t('Pogingen', 'Attempts', 'Tentatives')).min(0).readOnly(),
    sentAt: field.datetime(t('Verzonden op', 'Sent at', 'Envoyé le')).readOnly(),
    error: field.textarea(t('Fout', 'Error', 'Erreur')).max(4000).readOnly(),
    text: field.textarea(t('Bericht', 'Message', 'Message')).readOnly(),
    // The HTML alternative of the same message: its source would only clutter the screens.
    html: field.textarea(t('HTML', 'HTML', 'HTML')).readOnly().hidden(),
    messageId: field.text(t('Message-ID', 'Message-ID', 'Message-ID')).max(500).readOnly(),
    // The files sent with the message (a supplier order's PDF), kept in the blob store as sent:
    // GET /admin/mail-outbox/{id}/attachments/{index} reads one back.
    attachments: field.list(t('Bijlagen', 'Attachments', 'Pièces jointes'), {
      fileName: field.text(t('Bestandsnaam', 'File name', 'Nom du fichier')).max(255),
      contentType: field.text(t('Type', 'Type', 'Type')).max(100),
      size: field.integer(t('Grootte', 'Size', 'Taille')).min(0),
      blobName: field.text(t('Blob', 'Blob', 'Blob')).max(100),
    }).readOnly(),
  },
  recordRepresentation: 'subject',
  filters: {
    search: filter.search(L.search, ['recipient', 'subject']),
    status: filter.eq(t('Status', 'Status', 'Statut'), 'status'),
    kind: filter.eq(t('Soort', 'Kind', 'Type'), 'kind'),
  },
  list: { columns: ['createdAt', 'recipient', 'subject', 'kind', 'status'], sort: { field: 'createdAt', order: 'DESC' } },
  endpoints: {
    admin: endpoints.query('/admin/mail-outbox', ['query', 'getById'], access.platformAdmin()),
  },
  screens: {
    path: '/ycAdmin/mail-outbox',
    endpoint: 'admin',
    menu: { section: 'admin', order: 90, icon: 'Outbox' },
    groups: sections({
      message: group(t('Bericht', 'Message', 'Message'), ['recipient', 'subject', 'language', 'text']),
      delivery: group(t('Verzending', 'Delivery', 'Expédition'), ['kind', 'status', 'delivery', 'sentAt', 'attempts', 'error', 'messageId']),
    }),
  },
  // Its call (one attachment of a message) is in src/shared/contracts/mail-outbox.ts.
  notFound: 'notFound',
  failureTexts: {
    list: t('Fout bij het opvragen van de e-mails', 'Error querying e-mails', 'Erreur lors de la recherche des e-mails'),
    get: t('Fout bij het ophalen van de e-mail', 'Error getting the e-mail', "Erreur lors de la récupération de l'e-mail"),
  },
});
