import type { ActionContract } from './define';
import { orderRatingContracts } from './order-ratings';
import { orderContracts } from './orders';
import { transporterContracts } from './transporters';
import { warehouseInstanceContracts } from './warehouse-instances';
import { stockMovementContracts } from './stock-movements';
import { loyaltyContracts } from './loyalty-transactions';
import { orderReminderContracts } from './order-reminders';

/** Every custom action's contract, by resource and action name (the generic CRUD's come from the model's endpoints). */
export const CONTRACTS: Readonly<Record<string, Readonly<Record<string, ActionContract>>>> = {
  'order-ratings': orderRatingContracts,
  orders: orderContracts,
  transporters: transporterContracts,
  'warehouse-instances': warehouseInstanceContracts,
  'stock-movements': stockMovementContracts,
  'loyalty-transactions': loyaltyContracts,
  'order-reminders': orderReminderContracts,
};
