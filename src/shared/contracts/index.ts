import type { ActionContract } from './define';
import { orderRatingContracts } from './order-ratings';
import { loyaltyContracts } from './loyalty-transactions';
import { orderReminderContracts } from './order-reminders';

/** Every custom action's contract, by resource and action name (the generic CRUD's come from the model's endpoints). */
export const CONTRACTS: Readonly<Record<string, Readonly<Record<string, ActionContract>>>> = {
  'order-ratings': orderRatingContracts,
  'loyalty-transactions': loyaltyContracts,
  'order-reminders': orderReminderContracts,
};
