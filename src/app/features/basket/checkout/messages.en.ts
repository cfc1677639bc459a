import type { CheckoutMessages } from './messages';

/** The English texts of ./checkout.ts. */
export const en: CheckoutMessages = {
  checkout: {
    giftCard: {
      legend: 'Gift card: {{title}}',
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
      requestedDeliveryDateHelp: 'Optional: the suppliers see it with their order.',
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
      balance_one: 'You have {{count}} point.',
      balance_other: 'You have {{count}} points.',
      points: 'Points to spend',
      preview_one: 'Discount: {{discount}} ({{count}} point used)',
      preview_other: 'Discount: {{discount}} ({{count}} points used)',
      apply: 'Spend points',
      applied: 'The points will be deducted when you order.',
      totalAfter: 'To pay after discount',
      invalid: 'Enter a whole number of points, 0 or more.',
    },
    supplier: {
      addForFreeShipping: 'Add {{amount}} more from this supplier for free shipping.',
      belowMinimumBlocks: 'You cannot order until the minimum amount is reached.',
    },
    validate: {
      heading: 'Your order cannot be placed yet',
      line: '{{title}}: {{message}}',
      supplier: '{{supplier}}: {{message}}',
      minimumOrderPrice: '(minimum {{amount}})',
      tenderTotal: '(total with this supplier: {{amount}})',
      balance: '(you have {{balance}} points)',
      minOrderQuant_one: '(minimum {{count}} piece)',
      minOrderQuant_other: '(minimum {{count}} pieces)',
      failed: 'Your basket could not be checked.',
    },
    orderedWithDiscount: 'Your order {{number}} was placed, with a discount of {{discount}} thanks to your points.',
  },
};
