import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CART_API, CART_ID, cartOf, cartProduct, line, quote } from '@/features/cart/test/fixtures';
import { profile } from '@/features/profile/test/fixtures';
import { mockApi, renderAt, signedInState } from '@/test/render';
import CartPage from './cart';

const TERMS = 'Please click here to accept the Terms of Service before checkout';

describe('/profile/cart/{cartId}', () => {
  it('accepts the terms from the checkout warning, and the new quote allows the checkout', async () => {
    let accepted = false;
    let saved: unknown;
    mockApi({
      [`GET ${CART_API}`]: () => [200, cartOf(line(cartProduct('p1', 'Comet Rack')))],
      [`POST ${CART_API}/quote`]: () => [
        200,
        accepted ? quote() : quote({ canCheckout: false, blocked: { reason: 'TERMS_NOT_ACCEPTED', message: TERMS } }),
      ],
      'POST /api/user/userInfo': async (req) => {
        saved = await req.json();
        accepted = true;
        return [200, profile({ acceptedTerms: true })];
      },
    });
    const ue = userEvent.setup();
    renderAt(<CartPage />, { path: `/profile/cart/${CART_ID}`, route: '/profile/cart/:cartId', preloadedState: signedInState() });
    expect(screen.getByRole('heading', { level: 1, name: 'Your Cart' })).toBeInTheDocument();
    const warning = await screen.findByRole('alert');
    expect(warning).toHaveTextContent(TERMS);
    expect(screen.getByRole('button', { name: 'Checkout' })).toBeDisabled();

    await ue.click(within(warning).getByRole('button', { name: 'click here' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Terms of Service' }));
    await ue.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(saved).toBeUndefined();

    await ue.click(within(screen.getByRole('alert')).getByRole('button', { name: 'click here' }));
    await ue.click(screen.getByRole('button', { name: 'I Accept' }));
    expect(saved).toEqual({ acceptedTerms: true });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The saved profile invalidates the quote: the warning goes and the checkout opens.
    await waitFor(() => expect(screen.queryByText(TERMS)).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Checkout' })).toBeEnabled());
  });

  it('says "Cart not found" for a cart that is not the shopper\'s', async () => {
    mockApi({ 'GET /api/cart/someone-else': () => [404, { message: 'Cart not found' }] });
    renderAt(<CartPage />, { path: '/profile/cart/someone-else', route: '/profile/cart/:cartId', preloadedState: signedInState() });
    expect(await screen.findByRole('alert')).toHaveTextContent('Cart not found');
  });
});
