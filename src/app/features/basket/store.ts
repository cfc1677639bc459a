/**
 * The basket (the server's Transporter) kept in the session store's basket slot (core §3 "Locally
 * persisted state"). Core §4: after any change — add, update, remove, reload — the whole basket is
 * sent to the server and the local copy is replaced by its answer. Changes run one after another so
 * a quick second click is applied to the answer of the first, never to a stale copy.
 */
import { transportersLoad, transportersRemove, transportersUpdate } from '../../../../generated/app/calls/transporters.gen';
import { callApi } from '../../data/call-api';
import type { HttpClient } from '../../data/http';
import { readSession, writeSession } from '../../session/store';
import type { ShippingDetails, Transporter, TransporterLine } from '../../common/types';
import { linesForServer } from './rules';

let queue: Promise<unknown> = Promise.resolve();

/** Runs `task` after every change asked for before it (a failed one does not block the next). */
function serial<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
}

/** The basket of the acting user and customer, when it is the one in the store. */
export function currentBasket(): Transporter | null {
  const s = readSession();
  const basket = s.basket as Transporter | null;
  return basket && basket.customerId === s.activeCustomerId ? basket : null;
}

function who(): { customerId: string; userId: string } {
  const s = readSession();
  if (!s.activeCustomerId || !s.user) throw new Error('No active customer');
  return { customerId: s.activeCustomerId, userId: s.user.id };
}

/** Keeps the answer unless the user switched company or identity while it was under way. */
function keep(answer: Transporter, asked: { customerId: string; userId: string }): Transporter {
  const s = readSession();
  if (s.activeCustomerId === asked.customerId && s.user?.id === asked.userId) writeSession({ basket: answer });
  return answer;
}

/** GET /v2/transporters/load: after sign-in and after a company switch (which empties the slot). */
export function loadBasket(http: HttpClient): Promise<Transporter> {
  return serial(async () => {
    const asked = who();
    const { result } = await callApi(http, transportersLoad, { query: asked });
    return keep(result, asked);
  });
}

/**
 * PUT /v2/transporters/update with the whole basket: `change` gets the latest lines and answers the
 * new ones (or throws to refuse). A refused update leaves the basket as it was.
 */
export function updateBasket(
  http: HttpClient,
  change: (lines: readonly TransporterLine[], basket: Transporter | null) => TransporterLine[],
  shipping?: Partial<ShippingDetails>,
): Promise<Transporter> {
  return serial(async () => {
    const asked = who();
    const basket = currentBasket();
    const lines = change(basket?.transporterLines ?? [], basket);
    const transporter = {
      transporterLines: linesForServer(lines),
      transporterShippingDetails: { ...basket?.transporterShippingDetails, ...shipping },
    };
    const { result } = await callApi(http, transportersUpdate, { body: { ...asked, transporter } });
    return keep(result, asked);
  });
}

/** POST /v2/transporters/update {dto}: the contract's call after removing a line. */
export function saveBasketDto(http: HttpClient, change: (lines: readonly TransporterLine[]) => TransporterLine[]): Promise<Transporter> {
  return serial(async () => {
    const asked = who();
    const basket = currentBasket();
    const dto = {
      ...asked,
      id: basket?.id ?? null,
      transporterLines: linesForServer(change(basket?.transporterLines ?? [])),
      transporterShippingDetails: basket?.transporterShippingDetails ?? null,
    };
    const { result } = await callApi(http, transportersRemove, { body: { dto } });
    return keep(result, asked);
  });
}

/** After an order was placed the server emptied the basket: keep its answer (or reload). */
export function forgetBasket(): void {
  writeSession({ basket: null });
}

/** For tests: a fresh queue. */
export function resetBasketQueue(): void {
  queue = Promise.resolve();
}
