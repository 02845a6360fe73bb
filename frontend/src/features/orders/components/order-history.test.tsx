import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderAt, signedInState } from '@/test/render';
import type { Order } from '../api/orders-api';
import { OrderHistory } from './order-history';

const order = (id: string, over: Partial<Order> = {}): Order => ({
  id,
  status: 'PENDING',
  orderType: 'combo',
  createdOn: '2026-11-20T12:00:00Z',
  subtotal: 100,
  shipping: 10,
  tax: 5,
  liftGateFee: 0,
  grandTotal: 115,
  liftGate: false,
  shipToTerminalId: null,
  shippingAddress: { street1: '1 Main St', street2: null, city: 'Fargo', state: 'ND', postalCode: '58102' },
  itemCount: 3,
  items: [],
  ...over,
});

const page = (contents: Order[]) => ({ contents, totalItems: contents.length, hasMore: false, totalPages: 1 });

describe('OrderHistory', () => {
  it('lists the orders with date, status, items and total', async () => {
    let search = '';
    mockApi({
      'GET /api/orders': (req) => {
        search = new URL(req.url).search;
        return [200, page([order('0aaa1111-2222', { status: 'COMPLETED', createdOn: '2026-11-21T12:00:00Z', grandTotal: 1234.5, itemCount: 12 }), order('0bbb3333-4444')])];
      },
    });
    renderAt(<OrderHistory />, { preloadedState: signedInState() });
    const rows = await screen.findAllByRole('row');
    expect(search).toBe('?page=1&pageSize=25');
    expect(rows.slice(1).map((r) => within(r).getAllByRole('cell').slice(0, 5).map((c) => c.textContent))).toEqual([
      ['11112222', 'Nov 21, 2026', 'Completed', '12', '$1,234.50'],
      ['33334444', 'Nov 20, 2026', 'Pending', '3', '$115.00'],
    ]);
  });

  it("opens one order's detail: its items and its figures as the server states them", async () => {
    const detail = order('0aaa1111-2222', {
      orderType: 'wholesale',
      subtotal: 10.01,
      shipping: 20.02,
      liftGateFee: 100,
      tax: 3.03,
      grandTotal: 5.55, // not the sum: the page must not add anything up
      liftGate: true,
      items: [
        { id: 'i1', productId: 'p1', variantId: null, isUnit: false, quantity: 2, unitPrice: 66.9, itemSubtotal: 133.8, title: 'Comet Rack', sku: 'AF-1', owedUnits: 0 },
        { id: 'i2', productId: 'p1', variantId: null, isUnit: true, quantity: 3, unitPrice: 7.99, itemSubtotal: 1, title: 'Comet Rack', sku: 'AF-1-u', owedUnits: 0 },
        { id: 'i3', productId: 'a1', variantId: 'v1', isUnit: false, quantity: 1, unitPrice: 24.99, itemSubtotal: 24.99, title: 'Cody B Hoodie', sku: 'APP-0001-M-U', owedUnits: 0 },
      ],
    });
    mockApi({
      'GET /api/orders': () => [200, page([order('0aaa1111-2222')])],
      'GET /api/orders/0aaa1111-2222': () => [200, detail],
    });
    renderAt(<OrderHistory />, { preloadedState: signedInState() });
    const view = await screen.findByRole('button', { name: 'View details of order 11112222' });
    expect(view).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(view);
    const items = await screen.findByRole('table', { name: 'Items of order 11112222' });
    expect(within(items).getAllByRole('row').slice(1).map((r) => r.textContent)).toEqual([
      'Comet RackAF-12Case$66.90$133.80',
      'Comet RackAF-1-u3Unit$7.99$1.00',
      'Cody B HoodieAPP-0001-M-U1Item$24.99$24.99',
    ]);
    const totals = screen.getByLabelText('Totals of order 11112222');
    expect(
      within(totals)
        .getAllByRole('term')
        .map((t) => `${t.textContent}=${t.nextElementSibling?.textContent}`),
    ).toEqual(['Order type=Wholesale', 'Subtotal=$10.01', 'Shipping=$20.02', 'Liftgate fee=$100.00', 'Tax=$3.03', 'Grand total=$5.55']);
    expect(screen.getByText('Liftgate delivery')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hide details of order 11112222' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('opens the order a link names (the success page), without a click', async () => {
    mockApi({
      'GET /api/orders': () => [200, page([order('0aaa1111-2222'), order('0bbb3333-4444')])],
      'GET /api/orders/0bbb3333-4444': () => [200, order('0bbb3333-4444', { items: [] })],
    });
    renderAt(<OrderHistory initialOpen="0bbb3333-4444" />, { preloadedState: signedInState() });
    expect(await screen.findByRole('table', { name: 'Items of order 33334444' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hide details of order 33334444' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'View details of order 11112222' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('says when there are no orders yet', async () => {
    mockApi({ 'GET /api/orders': () => [200, page([])] });
    renderAt(<OrderHistory />, { preloadedState: signedInState() });
    expect(await screen.findByText('You have not placed any orders yet.')).toBeInTheDocument();
  });

  it('says when the orders cannot be read', async () => {
    mockApi({ 'GET /api/orders': () => [403, { message: 'Forbidden' }] });
    renderAt(<OrderHistory />, { preloadedState: signedInState() });
    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading orders: Forbidden');
  });
});
