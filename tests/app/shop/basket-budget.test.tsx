import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TransporterPage as Page } from '../../../src/app/features/basket/checkout/TransporterPage';
import { writeSession } from '../../../src/app/session/store';
import type { Transporter } from '../../../src/app/common/types';
import type { RecordedCall } from '../helpers';
import { basketOf, eachTestAMinuteLater, line, renderShop, signedIn, appCore } from './harness';

/**
 * Issue 29, the buyer: the budget is chosen in the basket (feature budgets). The budgets the user may
 * charge (GET /v2/budgets?usable=true) with what is left of each in the shop's language; one that
 * cannot cover the basket's products excluding VAT is marked and cannot be chosen; the chosen one
 * goes with the order (POST /v2/orders/transporter {budgetId}).
 */

const LANGUAGE = 'fr';
const WithCore = appCore(LANGUAGE);
const TransporterPage = () => <WithCore><Page /></WithCore>;

eachTestAMinuteLater('2026-03-01T10:00:00Z');

const budget = (id: string, name: string, remaining: string) => ({
  id, name, period: 'monthly', amount: '500.00', active: true, customerAccessId: null, holderName: null,
  periodStart: '2026-03-01', periodEnd: '2026-04-01', spent: (500 - Number(remaining)).toFixed(2), remaining,
});
/** A basket of EUR 120 excluding VAT in products (what a budget is charged). */
const START: Transporter = { ...basketOf([line('a', 2, null)]), totalProductCostExcl: '120.00', totalProductCostIncl: '145.20' };
const OFFICE = budget('b1', 'Fournitures', '480.00');
const SMALL = budget('b2', 'Petit budget', '10.00');

type Answer = { status?: number; body?: unknown };
/** A server answering the checkout's calls; `budgets` gives each read of GET /v2/budgets in turn (the last one repeats). */
function serverFor(budgets: unknown[][], order: (call: RecordedCall) => Answer = () => ({ body: { result: { id: 'o1', orderNumber: 'ACM-0001', status: 'toApprove', loyaltyDiscount: '0.00' } } })) {
  let reads = 0;
  return (call: RecordedCall): Answer => {
    const path = call.url.pathname;
    if (path === '/api/v2/budgets') return { body: { items: budgets[Math.min(reads++, budgets.length - 1)], page: 1, pageSize: 100, total: 2 } };
    if (path === '/api/customeraddressbook/bycustomerid') return { body: { result: [] } };
    if (path === '/api/v2/transporters/validate') return { body: { result: { valid: true, problems: [] } } };
    if (path === '/api/v2/orders/transporter') return order(call);
    if (path === '/api/v2/transporters/load') return { body: { result: basketOf([]) } };
    return { body: null };
  };
}
const budgetReads = (calls: RecordedCall[]) => calls.filter((c) => c.url.pathname === '/api/v2/budgets');
const orderCalls = (calls: RecordedCall[]) => calls.filter((c) => c.url.pathname === '/api/v2/orders/transporter');

describe('the budget in the basket', () => {
  it('lists the usable budgets with what is left of each, marks one that cannot cover the order and sends the chosen one with it', async () => {
    signedIn(START);
    writeSession({ features: { budgets: true } });
    const { net } = await renderShop(<TransporterPage />, serverFor([[OFFICE, SMALL]]), { path: '/transporter', language: LANGUAGE });

    const choice = await screen.findByRole('radiogroup', { name: 'Budget' });
    expect(choice).toHaveAccessibleDescription('Cette commande demande 120,00\u00a0€ HTVA à un budget. Si vous en choisissez un maintenant, elle part directement à l\'approbation.');
    const office = within(choice).getByRole('radio', { name: 'Fournitures 480,00\u00a0€ disponible' });
    const small = within(choice).getByRole('radio', { name: 'Petit budget 10,00\u00a0€ disponible · insuffisant pour cette commande' });
    expect(office).toBeEnabled();
    expect(small).toBeDisabled();
    expect(within(choice).getByRole('radio', { name: 'Choisir plus tard, sur la page de la commande' })).toBeChecked();
    // What the basket offers is what assign-budget accepts: the server's rule, asked for by name.
    expect(budgetReads(net.calls)[0]!.url.searchParams.get('usable')).toBe('true');

    fireEvent.click(office);
    expect(office).toBeChecked();
    fireEvent.click(screen.getByRole('button', { name: 'Passer la commande' }));
    await waitFor(() => expect(orderCalls(net.calls)).toHaveLength(1));
    expect(orderCalls(net.calls)[0]!.body).toMatchObject({ customerId: 'c1', userId: 'u1', budgetId: 'b1' });
    await waitFor(() => expect(screen.getByRole('status', { name: 'path' })).toHaveTextContent('/order-detail/o1'));
  });

  it("shows the server's refusal, reads the budgets again and blocks ordering with the one that no longer covers", async () => {
    signedIn(START);
    writeSession({ features: { budgets: true } });
    const spent = { ...OFFICE, remaining: '100.00', spent: '400.00' };
    const refuse = () => ({ status: 400, body: { errorCode: 'BudgetNotEnough', message: 'x' } });
    const { net } = await renderShop(<TransporterPage />, serverFor([[OFFICE, SMALL], [spent, SMALL]], refuse), { path: '/transporter', language: LANGUAGE });

    fireEvent.click(await screen.findByRole('radio', { name: /^Fournitures/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Passer la commande' }));
    expect(await screen.findByText("Le budget n'est pas suffisant.")).toBeInTheDocument();
    // Read again: the chosen budget now says it cannot cover the order.
    const office = await screen.findByRole('radio', { name: 'Fournitures 100,00\u00a0€ disponible · insuffisant pour cette commande' });
    expect(office).toBeChecked();
    expect(budgetReads(net.calls)).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: 'Passer la commande' }));
    const alert = await screen.findByRole('alert', { name: /Votre commande ne peut pas encore être passée/ });
    expect(within(alert).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      "Le budget Fournitures n'a plus assez pour cette commande (100,00\u00a0€ disponible). Choisissez un autre budget ou choisissez plus tard.",
    ]);
    expect(orderCalls(net.calls)).toHaveLength(1);
  });

  it('is not offered without the budgets feature, nor when the user may charge no budget; the order goes without one', async () => {
    signedIn(START);
    const first = await renderShop(<TransporterPage />, serverFor([[OFFICE]]), { path: '/transporter', language: LANGUAGE });
    await screen.findByRole('button', { name: 'Passer la commande' });
    expect(budgetReads(first.net.calls)).toHaveLength(0);
    expect(screen.queryByRole('radiogroup', { name: 'Budget' })).toBeNull();
    first.view.unmount();

    signedIn(START);
    writeSession({ features: { budgets: true } });
    const { net } = await renderShop(<TransporterPage />, serverFor([[]]), { path: '/transporter', language: LANGUAGE });
    await waitFor(() => expect(budgetReads(net.calls)).toHaveLength(1));
    expect(screen.queryByRole('radiogroup', { name: 'Budget' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Passer la commande' }));
    await waitFor(() => expect(orderCalls(net.calls)).toHaveLength(1));
    expect(orderCalls(net.calls)[0]!.body).not.toHaveProperty('budgetId');
  });
});
