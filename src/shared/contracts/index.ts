import type { ActionContract } from './define';
import { orderRatingContracts } from './order-ratings';

/** Every custom action's contract, by resource and action name (the generic CRUD's come from the model's endpoints). */
export const CONTRACTS = {
  'order-ratings': orderRatingContracts,
} as const satisfies Readonly<Record<string, Readonly<Record<string, ActionContract>>>>;

export type Contracts = typeof CONTRACTS;
