import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpError } from 'ra-core';
import { isFinalAnswer, newIdempotencyKey } from '../../../src/app/data/idempotency';
import { OrderDecision } from '../../../src/app/features/orders/OrderDecision';
import type { OrderDetail } from '../../../src/app/common/types';
import type { RecordedCall } from '../helpers';
import { basketOf, renderShop, signedIn } from './harness';

/**
 * The app's side of the Idempotency-Key header (src/app/data/idempotency.ts), on the order decision:
 * a retry after an answer that never came carries the same key, so the server decides once; after
 * the server's final answer the next decision is a new request with a new key.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const order = { id: 'o1', orderNumber: 'B-0001', status: 'toApprove', orderLines: [], decisions: { approve: true, reject: true } } as unknown as OrderDetail;

/** Renders the decision, answering its PATCH calls one after the other with `answers`. */
async function decide(answers: { status?: number; body?: unknown }[]) {
  signedIn(basketOf([]));
  const patches: RecordedCall[] = [];
  const { net } = await renderShop(<OrderDecision order={order} />, (call) => {
    if (call.method !== 'PATCH') return { body: null };
    patches.push(call);
    return answers[patches.length - 1] ?? { body: { result: { ...order, status: 'approved' } } };
  });
  const click = async (times: number) => {
    const before = patches.length;
    fireEvent.click(screen.getByRole('button', { name: 'Goedkeuren' }));
    await waitFor(() => expect(patches).toHaveLength(before + times));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Goedkeuren' })).toBeEnabled());
  };
  return { net, patches, click, keys: () => patches.map((c) => c.headers.get('Idempotency-Key')) };
}

describe('the decision on an order', () => {
  it('retries after a lost answer with the same key, and decides again with a new one', async () => {
    const { patches, click, keys } = await decide([{ status: 502, body: { errorCode: 'internalError', message: 'Bad gateway' } }]);
    await click(1);
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    await click(1);
    expect(patches.map((c) => [c.url.pathname, c.body])).toEqual([['/api/v2/orders/o1/validate', { approve: true }], ['/api/v2/orders/o1/validate', { approve: true }]]);
    expect(keys()[0]).toMatch(UUID);
    expect(keys()[1]).toBe(keys()[0]);
    // answered: the key is spent
    await click(1);
    expect(keys()[2]).toMatch(UUID);
    expect(keys()[2]).not.toBe(keys()[0]);
  });

  it('starts over with a new key after a refusal (a 4xx is final)', async () => {
    const { click, keys } = await decide([{ status: 409, body: { errorCode: 'OrderNotInStep', message: 'x' } }]);
    await click(1);
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    await click(1);
    expect(keys()[1]).not.toBe(keys()[0]);
  });
});

describe('the decision panel', () => {
  it("waits for the server: both buttons are disabled until the answer", async () => {
    signedIn(basketOf([]));
    let answer!: (reply: { status?: number; body?: unknown }) => void;
    await renderShop(<OrderDecision order={order} />, (call) => (call.method === 'PATCH' ? new Promise((resolve) => { answer = resolve; }) : { body: null }));
    fireEvent.click(screen.getByRole('button', { name: 'Goedkeuren' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Goedkeuren' })).toBeDisabled());
    expect(screen.getByRole('button', { name: 'Afkeuren' })).toBeDisabled();
    answer({ body: { result: { ...order, status: 'approved' } } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Goedkeuren' })).toBeEnabled());
  });

  it("shows a refusal in the server's words (its errorCode's message), with each supplier over the tender limit", async () => {
    await decide([{ status: 409, body: { errorCode: 'OrderNotInStep', message: 'x', details: [{ path: 'supplier', rule: 'TenderLimitExceeded', message: 'x', params: { supplier: 'Bruneau', total: '31000.00' } }] } }]);
    fireEvent.click(screen.getByRole('button', { name: 'Goedkeuren' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Deze bestelling wacht niet (meer) op deze stap.');
    expect(alert).toHaveTextContent(/Bruneau: .*31\.000,00/);
    // opening the rejection starts without it
    fireEvent.click(screen.getByRole('button', { name: 'Afkeuren' }));
    await screen.findByRole('dialog');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('the key', () => {
  it('is a UUID v4 also where crypto.randomUUID is missing (a page over plain http)', () => {
    expect(newIdempotencyKey()).toMatch(UUID);
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: real.getRandomValues.bind(real) });
    try {
      const keys = new Set(Array.from({ length: 20 }, () => newIdempotencyKey()));
      expect(keys.size).toBe(20);
      for (const key of keys) expect(key).toMatch(UUID);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('is kept after a network error, a 5xx or while the first attempt still runs; spent after any other answer', () => {
    expect(isFinalAnswer(new TypeError('Failed to fetch'))).toBe(false);
    expect(isFinalAnswer(new HttpError('x', 503, {}))).toBe(false);
    expect(isFinalAnswer(new HttpError('x', 409, { errorCode: 'IdempotencyKeyInUse' }))).toBe(false);
    expect(isFinalAnswer(new HttpError('x', 409, { errorCode: 'OrderNotInStep' }))).toBe(true);
    expect(isFinalAnswer(new HttpError('x', 400, { errorCode: 'EmptyTransporter' }))).toBe(true);
  });
});
