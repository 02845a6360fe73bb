import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Refund, Sale } from '../api/reports-api';
import { formatDateTime } from '@/lib/format';
import { refund, sale, salesTotals } from '../test/fixtures';
import { renderReports } from '../test/render';

const LIST = 'GET /api/reports/purchases';
const TOTALS = 'GET /api/reports/purchases/totals';
const ann = sale();
const REFUNDS = `/api/reports/purchases/${ann.id}/refunds`;
const NOW = new Date('2026-07-04T15:00:00.000Z');

/**
 * The sales report with Ann's order ($292.30), its refunds `refunds()` (read at each call) and
 * POST answering `post`; the list answers the sale as `current()` stands.
 */
function setup({
  current = () => ann,
  refunds = () => [],
  post = () => [201, refund()],
}: {
  current?: () => Sale;
  refunds?: () => Refund[];
  post?: (body: unknown) => [number, unknown];
} = {}) {
  const bodies: unknown[] = [];
  const view = renderReports('?type=sales', {
    [LIST]: () => [200, [current()]],
    [TOTALS]: () => [200, salesTotals(1, current().grandTotal - current().refunded)],
    [`GET ${REFUNDS}`]: () => [200, refunds()],
    [`POST ${REFUNDS}`]: async (req) => {
      const body = await req.json();
      bodies.push(body);
      return post(body);
    },
  });
  return { ...view, bodies };
}

/** Opens Ann's order and its refund form. */
async function openRefund(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Details of order 00000001' }));
  await user.click(within(screen.getByRole('dialog', { name: 'Order 00000001' })).getByRole('button', { name: 'Refund' }));
  return screen.getByRole('dialog', { name: 'Refund order 00000001' });
}

beforeEach(() => {
  jest.useFakeTimers({ now: NOW, advanceTimers: true });
});
afterEach(() => {
  jest.useRealTimers();
});

describe("an order's refunds", () => {
  it('lists them under Refunds, and shows Refunded beside the grand total', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const pending = refund({ id: 'r2', amount: 10, reason: 'Late delivery', status: 'PENDING', providerRefundId: null, createdOn: '2026-07-04T09:00:00.000Z' });
    setup({ current: () => sale({ refunded: 3, refundable: 289.3 }), refunds: () => [refund(), pending] });
    await user.click(await screen.findByRole('button', { name: 'Details of order 00000001' }));
    const dialog = screen.getByRole('dialog', { name: 'Order 00000001' });
    const table = await within(dialog).findByRole('table', { name: 'Refunds' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell').map((c) => c.textContent))).toEqual([
      ['$3.00', 'One rocket was a dud', 'Done', '0190f1c2-0000-7000-8000-000000000001', formatDateTime('2026-07-03T10:00:00.000Z'), ''],
      ['$10.00', 'Late delivery', 'Pending', '0190f1c2-0000-7000-8000-000000000001', formatDateTime('2026-07-04T09:00:00.000Z'), 'Send again'],
    ]);
    const summary = within(dialog).getByRole('heading', { name: 'Order Summary' }).nextElementSibling as HTMLElement;
    expect(within(summary).getByText('Grand Total').nextElementSibling).toHaveTextContent('$292.30');
    expect(within(summary).getByText('Refunded').nextElementSibling).toHaveTextContent('$3.00');
  });

  it('says there are none, and shows no Refunded figure, for an order never refunded', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    setup();
    await user.click(await screen.findByRole('button', { name: 'Details of order 00000001' }));
    const dialog = screen.getByRole('dialog', { name: 'Order 00000001' });
    expect(await within(dialog).findByText('No refunds.')).toBeInTheDocument();
    expect(within(dialog).queryByText('Refunded')).not.toBeInTheDocument();
  });
});

describe('a pending refund', () => {
  const pending = refund({ id: 'r2', amount: 10, reason: 'Late delivery', status: 'PENDING', providerRefundId: null });
  const RETRY = `POST ${REFUNDS}/r2/retry`;

  it('is sent again with "Send again"; once given, it shows Done and says so', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    let refunds: Refund[] = [pending];
    let retried = 0;
    renderReports('?type=sales', {
      [LIST]: () => [200, [ann]],
      [TOTALS]: () => [200, salesTotals(1, ann.grandTotal)],
      [`GET ${REFUNDS}`]: () => [200, refunds],
      [RETRY]: () => {
        retried += 1;
        const done = { ...pending, status: 'DONE' as const, providerRefundId: 're_1' };
        refunds = [done];
        return [200, done];
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Details of order 00000001' }));
    const dialog = screen.getByRole('dialog', { name: 'Order 00000001' });
    await user.click(await within(dialog).findByRole('button', { name: 'Send the refund of $10.00 again' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('The refund of $10.00 was given.');
    expect(retried).toBe(1);
    const table = within(dialog).getByRole('table', { name: 'Refunds' });
    await waitFor(() => expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Done'));
    expect(within(table).queryByRole('button', { name: /again/ })).not.toBeInTheDocument();
  });

  it("says the server's words when the provider still does not answer, and keeps it pending", async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderReports('?type=sales', {
      [LIST]: () => [200, [ann]],
      [TOTALS]: () => [200, salesTotals(1, ann.grandTotal)],
      [`GET ${REFUNDS}`]: () => [200, [pending]],
      [RETRY]: () => [503, { message: 'The payment provider did not answer; the refund is pending' }],
    });
    await user.click(await screen.findByRole('button', { name: 'Details of order 00000001' }));
    const dialog = screen.getByRole('dialog', { name: 'Order 00000001' });
    await user.click(await within(dialog).findByRole('button', { name: 'Send the refund of $10.00 again' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The payment provider did not answer; the refund is pending');
    expect(within(dialog).getByRole('button', { name: 'Send the refund of $10.00 again' })).toBeEnabled();
  });
});

describe('the refund form', () => {
  it('sends {amount, reason, restock}, closes, says "Refund of $X issued" and shows the refund and the new figures', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    let refunds: Refund[] = [];
    let current = ann;
    const { bodies } = setup({
      current: () => current,
      refunds: () => refunds,
      post: () => {
        const done = refund({ amount: 292.3, reason: 'Order cancelled', restocked: true });
        refunds = [done];
        current = { ...ann, refunded: 292.3, refundable: 0 };
        return [201, done];
      },
    });
    const form = await openRefund(user);
    expect(within(form).getByText('Grand total $292.30: $292.30 left to refund.')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Amount ($)'), '292.30');
    await user.type(within(form).getByLabelText('Reason'), 'Order cancelled');
    await user.click(within(form).getByRole('checkbox', { name: 'Return the stock to inventory' }));
    await user.click(within(form).getByRole('button', { name: 'Refund' }));

    expect((await screen.findByText('Refund of $292.30 issued')).closest('[role="status"]')).toBeInTheDocument();
    expect(bodies).toEqual([{ amount: 292.3, reason: 'Order cancelled', restock: true }]);
    expect(screen.queryByRole('dialog', { name: 'Refund order 00000001' })).not.toBeInTheDocument();
    // Back on the order, refetched: its refund listed, the refunded figure, nothing left to refund.
    const dialog = screen.getByRole('dialog', { name: 'Order 00000001' });
    const table = await within(dialog).findByRole('table', { name: 'Refunds' });
    expect(within(table).getByText('Order cancelled')).toBeInTheDocument();
    expect(within(table).getByText('Stock returned')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByText('Refunded').nextElementSibling).toHaveTextContent('$292.30'));
    expect(within(dialog).getByRole('button', { name: 'Refund' })).toBeDisabled();
  });

  it('enables "Return the stock" only for the whole order with nothing refunded before, and sends restock false otherwise', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const { bodies } = setup();
    const form = await openRefund(user);
    const amount = within(form).getByLabelText('Amount ($)');
    const restock = within(form).getByRole('checkbox', { name: 'Return the stock to inventory' });
    expect(restock).toBeDisabled();
    await user.type(amount, '292.3');
    expect(restock).toBeEnabled();
    await user.click(restock);
    expect(restock).toBeChecked();
    // A partial amount: disabled, and no longer ticked.
    await user.clear(amount);
    await user.type(amount, '100');
    expect(restock).toBeDisabled();
    expect(restock).not.toBeChecked();
    await user.type(within(form).getByLabelText('Reason'), 'Two rockets were duds');
    await user.click(within(form).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(bodies).toEqual([{ amount: 100, reason: 'Two rockets were duds', restock: false }]));
  });

  it('keeps "Return the stock" disabled for the rest of an order already refunded in part', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    setup({ current: () => sale({ refunded: 3, refundable: 289.3 }) });
    const form = await openRefund(user);
    expect(within(form).getByText('Grand total $292.30, refunded $3.00: $289.30 left to refund.')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Amount ($)'), '289.30');
    expect(within(form).getByRole('checkbox', { name: 'Return the stock to inventory' })).toBeDisabled();
  });

  it('checks the amount and the reason before sending', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const { bodies } = setup({ current: () => sale({ refunded: 3, refundable: 289.3 }) });
    const form = await openRefund(user);
    await user.type(within(form).getByLabelText('Amount ($)'), '300');
    await user.click(within(form).getByRole('button', { name: 'Refund' }));
    expect(await within(form).findByText("A refund cannot be more than the $289.30 left of this order's payment")).toBeInTheDocument();
    expect(within(form).getByText('Reason is required')).toBeInTheDocument();
    await user.clear(within(form).getByLabelText('Amount ($)'));
    await user.type(within(form).getByLabelText('Amount ($)'), '0');
    await user.click(within(form).getByRole('button', { name: 'Refund' }));
    expect(await within(form).findByText('Amount must be a number above 0')).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it("shows the server's 422 message on its field", async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const message = "A refund cannot be more than the $289.30 left of this order's payment";
    setup({ post: () => [422, { message, errors: { amount: [message] } }] });
    const form = await openRefund(user);
    const amount = within(form).getByLabelText('Amount ($)');
    await user.type(amount, '292.30');
    await user.type(within(form).getByLabelText('Reason'), 'Order cancelled');
    await user.click(within(form).getByRole('button', { name: 'Refund' }));
    expect(await within(form).findByText(message)).toBeInTheDocument();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(amount).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(amount).toHaveFocus();
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each([
    [409, 'The payment provider refused the refund', 'No refunds.'],
    [503, 'The payment provider did not answer; the refund stays pending', '$10.00Late deliveryPending'],
  ])("says a %i's message in the dialog, which stays open; back on the order, its refunds as they stand", async (status, message, listed) => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    let refunds: Refund[] = [];
    setup({
      refunds: () => refunds,
      post: () => {
        // A refusal removes the pending refund; no answer leaves it pending.
        if (status === 503) refunds = [refund({ amount: 10, reason: 'Late delivery', status: 'PENDING', providerRefundId: null })];
        return [status, { message }];
      },
    });
    const form = await openRefund(user);
    await user.type(within(form).getByLabelText('Amount ($)'), '10');
    await user.type(within(form).getByLabelText('Reason'), 'Late delivery');
    await user.click(within(form).getByRole('button', { name: 'Refund' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('dialog', { name: 'Refund order 00000001' })).toBeInTheDocument();
    expect(screen.queryByText(/issued/)).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    const dialog = screen.getByRole('dialog', { name: 'Order 00000001' });
    const section = within(dialog).getByRole('heading', { name: 'Refunds' }).parentElement!;
    await waitFor(() => expect(section).toHaveTextContent(listed));
  });

  it('goes back to the order on Cancel, sending nothing', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const { bodies } = setup();
    const form = await openRefund(user);
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: 'Refund order 00000001' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Order 00000001' })).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });
});
