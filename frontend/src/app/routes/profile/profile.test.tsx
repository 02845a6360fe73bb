import { screen, within } from '@testing-library/react';
import { CART_API, cartOf, cartProduct, line, quote } from '@/features/cart/test/fixtures';
import { emptyProfile, profile } from '@/features/profile/test/fixtures';
import { mockApi, renderAt, signedInState } from '@/test/render';
import ProfilePage from './profile';

const noOrders = { contents: [], totalItems: 0, hasMore: false, totalPages: 0 };

function setup(over: Parameters<typeof mockApi>[0] = {}) {
  mockApi({
    'GET /api/user/userInfo': () => [200, profile()],
    [`GET ${CART_API}`]: () => [200, cartOf()],
    [`POST ${CART_API}/quote`]: () => [200, quote()],
    'GET /api/orders': () => [200, noOrders],
    ...over,
  });
  return renderAt(<ProfilePage />, { path: '/profile', preloadedState: signedInState() });
}

const card = () => within(screen.getByRole('region', { name: 'Profile' }));

/** The profile card's rows as "term=value". */
const rows = () =>
  card()
    .getAllByRole('term')
    .map((t) => `${t.textContent}=${t.nextElementSibling?.textContent}`);

describe('/profile', () => {
  it('shows "Your Account" with the profile card and its Edit link', async () => {
    setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Your Account' })).toBeInTheDocument();
    await screen.findByRole('region', { name: 'Profile' });
    expect(rows()).toEqual([
      'Name=Ann Lee',
      'Email=buyer@example.com',
      'Date of birth=May 17, 1990',
      'Phone number=(701) 555-0100',
      'Receive updates=Yes',
      'Billing address=1 Main StFargo, ND 58102',
      'Shipping address=1 Main StFargo, ND 58102',
    ]);
    expect(card().getByLabelText('Theme')).toBeInTheDocument();
    expect(card().getByRole('link', { name: 'Edit profile' })).toHaveAttribute('href', '/profile/edit');
  });

  it('says "Not Provided" where the profile has nothing', async () => {
    setup({ 'GET /api/user/userInfo': () => [200, emptyProfile()] });
    await screen.findByRole('region', { name: 'Profile' });
    expect(rows()).toEqual([
      'Name=Not Provided',
      'Email=buyer@example.com',
      'Date of birth=Not Provided',
      'Phone number=Not Provided',
      'Receive updates=No',
      'Billing address=Not Provided',
      'Shipping address=Not Provided',
    ]);
  });

  it('shows the cart card with "View Full Cart" and "Your cart is empty" with a link to the catalogue', async () => {
    setup();
    const cart = within(await screen.findByRole('region', { name: /Your Cart/ }));
    expect(cart.getByRole('link', { name: 'View Full Cart' })).toHaveAttribute('href', '/profile/cart/0190f1c2-0000-7000-8000-0000000000c1');
    expect(await cart.findByText('Your cart is empty')).toBeInTheDocument();
    expect(cart.getByRole('link', { name: 'Browse the catalogue' })).toHaveAttribute('href', '/products?page=1&pageSize=25');
  });

  it('embeds the cart and its checkout', async () => {
    setup({ [`GET ${CART_API}`]: () => [200, cartOf(line(cartProduct('p1', 'Comet Rack'), { caseQuantity: 3 }))] });
    const cart = within(await screen.findByRole('region', { name: 'Your Cart (3 items)' }));
    expect(await cart.findByRole('listitem', { name: 'Comet Rack' })).toBeInTheDocument();
    expect(await cart.findByRole('region', { name: 'Order Summary' })).toHaveTextContent('$999.99');
  });

  it("lists the shopper's orders", async () => {
    setup({
      'GET /api/orders': () => [
        200,
        {
          ...noOrders,
          contents: [
            {
              id: '0abc0000-1',
              status: 'PROCESSING',
              orderType: 'retail',
              createdOn: '2026-11-20T12:00:00Z',
              subtotal: 1,
              shipping: 2,
              tax: 3,
              liftGateFee: 0,
              grandTotal: 6,
              liftGate: false,
              shipToTerminalId: null,
              shippingAddress: null,
              itemCount: 4,
              items: [],
            },
          ],
          totalItems: 1,
          totalPages: 1,
        },
      ],
    });
    const orders = within(await screen.findByRole('region', { name: 'Your Orders' }));
    expect(await orders.findByRole('button', { name: 'View details of order ABC00001' })).toBeInTheDocument();
    expect(orders.getByText('Processing')).toBeInTheDocument();
  });

  it('says "Error loading profile: {message}" with a home link', async () => {
    setup({ 'GET /api/user/userInfo': () => [404, { message: 'Profile not found' }] });
    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading profile: Profile not found');
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
  });
});
