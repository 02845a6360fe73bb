import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Navbar } from '@/app/layout/navbar';
import { product } from '@/features/catalogue/test/fixtures';
import { CART_API, cartOf, cartProduct, line } from '@/features/cart/test/fixtures';
import { deferred } from '@/test/deferred';
import { mockApi, renderAt, signedInState } from '@/test/render';
import { ProductCard } from './cards';

describe('the navbar cart badge', () => {
  it('follows an add at once (optimistic), then with the refreshed cart', async () => {
    const comet = cartProduct('p1', 'Comet Rack');
    let cases = 1;
    const answer = deferred<[number, unknown]>();
    mockApi({
      [`GET ${CART_API}`]: () => [200, cartOf(line(comet, { caseQuantity: cases, unitQuantity: 2 }))],
      [`POST ${CART_API}/add`]: async () => {
        const result = await answer.promise;
        cases = 2;
        return result;
      },
    });
    renderAt(
      <>
        <Navbar />
        <ProductCard product={product('p1', 'Comet Rack')} to="/products/p1" />
      </>,
      { preloadedState: signedInState() },
    );
    const nav = within(screen.getByRole('navigation', { name: 'Main' }));
    expect(await nav.findByRole('link', { name: 'Cart, 3 items' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Add Case' }));
    expect(await nav.findByRole('link', { name: 'Cart, 4 items' })).toBeInTheDocument();
    answer.resolve([200, cartOf(line(comet, { caseQuantity: 2, unitQuantity: 2 }))]);
    expect(await screen.findByRole('button', { name: 'Add Case' })).toBeEnabled();
    expect(nav.getByRole('link', { name: 'Cart, 4 items' })).toBeInTheDocument();
  });

  it('counts a new line once the refreshed cart arrives', async () => {
    let lines = [] as ReturnType<typeof line>[];
    mockApi({
      [`GET ${CART_API}`]: () => [200, cartOf(...lines)],
      [`POST ${CART_API}/add`]: () => {
        lines = [line(cartProduct('p1', 'Comet Rack'), { caseQuantity: 1 })];
        return [200, cartOf(...lines)];
      },
    });
    renderAt(
      <>
        <Navbar />
        <ProductCard product={product('p1', 'Comet Rack')} to="/products/p1" />
      </>,
      { preloadedState: signedInState() },
    );
    const nav = within(screen.getByRole('navigation', { name: 'Main' }));
    expect(await nav.findByRole('link', { name: 'Cart, 0 items' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add Case' }));
    expect(await nav.findByRole('link', { name: 'Cart, 1 item' })).toBeInTheDocument();
  });
});
