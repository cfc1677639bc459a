import type { AssistantMessages } from './assistant';

/** The English texts of ./assistant.ts. */
export const en: AssistantMessages = {
  assistant: {
    icon: 'Assistant',
    openChat: 'Open the help assistant',
    closeChat: 'Close the help assistant',
    dismiss: 'Close notification',
    newNotification: 'New notification',
    title: 'Help assistant',
    greeting: 'Hello {{name}}! How can I help? Choose a question or type your own.',
    topics: 'Frequently asked questions',
    conversation: 'Conversation with the help assistant',
    inputLabel: 'Your question',
    send: 'Send',
    you: 'You',
    bot: 'Assistant',
    notUnderstood: "I have no answer to that. Choose one of the questions below, or ask your company's administrator.",
    links: 'Go to',
    faq: {
      order: {
        question: 'How do I place an order?',
        answer: 'Find a product with the search box at the top or browse the products, and add it to your basket. Then open the basket and confirm your order. If your company uses an order form or order requests, you find them in the menu under Order.',
        keywords: 'order orders ordering buy purchase product products form request',
      },
      basket: {
        question: 'How does the basket work?',
        answer: 'The basket icon at the top shows how many items it holds. You cannot order more than is in stock. When the basket is empty, add a product first.',
        keywords: 'basket cart trolley quantity amount stock empty',
      },
      orders: {
        question: 'Where do I follow my orders, deliveries and invoices?',
        answer: 'The menu has Orders, Deliveries and Invoices, as far as your company uses them and you have the rights to see them.',
        keywords: 'status follow track tracking delivery deliveries invoice invoices delivered payment',
      },
      company: {
        question: 'How do I switch company?',
        answer: 'If you work for more than one company, choose Switch company in your user menu (top right), or use the company button in the top bar. What you see and order always applies to the active company.',
        keywords: 'company companies switch firm customer organisation organization business active',
      },
      language: {
        question: 'How do I change the language?',
        answer: 'Choose Nederlands, English or Français with the language button in the top bar, or set your language in your user settings: then it is also kept for your next sign-in.',
        keywords: 'language languages dutch english french nederlands français translation',
      },
      settings: {
        question: 'Where do I change my details and settings?',
        answer: 'In your user settings (user menu, top right) you choose your language, phone number, landing page and departments.',
        keywords: 'settings setting details profile phone landing page department departments account password',
      },
      contact: {
        question: 'Who can I contact?',
        answer: "For rights, users and departments of your company: your company's administrator. For an order or delivery: the supplier, with the details on the supplier. For a problem with the web shop itself: the platform's customer service.",
        keywords: 'contact help question administrator admin support service problem rights access call mail',
      },
    },
  },
};
