import type { UnauthorizedMessages } from './unauthorized-messages';

export const en: UnauthorizedMessages = {
  unauthorizedWhy: {
    page: 'You cannot open the page "{{page}}".',
    feature: 'It belongs to the feature "{{feature}}", which is not switched on for your company. Your company\'s administrator can ask for it to be switched on.',
    right: "Your role does not allow you to {{what}}. Your company's administrator can give you those rights.",
    supplierSide: "As a supplier's user you work in the supplier's side of the shop; this page belongs to the customer's side.",
    actAsCompany: "It shows a company's data: as a platform admin you open it by acting as one of that company's users.",
    platform: 'This page is for platform admins.',
    letters: { R: 'view this', W: 'change this', C: 'create anything here', D: 'delete this', X: 'run this' },
  },
};
