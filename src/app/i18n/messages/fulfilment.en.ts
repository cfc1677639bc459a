import type { FulfilmentMessages } from './fulfilment';

export const en: FulfilmentMessages = {
  fulfilment: {
    supplierOrders: {
      mine: 'My supplier orders',
      mineHelp: 'The orders your supplier received: confirm, follow up and deliver them.',
      allStatuses: 'All statuses',
      search: 'Search by number',
      empty: 'No supplier orders match.',
      count: '{{count}} supplier orders',
      title: 'Supplier orders',
      none: 'This order has no supplier orders yet: they are made when the order is approved.',
      loadFailed: 'The supplier order could not be loaded.',
      linesRegion: 'Lines (scrolls sideways)',
      lines: 'Lines',
      followUps: 'Follow-up',
      noFollowUps: 'No follow-up yet.',
      customer: 'Customer',
      supplier: 'Supplier',
      newStatus: 'New status',
      keepStatus: 'Keep the status',
      remark: 'Remark',
      remarkHelp: 'Required when ordering failed: the reason.',
      add: 'Add follow-up',
      added: 'The follow-up is saved.',
      statusChange: '{{from}} → {{to}}',
      by: 'by {{name}}',
      open: 'Open supplier order {{number}}',
      toOrder: 'To order {{number}}',
      reason: 'Reason: {{reason}}',
    },
  },
};
