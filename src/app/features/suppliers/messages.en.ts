import type { SupplierMessages } from './messages';

export const en: SupplierMessages = {
  suppliers: {
    list: {
      title: 'Suppliers',
      help: "The platform's suppliers your company orders from, and your company's own suppliers.",
      search: 'Search by name, VAT number or e-mail',
      onlyOwn: 'Own suppliers only',
      create: 'Create supplier',
      empty: 'No suppliers found.',
      count_one: '{{count}} supplier',
      count_other: '{{count}} suppliers',
      listFailed: 'The suppliers could not be loaded.',
      own: 'Own supplier',
      platform: 'Platform supplier',
      inactive: 'Inactive',
      shipping: 'Shipping {{cost}}',
      freeFrom: 'free from {{amount}}',
      freeShipping: 'Free shipping',
    },
    detail: {
      back: 'Suppliers',
      loadFailed: 'The supplier could not be loaded.',
      edit: 'Edit',
      contact: 'Contact',
      delivery: 'Delivery',
      finance: 'Finance budget',
      period: '{{start}} to {{end}}',
      none: '–',
      budgetReference: {
        title: "Your company's budget reference",
        help: 'How your company books this supplier: the budget reference, and the departments and projects that order from it.',
        reference: 'Budget reference',
        departments: 'Departments',
        projects: 'Projects',
        save: 'Save budget reference',
        saved: 'Budget reference saved.',
      },
      pdf: {
        title: 'Order PDF',
        help: 'What the PDF of an order with this supplier says above the order, to the supplier, and at the bottom of every page.',
        save: 'Save order PDF',
        saved: 'Order PDF saved.',
      },
    },
    form: {
      createTitle: 'Create own supplier',
      editTitle: 'Edit supplier',
      cancel: 'Cancel',
    },
  },
};
