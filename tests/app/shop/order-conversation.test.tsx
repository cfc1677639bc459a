import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { OrderConversation } from '../../../src/app/features/orders/OrderConversation';
import type { OrderDetail } from '../../../src/app/common/types';
import type { RecordedCall, Reply } from '../helpers';
import { eachTestAMinuteLater, renderShop, signedIn } from './harness';

/**
 * The order's conversation on the generated order-comments calls: a comment of someone else not seen
 * yet is marked seen as soon as it is shown, and following, changing and removing one's own comment
 * each send their call and read the conversation again; a refused removal says why, translated.
 */

const order = { id: 'o1' } as OrderDetail;
const comment = (id: string, content: string, mine: boolean, seen: boolean) => ({
  id, orderId: 'o1', userId: mine ? 'u1' : 'u2', authorName: mine ? 'Me' : 'Bea', content, attachmentUrls: [], attachments: [],
  createdAt: '2026-12-01T10:00:00Z', updatedAt: '2026-12-01T10:00:00Z', editedAt: null as string | null, mine, seen,
});

/** A server holding one conversation: the caller's own comment c1 and Bea's c2, not seen yet; `post` may answer a new message. */
function server(refuseDelete = false, post?: () => Reply | Promise<Reply>) {
  let comments = [comment('c1', 'My question', true, true), comment('c2', 'An answer', false, false)];
  let following = false;
  const respond = (call: RecordedCall) => {
    const path = call.url.pathname;
    if (path === '/api/v2/orders/o1/conversation' && call.method === 'GET') {
      return { body: { result: { comments, following, unseenCount: comments.filter((c) => !c.seen).length } } };
    }
    if (path === '/api/v2/orders/o1/conversation/seen') {
      const ids = (call.body as { commentIds: string[] }).commentIds;
      comments = comments.map((c) => (ids.includes(c.id) ? { ...c, seen: true } : c));
      return { body: { result: { seen: ids, unseenCount: 0 } } };
    }
    if (path === '/api/v2/orders/o1/follow-conversation') {
      following = (call.body as { following: boolean }).following;
      return { body: { result: { following } } };
    }
    if (path === '/api/v2/orders/o1/conversation' && call.method === 'POST' && post) return post();
    if (path === '/api/v2/orders/o1/conversation/c1' && call.method === 'PUT') {
      if ((call.body as { content: string }).content === 'Not mine') return { status: 403, body: { errorCode: 'NotUserOwnComment', message: 'x' } };
      comments = comments.map((c) => (c.id === 'c1' ? { ...c, content: (call.body as { content: string }).content, editedAt: '2026-12-01T11:00:00Z' } : c));
      return { body: { result: comments[0] } };
    }
    if (path === '/api/v2/orders/o1/conversation/c1' && call.method === 'DELETE') {
      if (refuseDelete) return { status: 500, body: { message: 'x' } };
      comments = comments.filter((c) => c.id !== 'c1');
      return { body: { result: { id: 'c1' } } };
    }
    return { body: null };
  };
  return respond;
}

// A toast shows at most once per a few seconds: each test starts a minute after the last one's.
eachTestAMinuteLater('2026-12-02T10:00:00Z');

const reads = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'GET' && c.url.pathname === '/api/v2/orders/o1/conversation').length;

describe('order conversation', () => {
  it("marks another's unseen comment seen once shown, keeps its mark and reads the conversation again", async () => {
    signedIn();
    const { net } = await renderShop(<OrderConversation order={order} />, server(), { language: 'en' });
    expect(await screen.findByText('An answer')).toBeInTheDocument();
    await waitFor(() => expect(net.calls.some((c) => c.url.pathname.endsWith('/conversation/seen'))).toBe(true));
    const seen = net.calls.find((c) => c.url.pathname.endsWith('/conversation/seen'))!;
    expect(seen.method).toBe('PATCH');
    expect(seen.body).toEqual({ seenBy: 'u1', commentIds: ['c2'] });
    await waitFor(() => expect(reads(net.calls)).toBe(2));
    expect(screen.getByText('New')).toBeInTheDocument();
  });

  it('follows, changes and removes with their calls, reading the conversation again after each', async () => {
    signedIn();
    const { net } = await renderShop(<OrderConversation order={order} />, server(), { language: 'en' });
    await screen.findByText('My question');
    await waitFor(() => expect(reads(net.calls)).toBe(2)); // after marking seen

    fireEvent.click(screen.getByLabelText('Follow this conversation'));
    expect(await screen.findByText('You follow this conversation.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Follow this conversation')).toBeChecked());
    expect(net.calls.find((c) => c.url.pathname.endsWith('/follow-conversation'))).toMatchObject({ method: 'PATCH', body: { following: true } });
    expect(reads(net.calls)).toBe(3);

    fireEvent.click(screen.getByRole('button', { name: /^Edit your message of/ }));
    fireEvent.change(screen.getAllByRole('textbox', { name: 'Your message' })[0]!, { target: { value: 'My better question' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(net.calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(await screen.findByText('My better question')).toBeInTheDocument();
    expect(net.calls.find((c) => c.method === 'PUT')?.body).toEqual({ content: 'My better question', attachmentUrls: [] });
    expect(reads(net.calls)).toBe(4);

    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete message?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('My better question')).toBeNull());
    expect(net.calls.some((c) => c.method === 'DELETE' && c.url.pathname === '/api/v2/orders/o1/conversation/c1')).toBe(true);
    expect(reads(net.calls)).toBe(5);
  });

  it("says, translated, that a comment could not be removed", async () => {
    signedIn();
    await renderShop(<OrderConversation order={order} />, server(true), { language: 'en' });
    await screen.findByText('My question');
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Delete message?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Error deleting the comment')).toBeInTheDocument();
    expect(screen.getByText('My question')).toBeInTheDocument();
  });

  it('waits while a message goes: its button is disabled until the answer, then the editor starts empty', async () => {
    signedIn();
    let answer!: (reply: Reply) => void;
    await renderShop(<OrderConversation order={order} />, server(false, () => new Promise<Reply>((resolve) => { answer = resolve; })), { language: 'en' });
    await screen.findByText('My question');
    const box = screen.getByRole('textbox', { name: 'Your message' });
    fireEvent.change(box, { target: { value: 'A new question' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled());
    answer({ body: { result: { id: 'c3' } } });
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Your message' })).toHaveValue(''));
    // enabled again once the conversation is read again
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled());
  });

  it('says in the editor, translated, why a message was refused, and keeps its text', async () => {
    signedIn();
    await renderShop(<OrderConversation order={order} />, server(false, () => ({ status: 500, body: { message: 'x' } })), { language: 'en' });
    await screen.findByText('My question');
    fireEvent.change(screen.getByRole('textbox', { name: 'Your message' }), { target: { value: 'A new question' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error posting the comment');
    expect(screen.getByRole('textbox', { name: 'Your message' })).toHaveValue('A new question');
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
  });

  it("shows a refused change's own message (its errorCode) in the comment's editor, gone when it is opened again", async () => {
    signedIn();
    await renderShop(<OrderConversation order={order} />, server(), { language: 'en' });
    await screen.findByText('My question');
    fireEvent.click(screen.getByRole('button', { name: /^Edit your message of/ }));
    fireEvent.change(screen.getAllByRole('textbox', { name: 'Your message' })[0]!, { target: { value: 'Not mine' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You can only change your own comments.');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('button', { name: /^Edit your message of/ }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("words the supplier's news in the reader's language, with the delivery to confirm, the reason and the supplier order; nobody edits it", async () => {
    signedIn();
    const event = (id: string, status: string | null, content: string, delivery: string | null) => ({
      ...comment(id, content, false, true), userId: null, authorName: null,
      event: { supplierOrderId: 's1', gcsNumber: 'DEV-1-1', supplierName: 'Papier NV', status, deliveryNumber: delivery, deliveryId: delivery && `d-${delivery}` },
    });
    const comments = [event('e1', 'WAITFORDELIVERY', 'Thursday', null), event('e2', 'DELIVERED', '', 'DEV-1-1-L1'), event('e3', 'FAILEDTOORDER', 'Out of stock', null)];
    await renderShop(<OrderConversation order={order} />, (call) => (call.url.pathname === '/api/v2/orders/o1/conversation'
      ? { body: { result: { comments, following: true, unseenCount: 0 } } } : undefined), { language: 'fr' });
    await screen.findByText('Commande fournisseur DEV-1-1 : En attente de livraison', {}, { timeout: 15_000 });
    const [confirmed, delivered, failed] = screen.getAllByRole('listitem');
    // The supplier speaks, not an unknown user.
    expect(confirmed).toHaveAccessibleName(/^Papier NV, /);
    expect(within(confirmed!).getByText('Commande fournisseur DEV-1-1 : En attente de livraison')).toBeInTheDocument();
    expect(within(confirmed!).getByText('“Thursday”')).toBeInTheDocument();
    expect(within(delivered!).getByText('Commande fournisseur DEV-1-1 : Livrée')).toBeInTheDocument();
    expect(within(delivered!).getByText(/La livraison DEV-1-1-L1 est en route/)).toBeInTheDocument();
    expect(within(delivered!).getByRole('link', { name: 'Ouvrir la livraison DEV-1-1-L1' })).toHaveAttribute('href', '/deliveries/d-DEV-1-1-L1');
    expect(within(failed!).getByText('Motif : Out of stock')).toBeInTheDocument();
    expect(within(failed!).getByRole('link', { name: 'Ouvrir la commande fournisseur DEV-1-1' })).toHaveAttribute('href', '/supplier-orders/DEV-1-1');
    // A message of the platform has no edit or delete buttons.
    for (const item of [confirmed, delivered, failed]) expect(within(item!).queryAllByRole('button')).toEqual([]);
  });
});
