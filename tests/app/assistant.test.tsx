import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { PAGES } from '../../generated/app/pages.gen';
import { CONSTANTS } from '../../model/catalogue/constants';
import { Assistant } from '../../src/app/shell/assistant/Assistant';
import { chatBotEnabled, matchTopic, topicLinks } from '../../src/app/shell/assistant/help';
import { nl as assistantNl } from '../../src/app/i18n/messages/assistant';
import { en as assistantEn } from '../../src/app/i18n/messages/assistant.en';
import { fr as assistantFr } from '../../src/app/i18n/messages/assistant.fr';
import { createNoticeFeed, createNotifier, createToastGate } from '../../src/app/notify/notify';
import { EMPTY_SESSION } from '../../src/app/session/store';
import type { PageSubject } from '../../src/shared/page-access';
import { user } from './helpers';
import { renderShell } from './shell-harness';

const ASSISTANT_MESSAGES = { nl: assistantNl, en: assistantEn, fr: assistantFr };
const notice = () => screen.queryByRole('status', { name: 'Nieuwe melding' });
const chatButton = () => screen.queryByRole('button', { name: 'Open de hulpassistent' });
// The pages the app has built in these tests: the links may only lead there.
const registry = { 'user-settings': null, users: null, dashboard: null };

describe('the assistant icon (core §4: hides after an 8.5 s debounce)', () => {
  afterEach(() => vi.useRealTimers());

  it('appears with a notification and hides 8.5 s after the last one, each new one restarting the clock', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const feed = createNoticeFeed();
    await renderShell(<Assistant feed={feed} registry={registry} />, { features: {} });
    await waitFor(() => expect(screen.getByRole('status', { name: 'path' })).toBeInTheDocument());
    expect(screen.queryByRole('img', { name: 'Assistent' })).toBeNull();

    // A notification shown through the app's notifier reaches the assistant.
    const notifier = createNotifier(vi.fn(), { isAuthenticated: () => true, gate: createToastGate(), notices: feed });
    act(() => void notifier.notification('app.company.switched', { messageArgs: { company: 'Acme NV' } }));
    expect(await screen.findByRole('status', { name: 'Nieuwe melding' })).toHaveTextContent('Je werkt nu voor Acme NV.');
    expect(screen.getByRole('img', { name: 'Assistent' })).toBeInTheDocument();

    act(() => void vi.advanceTimersByTime(8000));
    expect(notice()).not.toBeNull();
    act(() => feed.publish({ message: 'app.company.alreadySelected', variation: 'info' }));
    act(() => void vi.advanceTimersByTime(8400));
    // 16.4 s after the first notification, 8.4 s after the second: still there.
    expect(notice()).toHaveTextContent('Dit bedrijf is al geselecteerd.');
    act(() => void vi.advanceTimersByTime(CONSTANTS.assistantHideMs - 8400));
    await waitFor(() => expect(notice()).toBeNull());
    // Without the chat bot the icon only lives as long as its notification.
    expect(screen.queryByRole('img', { name: 'Assistent' })).toBeNull();
    expect(CONSTANTS.assistantHideMs).toBe(8500);
  });

  it('can be dismissed by keyboard before the 8.5 s are over', async () => {
    const feed = createNoticeFeed();
    await renderShell(<Assistant feed={feed} registry={registry} />);
    await waitFor(() => expect(screen.getByRole('status', { name: 'path' })).toBeInTheDocument());
    act(() => feed.publish({ message: 'Saved', variation: 'success' }));
    const close = await screen.findByRole('button', { name: 'Melding sluiten' });
    close.focus();
    fireEvent.click(close);
    expect(notice()).toBeNull();
  });

  it('shows nothing while signed out, whatever arrives', async () => {
    const feed = createNoticeFeed();
    await renderShell(<Assistant feed={feed} registry={registry} />, { signedIn: false, features: { chatBot: true } });
    act(() => feed.publish({ message: 'Hello', variation: 'primary' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(notice()).toBeNull();
    expect(chatButton()).toBeNull();
  });
});

describe('the chat bot (core §6: by the customer chat-bot feature and being signed in)', () => {
  it('is there for a customer with the chatBot feature and not for one without', async () => {
    await renderShell(<Assistant feed={createNoticeFeed()} registry={registry} />, { features: { chatBot: false, budgets: true } });
    await waitFor(() => expect(screen.getByRole('status', { name: 'path' })).toBeInTheDocument());
    await new Promise((r) => setTimeout(r, 50));
    expect(chatButton()).toBeNull();
    expect(chatBotEnabled({ ...EMPTY_SESSION, loggedIn: true, user: user(), features: { chatBot: true } })).toBe(true);
    expect(chatBotEnabled({ ...EMPTY_SESSION, loggedIn: false, user: user(), features: { chatBot: true } })).toBe(false);
    expect(chatBotEnabled({ ...EMPTY_SESSION, loggedIn: true, user: user(), features: {} })).toBe(false);
  });

  it('opens from the icon, answers the built-in questions with links the user may open, and closes with Escape', async () => {
    const feed = createNoticeFeed();
    await renderShell(<Assistant feed={feed} registry={registry} />, { features: { chatBot: true }, permissions: [] });
    const open = await screen.findByRole('button', { name: 'Open de hulpassistent' });
    fireEvent.click(open);
    const dialog = screen.getByRole('dialog', { name: 'Hulpassistent' });
    expect(dialog).toHaveTextContent('Hallo Bea! Waarmee kan ik je helpen?');
    expect(screen.getByRole('textbox', { name: 'Je vraag' })).toHaveFocus();

    fireEvent.click(screen.getByRole('button', { name: 'Hoe verander ik de taal?' }));
    const log = screen.getByRole('log', { name: 'Gesprek met de hulpassistent' });
    expect(log).toHaveTextContent(ASSISTANT_MESSAGES.nl.assistant.faq.language.answer);
    expect(screen.getByRole('link', { name: 'Gebruikersinstellingen' })).toHaveAttribute('href', '/user-settings');

    // A typed question is matched on its words; the contact answer would link /users, which needs users:R.
    fireEvent.change(screen.getByRole('textbox', { name: 'Je vraag' }), { target: { value: 'Wie is de beheerder?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verstuur' }));
    expect(log).toHaveTextContent(ASSISTANT_MESSAGES.nl.assistant.faq.contact.answer);
    expect(screen.queryByRole('link', { name: 'Gebruikers' })).toBeNull();

    fireEvent.change(screen.getByRole('textbox', { name: 'Je vraag' }), { target: { value: 'xyzzy' } });
    fireEvent.submit(screen.getByRole('textbox', { name: 'Je vraag' }).closest('form')!);
    expect(log).toHaveTextContent(ASSISTANT_MESSAGES.nl.assistant.notUnderstood);

    // Notifications also land in the conversation.
    act(() => feed.publish({ message: 'app.company.alreadySelected', variation: 'info' }));
    expect(log).toHaveTextContent('Dit bedrijf is al geselecteerd.');

    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Open de hulpassistent' })).toHaveFocus();
  });
});

describe('the help content', () => {
  const subject = (permissions: string[]): PageSubject => ({ userType: 3, permissions, customerId: 'c1', features: [], hasCustomerAccess: true });

  it('links only to built pages the user may open', () => {
    expect(topicLinks('contact', subject([]), PAGES, registry)).toEqual([]);
    expect(topicLinks('contact', subject(['users:R']), PAGES, registry).map((l) => l.path)).toEqual(['/users']);
    // /transporter and /products are not built yet: no link that would only show a 404.
    expect(topicLinks('basket', subject(['orders:R']), PAGES, registry)).toEqual([]);
    expect(topicLinks('language', null, PAGES, registry)).toEqual([]);
  });

  it('matches typed questions in each language, accents and word forms aside', () => {
    for (const language of ['nl', 'en', 'fr'] as const) {
      const faq = ASSISTANT_MESSAGES[language].assistant.faq;
      const keywordsOf = (id: keyof typeof faq) => faq[id].keywords;
      for (const id of Object.keys(faq) as (keyof typeof faq)[]) expect(matchTopic(faq[id].question, keywordsOf), `${language} ${id}`).toBe(id);
    }
    const fr = ASSISTANT_MESSAGES.fr.assistant.faq;
    expect(matchTopic('je veux changer de societe', (id) => fr[id].keywords)).toBe('company');
    expect(matchTopic('bonjour', (id) => fr[id].keywords)).toBeNull();
  });
});
