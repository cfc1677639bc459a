import { field, resource, t } from '../dsl';

/**
 * Reminders on an order (flows §3 Reminder "title, description, date, isRecurring, frequency", §9
 * "Reminder frequencies daily, weekly, monthly, yearly"): a note its author gets by mail at a moment,
 * once or again every day, week, month or year. A reminder is its author's own: others neither see
 * nor change it. The `reminders.due` job sends what is due (src/server/reminders).
 */

export const REMINDER_FREQUENCIES = {
  daily: t('Dagelijks', 'Daily', 'Quotidien'),
  weekly: t('Wekelijks', 'Weekly', 'Hebdomadaire'),
  monthly: t('Maandelijks', 'Monthly', 'Mensuel'),
  yearly: t('Jaarlijks', 'Yearly', 'Annuel'),
};

export const orderReminders = resource('order-reminders', {
  label: { one: t('Herinnering', 'Reminder', 'Rappel'), many: t('Herinneringen', 'Reminders', 'Rappels') },
  scope: 'customer',
  area: 'orders',
  fields: {
    orderId: field.reference(t('Bestelling', 'Order', 'Commande'), 'orders').required().readOnly(),
    userId: field.reference(t('Voor', 'For', 'Pour'), 'users').readOnly(),
    title: field.text(t('Titel', 'Title', 'Titre')).required().max(200).example('Levering opvolgen'),
    description: field.textarea(t('Omschrijving', 'Description', 'Description')).max(4000),
    /** The (first) moment the reminder is due; a recurring one comes back every period from it. */
    date: field.datetime(t('Datum', 'Date', 'Date')).required(),
    isRecurring: field.boolean(t('Terugkerend', 'Recurring', 'Récurrent')).default(false),
    frequency: field.enum(t('Frequentie', 'Frequency', 'Fréquence'), REMINDER_FREQUENCIES),
    /** When the job sends it next; none once a one-off reminder was sent. */
    nextDueAt: field.datetime(t('Volgende keer', 'Next time', 'Prochaine fois')).readOnly(),
    lastSentAt: field.datetime(t('Laatst verstuurd', 'Last sent', 'Dernier envoi')).readOnly(),
    sentCount: field.integer(t('Aantal keer verstuurd', 'Times sent', "Nombre d'envois")).min(0).default(0).readOnly(),
  },
  recordRepresentation: 'title',
  list: { columns: ['date', 'title', 'frequency'], sort: { field: 'date', order: 'ASC' } },
  // Its calls: src/shared/contracts/order-reminders.ts.
  notFound: 'ReminderNotFound',
  failureTexts: {
    list: t('Fout bij het laden van de herinneringen', 'Error loading the reminders', 'Erreur lors du chargement des rappels'),
    create: t('Fout bij het aanmaken van de herinnering', 'Error creating the reminder', 'Erreur lors de la création du rappel'),
    update: t('Fout bij het wijzigen van de herinnering', 'Error updating the reminder', 'Erreur lors de la modification du rappel'),
    delete: t('Fout bij het verwijderen van de herinnering', 'Error deleting the reminder', 'Erreur lors de la suppression du rappel'),
  },
});
