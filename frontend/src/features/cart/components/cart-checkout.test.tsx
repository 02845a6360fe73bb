import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from '@/components/toaster';
import { deferred } from '@/test/deferred';
import { mockApi, renderAt, signedInState } from '@/test/render';
import type { Cart, Quote, ShippingChoice, Terminal } from '../api/types';
import { CART_API, CART_ID, cartOf, cartProduct, line, quote, terminal } from '../test/fixtures';
import { CartCheckout } from './cart-checkout';

const comet = cartProduct('p1', 'Comet Rack', { image: '/images/p1.svg', casePrice: 66.9, unitProduct: { unitPrice: 7.99 } });
const countdown = cartProduct('s1', 'Midnight Countdown Show', { isShow: true, casePrice: 999.5 });
const hoodie = cartProduct('a1', 'Cody B Hoodie', { isApparel: true });
const hoodieLine = line(hoodie, {
  variantId: 'v-m',
  variant: { id: 'v-m', sku: 'APP-0001-M-U', size: 'M', gender: 'UNISEX', color: null, unitPrice: 24.99 },
  caseQuantity: 2,
});

interface Setup {
  cart?: Cart | (() => Cart);
  quote?: Quote | ((body: ShippingChoice) => Quote);
  terminals?: (search: URLSearchParams) => [number, unknown] | Promise<[number, unknown]>;
  extra?: Parameters<typeof mockApi>[0];
}

function setup({ cart = cartOf(line(comet, { caseQuantity: 1, unitQuantity: 2 })), quote: q = quote(), terminals, extra = {} }: Setup = {}) {
  const quoteBodies: ShippingChoice[] = [];
  const requests = mockApi({
    [`GET ${CART_API}`]: () => [200, typeof cart === 'function' ? cart() : cart],
    [`POST ${CART_API}/quote`]: async (req) => {
      const body = (await req.json()) as ShippingChoice;
      quoteBodies.push(body);
      return [200, typeof q === 'function' ? q(body) : q];
    },
    ...(terminals ? { 'GET /api/terminal': (req: Request) => terminals(new URL(req.url).searchParams) } : {}),
    ...extra,
  });
  const onAcceptTerms = jest.fn();
  const ue = userEvent.setup();
  const view = renderAt(
    <>
      <CartCheckout cartId={CART_ID} onAcceptTerms={onAcceptTerms} />
      <Toaster />
    </>,
    { path: `/profile/cart/${CART_ID}`, route: '/profile/cart/:cartId', preloadedState: signedInState() },
  );
  return { ue, view, quoteBodies, requests, onAcceptTerms };
}

const checkout = () => screen.getByRole('button', { name: /^(Checkout|Updating Cart\.\.\.|Processing\.\.\.)$/ });
const item = (title: string) => within(screen.getByRole('listitem', { name: title }));

/** The summary's rows as "term=value". */
function summaryRows() {
  const summary = screen.getByRole('region', { name: 'Order Summary' });
  return within(summary)
    .getAllByRole('term')
    .map((t) => `${t.textContent}=${t.nextElementSibling?.textContent}`);
}

describe('the cart', () => {
  it('shows each line with its picture, prices and controls: cases and units, shows, apparel items', async () => {
    setup({ cart: cartOf(line(comet, { caseQuantity: 1, unitQuantity: 2 }), line(countdown), hoodieLine) });
    await screen.findByRole('list', { name: 'Cart items' });
    const rack = item('Comet Rack');
    expect(rack.getByRole('link', { name: 'Comet Rack' })).toHaveAttribute('href', '/products/p1');
    expect(screen.getByRole('listitem', { name: 'Comet Rack' }).querySelector('img')).toHaveAttribute('src', '/images/p1.svg');
    expect(rack.getByText('$66.90 per case · $7.99 per unit')).toBeInTheDocument();
    expect(rack.getByRole('spinbutton', { name: 'Cases of Comet Rack' })).toHaveValue(1);
    expect(rack.getByRole('spinbutton', { name: 'Units of Comet Rack' })).toHaveValue(2);
    const show = item('Midnight Countdown Show');
    expect(show.getByRole('link', { name: 'Midnight Countdown Show' })).toHaveAttribute('href', '/shows/s1');
    expect(show.getByRole('spinbutton', { name: 'Shows of Midnight Countdown Show' })).toHaveValue(1);
    expect(show.queryByRole('group', { name: /Units/ })).not.toBeInTheDocument();
    const apparel = item('Cody B Hoodie');
    expect(apparel.getByText('APP-0001-M-U')).toBeInTheDocument();
    expect(apparel.getByText('$24.99 per item')).toBeInTheDocument();
    expect(apparel.getByRole('spinbutton', { name: 'Items of Cody B Hoodie' })).toHaveValue(2);
  });

  it('changes a quantity with + and −, and says so', async () => {
    const bodies: unknown[] = [];
    let current = cartOf(line(comet, { caseQuantity: 1, unitQuantity: 2 }));
    const { ue } = setup({
      cart: () => current,
      extra: {
        [`POST ${CART_API}/updateQuantity`]: async (req) => {
          const body = (await req.json()) as { isUnit: boolean; quantity: number };
          bodies.push(body);
          const l = current.cartProducts[0];
          current = cartOf({ ...l, ...(body.isUnit ? { unitQuantity: body.quantity } : { caseQuantity: body.quantity }) });
          return [200, current];
        },
      },
    });
    await ue.click(await screen.findByRole('button', { name: 'Increase cases of Comet Rack' }));
    expect(await screen.findByText('Updated quantity for Comet Rack')).toBeInTheDocument();
    expect(item('Comet Rack').getByRole('spinbutton', { name: 'Cases of Comet Rack' })).toHaveValue(2);
    await ue.click(screen.getByRole('button', { name: 'Decrease units of Comet Rack' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies).toEqual([
      { productId: 'p1', cartId: CART_ID, isUnit: false, quantity: 2 },
      { productId: 'p1', cartId: CART_ID, isUnit: true, quantity: 1 },
    ]);
    await waitFor(() => expect(item('Comet Rack').getByRole('spinbutton', { name: 'Units of Comet Rack' })).toHaveValue(1));
  });

  it('takes a typed count as one change, bounded by the stock of an apparel variant and by 9999', async () => {
    const bodies: { isUnit: boolean; quantity: number }[] = [];
    const tee = cartProduct('a2', 'Comet Tee', { isApparel: true });
    let current = cartOf(
      line(comet, { caseQuantity: 1, unitQuantity: 2 }),
      line(tee, {
        variantId: 'v-s',
        variant: { id: 'v-s', sku: 'APP-0002-S-U', size: 'S', gender: 'UNISEX', color: null, unitPrice: 19.99, availableStock: 7 },
        caseQuantity: 1,
      }),
    );
    const { ue } = setup({
      cart: () => current,
      extra: {
        [`POST ${CART_API}/updateQuantity`]: async (req) => {
          const body = (await req.json()) as { productId: string; isUnit: boolean; quantity: number };
          bodies.push(body);
          current = cartOf(
            ...current.cartProducts.map((l) =>
              l.productId !== body.productId ? l : { ...l, ...(body.isUnit ? { unitQuantity: body.quantity } : { caseQuantity: body.quantity }) },
            ),
          );
          return [200, current];
        },
      },
    });
    const cases = await screen.findByRole('spinbutton', { name: 'Cases of Comet Rack' });
    expect(cases).toHaveAttribute('max', '9999');
    await ue.clear(cases);
    await ue.type(cases, '20{Enter}');
    await waitFor(() => expect(bodies).toEqual([{ productId: 'p1', cartId: CART_ID, isUnit: false, quantity: 20 }]));
    await waitFor(() => expect(screen.getByRole('spinbutton', { name: 'Cases of Comet Rack' })).toHaveValue(20));
    expect(await screen.findByText('Updated quantity for Comet Rack')).toBeInTheDocument();

    // Above the bound: the bound. Apparel: its variant's stock (7).
    const items = screen.getByRole('spinbutton', { name: 'Items of Comet Tee' });
    expect(items).toHaveAttribute('max', '7');
    await ue.clear(items);
    await ue.type(items, '50');
    await ue.tab();
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toEqual({ productId: 'a2', cartId: CART_ID, variantId: 'v-s', isUnit: false, quantity: 7 });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Increase items of Comet Tee' })).toBeDisabled());

    const units = screen.getByRole('spinbutton', { name: 'Units of Comet Rack' });
    await ue.clear(units);
    await ue.type(units, '123456{Enter}');
    await waitFor(() => expect(bodies).toHaveLength(3));
    expect(bodies[2]).toEqual({ productId: 'p1', cartId: CART_ID, isUnit: true, quantity: 9999 });

    // Nothing, or the same count: no change.
    const again = screen.getByRole('spinbutton', { name: 'Cases of Comet Rack' });
    await ue.clear(again);
    await ue.tab();
    expect(again).toHaveValue(20);
    await ue.clear(again);
    await ue.type(again, '20{Enter}');
    expect(bodies).toHaveLength(3);
  });

  it('takes a refused change back and says "Unable to update quantity"', async () => {
    const { ue } = setup({ extra: { [`POST ${CART_API}/updateQuantity`]: () => [409, { message: 'Comet Rack is out of stock' }] } });
    await ue.click(await screen.findByRole('button', { name: 'Increase cases of Comet Rack' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to update quantity');
    expect(item('Comet Rack').getByRole('spinbutton', { name: 'Cases of Comet Rack' })).toHaveValue(1);
  });

  it('a change refused because the cart is being paid for (another tab) says why', async () => {
    const message = 'Your cart is being paid for. Cancel the payment to change it.';
    const { ue } = setup({ extra: { [`POST ${CART_API}/updateQuantity`]: () => [409, { message }] } });
    await ue.click(await screen.findByRole('button', { name: 'Increase cases of Comet Rack' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(`Unable to update quantity: ${message}`);
    expect(item('Comet Rack').getByRole('spinbutton', { name: 'Cases of Comet Rack' })).toHaveValue(1);
  });

  it('removes a line and says so; a refused removal says "Unable to remove product from cart"', async () => {
    let current = cartOf(line(comet), line(countdown));
    let refuse = false;
    const { ue } = setup({
      cart: () => current,
      extra: {
        [`POST ${CART_API}/remove`]: async (req) => {
          if (refuse) return [404, { message: 'Cart not found' }];
          const { productId } = (await req.json()) as { productId: string };
          current = cartOf(...current.cartProducts.filter((l) => l.productId !== productId));
          return [200, current];
        },
      },
    });
    await ue.click(await screen.findByRole('button', { name: 'Remove Comet Rack' }));
    expect(await screen.findByText('Removed Comet Rack from cart')).toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: 'Comet Rack' })).not.toBeInTheDocument();
    refuse = true;
    await ue.click(screen.getByRole('button', { name: 'Remove Midnight Countdown Show' }));
    expect(await screen.findByText('Unable to remove product from cart')).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Midnight Countdown Show' })).toBeInTheDocument();
  });

  it('says "Your cart is empty" with a link to the catalogue', async () => {
    setup({ cart: cartOf() });
    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the catalogue' })).toHaveAttribute('href', '/products?page=1&pageSize=25');
    expect(screen.queryByRole('button', { name: 'Checkout' })).not.toBeInTheDocument();
  });
});

describe('the order summary', () => {
  it("shows the server's figures as they are (they need not add up: nothing is computed here)", async () => {
    // 1 case at $66.90 and 2 units at $7.99 would make $82.88; the server says otherwise, and wins.
    setup({ quote: quote({ subtotal: 111.11, shipping: 22.22, liftGateFee: 100, tax: 3.33, grandTotal: 999.99, itemCount: 7, orderType: 'combo' }) });
    await screen.findByRole('region', { name: 'Order Summary' });
    expect(summaryRows()).toEqual([
      'Order type=Combo',
      'Items=7',
      'Subtotal=$111.11',
      'Shipping=$22.22',
      'Liftgate fee=$100.00',
      'Tax=$3.33',
      'Grand total=$999.99',
    ]);
    expect(screen.getByRole('region', { name: 'Shipping to' })).toHaveTextContent('1 Main StFargo, ND 58102');
  });

  it('asks for the quote with the shipping choice', async () => {
    const { ue, quoteBodies } = setup();
    await screen.findByRole('region', { name: 'Order Summary' });
    expect(quoteBodies).toEqual([{ shipToTerminalId: null, liftGate: false }]);
    await ue.click(screen.getByLabelText('Liftgate delivery'));
    await waitFor(() => expect(quoteBodies).toEqual([{ shipToTerminalId: null, liftGate: false }, { shipToTerminalId: null, liftGate: true }]));
  });
});

describe('the checkout button', () => {
  it('reads Checkout and is enabled when the quote allows it', async () => {
    setup();
    await waitFor(() => expect(checkout()).toHaveTextContent('Checkout'));
    expect(checkout()).toBeEnabled();
  });

  it('is disabled with the reason when the quote says canCheckout false', async () => {
    setup({
      quote: quote({
        canCheckout: false,
        blocked: { reason: 'NOT_SHIPPED', message: "We currently don't ship to MA. Please select a different shipping address." },
      }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent("We currently don't ship to MA. Please select a different shipping address.");
    await waitFor(() => expect(checkout()).toHaveTextContent('Checkout'));
    expect(checkout()).toBeDisabled();
  });

  it('links the missing-address message to the profile form', async () => {
    const message = 'Please set your shipping address in the user profile to proceed to checkout';
    setup({ quote: quote({ canCheckout: false, shippingAddress: null, blocked: { reason: 'MISSING_ADDRESS', message } }) });
    expect(await screen.findByRole('link', { name: message })).toHaveAttribute('href', '/profile/edit');
    expect(screen.getByRole('region', { name: 'Shipping to' })).toHaveTextContent('Not Provided');
  });

  it('opens the terms from the "click here" of the terms message', async () => {
    const message = 'Please click here to accept the Terms of Service before checkout';
    const { ue, onAcceptTerms } = setup({ quote: quote({ canCheckout: false, blocked: { reason: 'TERMS_NOT_ACCEPTED', message } }) });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(message);
    await ue.click(within(alert).getByRole('button', { name: 'click here' }));
    expect(onAcceptTerms).toHaveBeenCalledTimes(1);
    expect(checkout()).toBeDisabled();
  });

  it('waits a 1-second settling period after a cart change ("Updating Cart...")', async () => {
    let cases = 1;
    const answer = deferred<void>();
    const { ue } = setup({
      cart: () => cartOf(line(comet, { caseQuantity: cases, unitQuantity: 2 })),
      extra: {
        [`POST ${CART_API}/updateQuantity`]: async () => {
          await answer.promise;
          cases = 2;
          return [200, cartOf(line(comet, { caseQuantity: 2, unitQuantity: 2 }))];
        },
      },
    });
    await waitFor(() => expect(checkout()).toBeEnabled());
    await ue.click(screen.getByRole('button', { name: 'Increase cases of Comet Rack' }));
    const changed = Date.now();
    await waitFor(() => expect(checkout()).toHaveTextContent('Updating Cart...'));
    expect(checkout()).toBeDisabled();
    answer.resolve();
    await waitFor(() => expect(checkout()).toHaveTextContent('Checkout'), { timeout: 3000 });
    // The server answered at once: the wait is the settling period (a few ms of it may precede \`changed\`).
    expect(Date.now() - changed).toBeGreaterThanOrEqual(950);
    expect(checkout()).toBeEnabled();
  });
});

describe('shipping to a terminal', () => {
  const terminals: Terminal[] = [terminal('t1', 'Fargo Freight Terminal'), terminal('t2', 'West Fargo Depot')];

  it('lists the terminals of a state (and ZIP code), and a chosen one ships there without a liftgate', async () => {
    const searches: string[] = [];
    const { ue, quoteBodies } = setup({
      terminals: (search) => {
        searches.push(search.toString());
        return [200, search.get('zipcode') ? terminals.slice(1) : terminals];
      },
      quote: (body) => (body.shipToTerminalId ? quote({ terminal: terminals[0], shippingAddress: { ...terminals[0].address, id: 'ta-t1' } }) : quote()),
    });
    await screen.findByRole('region', { name: 'Order Summary' });
    await ue.click(screen.getByLabelText('Liftgate delivery'));
    expect(screen.getByLabelText('Liftgate delivery')).toBeChecked();

    await ue.click(screen.getByLabelText('Ship to a freight terminal'));
    expect(screen.getByLabelText(/Liftgate delivery/)).toBeDisabled();
    expect(screen.getByLabelText(/Liftgate delivery/)).not.toBeChecked();
    // The state of the shipping address comes first.
    expect(screen.getByLabelText('Terminal state')).toHaveValue('ND');
    expect(await screen.findByRole('radio', { name: 'Fargo Freight Terminal' })).toBeInTheDocument();
    expect(checkout()).toBeDisabled();
    expect(screen.getByText('Choose a terminal to ship to.')).toBeInTheDocument();

    await ue.type(screen.getByLabelText('ZIP code'), '581');
    await ue.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.queryByRole('radio', { name: 'Fargo Freight Terminal' })).not.toBeInTheDocument());
    expect(searches).toEqual(['state=ND', 'state=ND&zipcode=581']);
    await ue.clear(screen.getByLabelText('ZIP code'));
    await ue.click(screen.getByRole('button', { name: 'Search' }));
    await ue.click(await screen.findByRole('radio', { name: 'Fargo Freight Terminal' }));

    await waitFor(() => expect(quoteBodies.at(-1)).toEqual({ shipToTerminalId: 't1', liftGate: false }));
    const shipTo = within(screen.getByRole('region', { name: 'Shipping to' }));
    expect(await shipTo.findByText('t1 Depot Rd')).toBeInTheDocument();
    expect(shipTo.getByText('Fargo Freight Terminal')).toBeInTheDocument();
    await waitFor(() => expect(checkout()).toBeEnabled());
  });

  it('forgets the chosen terminal when unchecked', async () => {
    const { ue, quoteBodies } = setup({ terminals: () => [200, terminals] });
    await screen.findByRole('region', { name: 'Order Summary' });
    await ue.click(screen.getByLabelText('Ship to a freight terminal'));
    await ue.click(await screen.findByRole('radio', { name: 'West Fargo Depot' }));
    await waitFor(() => expect(quoteBodies.at(-1)).toEqual({ shipToTerminalId: 't2', liftGate: false }));

    await ue.click(screen.getByLabelText('Ship to a freight terminal'));
    await waitFor(() => expect(quoteBodies.at(-1)).toEqual({ shipToTerminalId: null, liftGate: false }));
    expect(screen.getByLabelText('Liftgate delivery')).toBeEnabled();
    await ue.click(screen.getByLabelText('Ship to a freight terminal'));
    expect(await screen.findByRole('radio', { name: 'West Fargo Depot' })).not.toBeChecked();
  });

  it('says "Loading terminals..." and "Error loading terminals"', async () => {
    const answer = deferred<[number, unknown]>();
    const { ue } = setup({ terminals: () => answer.promise });
    await screen.findByRole('region', { name: 'Order Summary' });
    await ue.click(screen.getByLabelText('Ship to a freight terminal'));
    expect(await screen.findByText('Loading terminals...')).toBeInTheDocument();
    answer.resolve([400, { message: 'state must be a two-letter US state code' }]);
    expect(await screen.findByText('Error loading terminals')).toBeInTheDocument();
  });
});
