/**
 * The built-in help of the chat bot (core §2 assistant and chat bot, §6 visibility), pure: which
 * topics it knows, which pages each topic links to, the feature gate, and matching a typed question
 * to a topic. The texts are in src/app/i18n/messages/assistant.ts; no outside service is asked.
 */
import type { FeatureName } from '../../../../model/catalogue/features';
import type { PageTable } from '../../../shared/generated-contract';
import { canOpenPage, type PageSubject } from '../../../shared/page-access';
import type { PageRegistry } from '../pages/built-pages';
import type { SessionState } from '../../session/store';

/** The domain feature that switches the chat bot on for a customer (model/catalogue/features.ts). */
export const CHAT_BOT_FEATURE: FeatureName = 'chatBot';

/** Core §6: the chat bot shows only while signed in and when the acting customer has the chat-bot feature. */
export function chatBotEnabled(session: SessionState | null): boolean {
  return !!session?.loggedIn && !!session.user && session.features?.[CHAT_BOT_FEATURE] === true;
}

/** The topics in the order the chat bot offers them; texts under assistant.faq.<id>. */
export const HELP_TOPICS = [
  { id: 'order', pages: ['products', 'order-form', 'order-request', 'transporter'] },
  { id: 'basket', pages: ['transporter', 'products'] },
  { id: 'orders', pages: ['orders', 'deliveries', 'invoices'] },
  { id: 'company', pages: ['dashboard'] },
  { id: 'language', pages: ['user-settings'] },
  { id: 'settings', pages: ['user-settings', 'user-settings-list-departments'] },
  { id: 'contact', pages: ['users', 'suppliers'] },
] as const satisfies readonly { id: string; pages: readonly string[] }[];

export type HelpTopicId = (typeof HELP_TOPICS)[number]['id'];

export interface HelpLink {
  page: string;
  path: string;
  titleKey: string;
}

/**
 * The pages a topic links to for this user: only pages the app has built (the registry) and the
 * user may open (the same page guards as the router), never a path with parameters.
 */
export function topicLinks(topic: HelpTopicId, subject: PageSubject | null, pages: PageTable, registry: PageRegistry): HelpLink[] {
  const def = HELP_TOPICS.find((t) => t.id === topic);
  if (!def || !subject) return [];
  return def.pages.flatMap((name) => {
    const page = pages[name];
    if (!page || !(name in registry) || page.path.includes(':')) return [];
    return canOpenPage(page, subject) === 'ok' ? [{ page: name, path: page.path, titleKey: page.titleKey }] : [];
  });
}

/** Lower case without accents, split into words ('Où' → 'ou', 'français' → 'francais'). */
export function words(text: string): string[] {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 1);
}

/**
 * The topic a typed question is about: the one whose keywords match most of its words (a keyword
 * matches a word it starts: 'bestel' matches 'bestelling'); null when none matches. Ties go to the
 * topic listed first.
 */
export function matchTopic(question: string, keywordsOf: (topic: HelpTopicId) => string): HelpTopicId | null {
  const asked = words(question);
  let best: { topic: HelpTopicId; score: number } | null = null;
  for (const { id } of HELP_TOPICS) {
    const keywords = words(keywordsOf(id));
    const score = asked.filter((w) => keywords.some((k) => w.startsWith(k) || (w.length >= 4 && k.startsWith(w)))).length;
    if (score > 0 && (!best || score > best.score)) best = { topic: id, score };
  }
  return best?.topic ?? null;
}
