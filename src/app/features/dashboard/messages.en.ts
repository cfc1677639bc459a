import type { DashboardMessages } from './messages';

/** The English texts of ./dashboard.ts. */
export const en: DashboardMessages = {
  dashboard: {
    toApprove: 'To approve',
    toApproveCount_one: '{{count}} order is waiting for you',
    toApproveCount_other: '{{count}} orders are waiting for you',
    nothingToApprove: 'Nothing is waiting for your approval.',
    tasks: 'My tasks',
    noTasks: 'You have no open tasks.',
    step: { approve: 'Approve', assignBudgets: 'Assign budget', requireFinance: 'Approve', approveFinance: 'Finance approval' },
    recentOrders: 'My latest orders',
    noOrders: 'You have not ordered anything yet.',
    orderedBy: 'by {{name}}',
    allOrders: 'All orders',
    openInbox: 'Go to the orders to approve',
    shop: 'Go to the products',
    loadFailed: 'This part of the dashboard could not be loaded.',
    banners: 'Promotions',
    bannerUntil: 'Until {{date}}',
    bannerOpen: 'View',
    recentArticles: 'Order again',
    topArticles: 'Ordered most',
    promoted: 'Featured',
    promotedCount: '{{shown}} of {{total}}',
    popularCategories: 'Popular categories',
    firstOrder: {
      title: 'Place your first order',
      text: 'Your company has not ordered anything yet. Search the catalogue or start from a popular category; what you order shows up here to order again in one click.',
      action: 'Browse the catalogue',
    },
    platform: {
      title: 'Platform administration',
      text: 'The admin screens you can open, with the number of records in each.',
      open: 'Open {{name}}',
      openShort: 'Open',
    },
  },
};
