import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fails, ok } from './helpers/expect';
import { startTestApp, type TestApp } from './helpers/test-app';
import { addOrder, addUser } from './mail-helpers';
import { pdf, upload, type Uploaded } from './upload-helpers';

/**
 * An order's conversation (flows §3 Comment, §4 follow, §7 the conversation calls, §8
 * NotUserOwnComment and 'file already added'): whoever reads the order reads and writes it; only the
 * author changes or removes a comment; a comment makes its author a follower and queues, in its own
 * transaction, the 'orderComment' mail of every other follower (the orderer follows from the start);
 * seen marks make the unseen counts of the order page and the orders list. Attachments are the
 * author's uploads of the 'order-conversation' container, each on one comment, read by whoever reads
 * the order. Workers are off: the test reads the queued mail.send jobs.
 */

let t: TestApp;
let buyer: string;
let manager: string;
let orderId: string;
let blobDir: string;

interface Comment { id: string; userId: string; authorName: string; content: string; attachmentUrls: string[]; attachments: (Uploaded & { url: string })[]; mine: boolean; seen: boolean; editedAt: string | null }
interface Conversation { comments: Comment[]; following: boolean; unseenCount: number }
interface Queued { recipientUserId: string; mail: { kind: string; orderId: string; comment: string; authorName: string | null } }

const queued = async (id: string) => (await sql<{ data: Queued }>`select data from pgboss.job where name = 'mail.send' and data->'mail'->>'orderId' = ${id} and data->'mail'->>'kind' = 'orderComment' order by created_on`
  .execute(t.db)).rows.map((r) => r.data);

const base = (id = orderId) => `/api/v2/orders/${id}`;
const read = async (as: string, id = orderId) => ok<{ result: Conversation }>(await t.call('GET', `${base(id)}/conversation`, { as })).result;
const post = (as: string, body: unknown, id = orderId) => t.call('POST', `${base(id)}/conversation`, { as, body });
const say = async (as: string, content: string, attachmentUrls: string[] = []) => ok<{ result: Comment }>(await post(as, { content, attachmentUrls })).result;

beforeAll(async () => {
  t = await startTestApp();
  buyer = await t.userId('buyer@demo.test');
  manager = await t.userId('manager@demo.test');
  await addUser(t, 'other-buyer@demo.test', { roles: ['user'], displayname: 'Olga Other' });
  orderId = await addOrder(t, buyer, { orderNumber: 'CONV-1' });
  blobDir = path.join(t.testDb.config.dataDir, 'blobs', await t.tenantId(), 'order-conversation');
});
afterAll(async () => { await t?.close(); });

describe('talking on an order', () => {
  test('the buyer writes; the manager reads it as unseen with the author; nobody else follows yet, so no mail', async () => {
    const mine = await say('buyer@demo.test', '  Kan dit sneller geleverd worden?  ');
    expect(mine).toMatchObject({ content: 'Kan dit sneller geleverd worden?', userId: buyer, mine: true, seen: true, attachmentUrls: [], editedAt: null });
    const seenByManager = await read('manager@demo.test');
    expect(seenByManager.comments).toEqual([expect.objectContaining({ id: mine.id, authorName: expect.any(String), mine: false, seen: false })]);
    expect(seenByManager).toMatchObject({ following: false, unseenCount: 1 });
    expect((await read('buyer@demo.test'))).toMatchObject({ following: true, unseenCount: 0 });
    expect(await queued(orderId)).toEqual([]);
  });

  test("the manager's answer makes the manager a follower and mails the buyer (who placed the order) in the caller's words", async () => {
    await say('manager@demo.test', 'Ik vraag het na bij de leverancier.');
    expect((await read('manager@demo.test')).following).toBe(true);
    expect(await queued(orderId)).toEqual([
      { tenantId: expect.any(String), recipientUserId: buyer, mail: { kind: 'orderComment', orderId, comment: 'Ik vraag het na bij de leverancier.', authorName: expect.any(String) } },
    ]);
    await say('buyer@demo.test', 'Dank je!');
    expect((await queued(orderId)).map((m) => m.recipientUserId)).toEqual([buyer, manager]);
  });

  test('comments are listed oldest first; marking them seen clears the unseen count; nobody marks for another', async () => {
    const conversation = await read('manager@demo.test');
    expect(conversation.comments.map((c) => c.content)).toEqual(['Kan dit sneller geleverd worden?', 'Ik vraag het na bij de leverancier.', 'Dank je!']);
    expect(conversation.unseenCount).toBe(2);
    const others = conversation.comments.filter((c) => !c.mine).map((c) => c.id);
    fails(await t.call('PATCH', `${base()}/conversation/seen`, { as: 'manager@demo.test', body: { seenBy: buyer, commentIds: others } }), 403, 'forbiddenAccess');
    const marked = ok(await t.call('PATCH', `${base()}/conversation/seen`, { as: 'manager@demo.test', body: { seenBy: manager, commentIds: [...others, crypto.randomUUID()] } })).result;
    expect(marked).toEqual({ seen: others, unseenCount: 0 });
    // Again changes nothing.
    expect(ok(await t.call('PATCH', `${base()}/conversation/seen`, { as: 'manager@demo.test', body: { seenBy: manager, commentIds: others } })).result.unseenCount).toBe(0);
    expect((await read('manager@demo.test')).comments.every((c) => c.seen)).toBe(true);
    fails(await t.call('PATCH', `${base()}/conversation/seen`, { as: 'manager@demo.test', body: { seenBy: manager, commentIds: ['nope'] } }), 400, 'validationFailed');
  });

  test('the orders list learns of unseen comments on the orders the user follows; an unfollowed conversation mails and counts no more', async () => {
    const unseen = ok(await t.call('GET', '/api/v2/orders/unseen-comments', { as: 'buyer@demo.test' })).result;
    expect(unseen).toEqual({ total: 1, orders: [{ orderId, orderNumber: 'CONV-1', unseen: 1 }] });
    expect(ok(await t.call('GET', '/api/v2/orders/unseen-comments', { as: 'manager@demo.test' })).result.total).toBe(0);

    expect(ok(await t.call('PATCH', `${base()}/follow-conversation`, { as: 'manager@demo.test', body: { following: false } })).result).toEqual({ following: false });
    const before = (await queued(orderId)).length;
    await say('buyer@demo.test', 'Nog nieuws?');
    expect((await queued(orderId)).slice(before)).toEqual([]);
    expect(ok(await t.call('GET', '/api/v2/orders/unseen-comments', { as: 'manager@demo.test' })).result.total).toBe(0);
    // The orderer unfollows too, then follows again.
    ok(await t.call('PATCH', `${base()}/follow-conversation`, { as: 'buyer@demo.test', body: { following: false } }));
    expect((await read('buyer@demo.test')).following).toBe(false);
    ok(await t.call('PATCH', `${base()}/follow-conversation`, { as: 'buyer@demo.test', body: { following: true } }));
    ok(await t.call('PATCH', `${base()}/follow-conversation`, { as: 'manager@demo.test', body: { following: true } }));
    fails(await t.call('PATCH', `${base()}/follow-conversation`, { as: 'manager@demo.test', body: { following: 'yes' } }), 400, 'validationFailed');
  });

  test('only the author changes or removes a comment (NotUserOwnComment)', async () => {
    const c = await say('buyer@demo.test', 'Foutje');
    fails(await t.call('PUT', `${base()}/conversation/${c.id}`, { as: 'manager@demo.test', body: { content: 'Gewijzigd', attachmentUrls: [] } }), 403, 'NotUserOwnComment');
    fails(await t.call('DELETE', `${base()}/conversation/${c.id}`, { as: 'manager@demo.test' }), 403, 'NotUserOwnComment');
    const edited = ok(await t.call('PUT', `${base()}/conversation/${c.id}`, { as: 'buyer@demo.test', body: { content: 'Verbeterd', attachmentUrls: [] } })).result;
    expect(edited).toMatchObject({ id: c.id, content: 'Verbeterd', editedAt: expect.any(String) });
    ok(await t.call('PATCH', `${base()}/conversation/seen`, { as: 'manager@demo.test', body: { seenBy: manager, commentIds: [c.id] } }));
    expect(ok(await t.call('DELETE', `${base()}/conversation/${c.id}`, { as: 'buyer@demo.test' })).result).toEqual({ id: c.id });
    expect((await read('buyer@demo.test')).comments.map((x) => x.id)).not.toContain(c.id);
    expect(await t.db.selectFrom('orderCommentSeen').select('id').where('commentId', '=', c.id).execute()).toEqual([]);
    fails(await t.call('DELETE', `${base()}/conversation/${c.id}`, { as: 'buyer@demo.test' }), 404, 'CommentNotFound');
    fails(await t.call('PUT', `${base()}/conversation/not-a-comment`, { as: 'buyer@demo.test', body: { content: 'x', attachmentUrls: [] } }), 404, 'CommentNotFound');
  });

  test("a comment needs text within bounds; a buyer who may not read the order finds neither it nor its conversation", async () => {
    fails(await post('buyer@demo.test', { content: '   ', attachmentUrls: [] }), 400, 'validationFailed');
    fails(await post('buyer@demo.test', { content: 'x'.repeat(4001) }), 400, 'validationFailed');
    fails(await post('buyer@demo.test', { content: 'a\u0000b' }), 400, 'validationFailed');
    fails(await t.call('GET', `${base()}/conversation`, { as: 'other-buyer@demo.test' }), 404, 'OrderNotFound');
    fails(await post('other-buyer@demo.test', { content: 'Hallo' }), 404, 'OrderNotFound');
    fails(await t.call('GET', `${base(crypto.randomUUID())}/conversation`, { as: 'manager@demo.test' }), 404, 'OrderNotFound');
    const [, second] = await t.customerIds();
    fails(await t.call('GET', `${base()}/conversation`, { as: 'manager@demo.test', customerId: second }), 404, 'OrderNotFound');
  });
});

describe('attachments', () => {
  test('the author attaches an upload; whoever reads the order downloads it; a buyer who does not read it cannot', async () => {
    const up = ok<Uploaded>(await upload(t, 'buyer@demo.test', { name: 'leveringsbon.pdf', data: pdf('bon') }));
    const c = await say('buyer@demo.test', 'De leveringsbon', [up.url]);
    expect(c.attachmentUrls).toEqual([up.url]);
    expect(c.attachments).toEqual([{ url: up.url, containerName: 'order-conversation', blobName: up.blobName, fileName: 'leveringsbon.pdf', contentType: 'application/pdf', size: up.size }]);
    const res = await t.call('GET', '/api/upload', { as: 'manager@demo.test', query: { containerName: 'order-conversation', blobName: up.blobName } });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload).toEqual(pdf('bon'));
    fails(await t.call('GET', '/api/upload', { as: 'other-buyer@demo.test', query: { containerName: 'order-conversation', blobName: up.blobName } }), 404, 'FileNotFound');
    // Attached, the uploader can no longer remove it from under the comment.
    fails(await t.call('DELETE', '/api/upload', { as: 'buyer@demo.test', query: { containerName: 'order-conversation', blobName: up.blobName } }), 409, 'FileInUse');
  });

  test("'file already added': the same file twice in a comment, or a file another comment holds; another's upload or an unknown url is no file of the comment", async () => {
    const up = ok<Uploaded>(await upload(t, 'buyer@demo.test', { name: 'twee.pdf', data: pdf('twee') }));
    const before = (await read('buyer@demo.test')).comments.length;
    const jobs = (await queued(orderId)).length;
    expect(fails(await post('buyer@demo.test', { content: 'Dubbel', attachmentUrls: [up.url, up.url] }), 409, 'FileAlreadyAdded').details).toEqual([expect.objectContaining({ path: 'attachmentUrls.1' })]);
    await say('buyer@demo.test', 'Eén keer', [up.url]);
    fails(await post('buyer@demo.test', { content: 'Nog eens', attachmentUrls: [up.url] }), 409, 'FileAlreadyAdded');

    const managers = ok<Uploaded>(await upload(t, 'manager@demo.test', { name: 'van-manager.pdf', data: pdf() }));
    expect(fails(await post('buyer@demo.test', { content: 'Niet van mij', attachmentUrls: [managers.url] }), 400, 'validationFailed').details)
      .toEqual([expect.objectContaining({ path: 'attachmentUrls.0', rule: 'FileNotFound' })]);
    for (const url of [`/upload?containerName=order-conversation&blobName=${crypto.randomUUID()}`, 'https://evil.example/upload?containerName=order-conversation&blobName=' + up.blobName, '/upload?containerName=contracts&blobName=' + up.blobName, 'x']) {
      fails(await post('buyer@demo.test', { content: 'Fout', attachmentUrls: [url] }), 400, 'validationFailed');
    }
    // The refused posts stored no comment and queued no mail.
    expect((await read('buyer@demo.test')).comments.length).toBe(before + 1);
    expect((await queued(orderId)).length).toBe(jobs + 1);
  });

  test('editing keeps the files still named and removes the others from the data folder; removing the comment removes its files', async () => {
    const a = ok<Uploaded>(await upload(t, 'buyer@demo.test', { name: 'a.pdf', data: pdf('a') }));
    const b = ok<Uploaded>(await upload(t, 'buyer@demo.test', { name: 'b.txt', data: 'regel\n', type: 'text/plain' }));
    const c = await say('buyer@demo.test', 'Twee bestanden', [a.url, b.url]);
    const edited = ok(await t.call('PUT', `${base()}/conversation/${c.id}`, { as: 'buyer@demo.test', body: { content: 'Eén bestand', attachmentUrls: [b.url] } })).result;
    expect(edited.attachments.map((x: Uploaded) => x.fileName)).toEqual(['b.txt']);
    const files = await fs.readdir(blobDir);
    expect(files).not.toContain(a.blobName);
    expect(files).toContain(b.blobName);
    ok(await t.call('DELETE', `${base()}/conversation/${c.id}`, { as: 'buyer@demo.test' }));
    expect(await fs.readdir(blobDir)).not.toContain(b.blobName);
  });
});

describe('who is mailed', () => {
  test("a follower who lost access to the order is not mailed; the author never gets their own comment", async () => {
    const order = await addOrder(t, buyer, { orderNumber: 'CONV-2' });
    ok(await t.call('POST', `${base(order)}/conversation`, { as: 'manager@demo.test', body: { content: 'Ik volg dit op' } }));
    const follower = await addUser(t, 'leaving-admin@demo.test', { roles: ['admin'] });
    ok(await t.call('POST', `${base(order)}/conversation`, { as: 'leaving-admin@demo.test', body: { content: 'Ik ook' } }));
    await t.db.updateTable('customerAccesses').set({ active: false }).where('userId', '=', follower).execute();
    const before = (await queued(order)).length;
    ok(await t.call('POST', `${base(order)}/conversation`, { as: 'buyer@demo.test', body: { content: 'Wie leest mee?' } }));
    expect((await queued(order)).slice(before).map((m) => m.recipientUserId)).toEqual([manager]);
  });
});
