import { screen, within } from '@testing-library/react';
import { mockApi, renderAt, signedInState } from '@/test/render';
import CheckoutSuccess from './checkout-success';

const CART = '0190f1c2-0000-7000-8000-0000000000c1';
const ORDER = '0190f1c2-aaaa-7000-8000-00000badcafe';

describe('the success page', () => {
  it("names the order by the history's number and links to it there", () => {
    renderAt(<CheckoutSuccess />, {
      path: `/profile/cart/${CART}/success?order=${ORDER}`,
      route: '/profile/cart/:cartId/success',
      preloadedState: signedInState(),
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeInTheDocument();
    expect(screen.getByText('Thank you for your purchase. Your transaction was successful.')).toBeInTheDocument();
    expect(screen.getByText(/Your order number is/)).toHaveTextContent('Your order number is 0BADCAFE.');
    expect(screen.getByRole('link', { name: 'View order 0BADCAFE in your order history' })).toHaveAttribute(
      'href',
      `/profile?order=${ORDER}`,
    );
    expect(screen.getByRole('link', { name: 'Back to the homepage' })).toHaveAttribute('href', '/');
  });

  it('says which units ship once a case is opened, as the placed order counts them (decisions.md "Stock")', async () => {
    mockApi({
      [`GET /api/orders/${ORDER}`]: () => [
        200,
        { id: ORDER, items: [{ id: 'i1', title: 'Comet Cake', isUnit: true, quantity: 5, owedUnits: 3 }] },
      ],
    });
    renderAt(<CheckoutSuccess />, {
      path: `/profile/cart/${CART}/success?order=${ORDER}`,
      route: '/profile/cart/:cartId/success',
      preloadedState: signedInState(),
    });
    const owed = await screen.findByRole('list', { name: 'Units waiting for a case' });
    expect(within(owed).getByRole('listitem')).toHaveTextContent('Comet Cake: 3 units ship once a case is opened');
  });

  it('without an order in the address, says only the thanks', () => {
    renderAt(<CheckoutSuccess />, { path: `/profile/cart/${CART}/success`, route: '/profile/cart/:cartId/success' });
    expect(screen.queryByText(/Your order number is/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the homepage' })).toBeInTheDocument();
  });
});
