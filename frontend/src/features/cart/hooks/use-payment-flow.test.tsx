import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from '@/components/toaster';
import {
  PAYMENT_POLL_INTERVAL_MS,
  PAYMENT_POLL_MAX,
  PAYMENT_TIMEOUT_MS,
  PAYMENT_WINDOW_FEATURES,
  PAYMENT_WINDOW_NAME,
} from '@/lib/constants';
import { mockApi, renderAt, signedInState } from '@/test/render';
import { CART_API, CART_ID, cartOf, cartProduct, line, quote, USER_ID } from '../test/fixtures';
import { CartCheckout } from '../components/cart-checkout';

const TOKEN = 'tok-123';

/** What window.open returns in these tests: a payment window the test closes or not. */
interface FakeWindow {
  closed: boolean;
  close: jest.Mock;
  focus: jest.Mock;
}

function fakeWindow(): FakeWindow {
  const win: FakeWindow = { closed: false, close: jest.fn(), focus: jest.fn() };
  win.close.mockImplementation(() => {
    win.closed = true;
  });
  return win;
}

/** What the payment window would post to its opener. */
function post(data: unknown, origin = window.location.origin) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin }));
  });
}

interface Calls {
  purchase: unknown[];
  cancel: unknown[];
  complete: unknown[];
  quotes: number;
}

function setup({
  purchase = () => [200, { checkoutToken: TOKEN, paymentUrl: `/pay/${TOKEN}`, amount: 999.99, expiresAt: '2026-11-23T12:05:00Z' }],
  complete = () => [200, { id: 'order-1', status: 'PENDING' }],
  popup = fakeWindow() as FakeWindow | null,
}: {
  purchase?: () => [number, unknown];
  complete?: () => [number, unknown];
  popup?: FakeWindow | null;
} = {}) {
  const calls: Calls = { purchase: [], cancel: [], complete: [], quotes: 0 };
  mockApi({
    [`GET ${CART_API}`]: () => [200, cartOf(line(cartProduct('p1', 'Comet Rack'), { caseQuantity: 2 }))],
    [`POST ${CART_API}/quote`]: () => {
      calls.quotes += 1;
      return [200, quote()];
    },
    [`POST ${CART_API}/purchase`]: async (req) => {
      calls.purchase.push(await req.json());
      return purchase();
    },
    [`POST ${CART_API}/purchase/cancel`]: async (req) => {
      calls.cancel.push(await req.json());
      return [204, null];
    },
    'POST /api/purchase': async (req) => {
      calls.complete.push(await req.json());
      return complete();
    },
  });
  const open = jest.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
  const ue = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
  renderAt(
    <>
      <CartCheckout cartId={CART_ID} onAcceptTerms={() => {}} />
      <Toaster />
    </>,
    { path: `/profile/cart/${CART_ID}`, route: '/profile/cart/:cartId', preloadedState: signedInState() },
  );
  return { ue, calls, open, popup };
}

const checkout = () => screen.getByRole('button', { name: /^(Checkout|Updating Cart\.\.\.|Processing\.\.\.)$/ });

/** Checkout, up to the payment window being open. */
async function openPayment(ue: ReturnType<typeof userEvent.setup>) {
  await waitFor(() => expect(checkout()).toBeEnabled());
  expect(checkout()).toHaveTextContent('Checkout');
  await ue.click(checkout());
  expect(await screen.findByRole('button', { name: 'Cancel Payment' })).toBeInTheDocument();
}

/** The flow is back where it started. */
async function expectReset() {
  await waitFor(() => expect(screen.queryByRole('button', { name: 'Cancel Payment' })).not.toBeInTheDocument());
  await waitFor(() => expect(checkout()).toHaveTextContent('Checkout'));
}

describe('the payment flow', () => {
  beforeEach(() => {
    // Real time still passes (the mocked server answers), and the test can jump ahead.
    jest.useFakeTimers({ advanceTimers: true });
    jest.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => jest.useRealTimers());

  it('pays the quote: token for the grand total, the payment window, then SUCCESS completes the purchase', async () => {
    const { ue, calls, open, popup } = setup();
    await openPayment(ue);
    expect(calls.purchase).toEqual([{ amount: 999.99, shipToTerminalId: null, liftGate: false }]);
    expect(open).toHaveBeenCalledWith(`/pay/${TOKEN}`, PAYMENT_WINDOW_NAME, PAYMENT_WINDOW_FEATURES);
    expect(PAYMENT_WINDOW_FEATURES).toBe('width=480,height=640');
    expect(checkout()).toHaveTextContent('Processing...');
    expect(checkout()).toBeDisabled();

    post({ status: 'SUCCESS', token: TOKEN });
    // The success page is told the order (issue 32 item 11).
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/profile/cart/${CART_ID}/success?order=order-1`));
    expect(calls.complete).toEqual([
      {
        userId: USER_ID,
        shippingAddressId: 'addr-1',
        amounts: { subtotal: 111.11, tax: 3.33, liftGateFee: 0, shipping: 22.22, grandTotal: 999.99 },
        checkoutToken: TOKEN,
      },
    ]);
    expect(calls.cancel).toEqual([]);
    expect(popup!.close).not.toHaveBeenCalled();
  });

  it('ignores messages from another origin or for another token', async () => {
    const { ue, calls } = setup();
    await openPayment(ue);
    post({ status: 'SUCCESS', token: TOKEN }, 'https://evil.example');
    post({ status: 'SUCCESS', token: 'someone-else' });
    post('SUCCESS');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(200);
    });
    expect(calls.complete).toEqual([]);
    expect(screen.getByRole('button', { name: 'Cancel Payment' })).toBeInTheDocument();
  });

  it('ABORTED resets the flow and cancels the session', async () => {
    const { ue, calls, popup } = setup();
    await openPayment(ue);
    post({ status: 'ABORTED', token: TOKEN });
    await expectReset();
    await waitFor(() => expect(calls.cancel).toEqual([{ checkoutToken: TOKEN }]));
    expect(calls.complete).toEqual([]);
    expect(popup!.close).toHaveBeenCalled();
  });

  it('Cancel Payment resets the flow, closes the window and cancels the session', async () => {
    const { ue, calls, popup } = setup();
    await openPayment(ue);
    await ue.click(screen.getByRole('button', { name: 'Cancel Payment' }));
    await expectReset();
    await waitFor(() => expect(calls.cancel).toEqual([{ checkoutToken: TOKEN }]));
    expect(popup!.close).toHaveBeenCalled();
  });

  it('a closed payment window (polled every 500 ms) without a result cancels after the 1 s check', async () => {
    const { ue, calls, popup } = setup();
    await openPayment(ue);
    popup!.closed = true;
    await act(async () => {
      await jest.advanceTimersByTimeAsync(PAYMENT_POLL_INTERVAL_MS + 900);
    });
    expect(calls.cancel).toEqual([]);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(200);
    });
    await expectReset();
    await waitFor(() => expect(calls.cancel).toEqual([{ checkoutToken: TOKEN }]));
  });

  it('focus regained without a result cancels after 1 s; a SUCCESS within that second wins', async () => {
    const first = setup();
    await openPayment(first.ue);
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1000);
    });
    await expectReset();
    await waitFor(() => expect(first.calls.cancel).toEqual([{ checkoutToken: TOKEN }]));

    // Again, with the result arriving just after the focus (the window closing itself on success).
    await openPayment(first.ue);
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    post({ status: 'SUCCESS', token: TOKEN });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/success\?order=order-1$/));
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1500);
    });
    expect(first.calls.cancel).toHaveLength(1);
    expect(first.calls.complete).toHaveLength(1);
  });

  it('visibility regained without a result cancels too', async () => {
    const { ue, calls } = setup();
    await openPayment(ue);
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1000);
    });
    await expectReset();
    await waitFor(() => expect(calls.cancel).toEqual([{ checkoutToken: TOKEN }]));
  });

  it('gives up after 5 minutes', async () => {
    expect(PAYMENT_TIMEOUT_MS).toBe(300_000);
    expect(PAYMENT_POLL_INTERVAL_MS * PAYMENT_POLL_MAX).toBe(300_000);
    const { ue, calls, popup } = setup();
    await openPayment(ue);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(PAYMENT_TIMEOUT_MS - 1000);
    });
    expect(calls.cancel).toEqual([]);
    expect(screen.getByRole('button', { name: 'Cancel Payment' })).toBeInTheDocument();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1000);
    });
    await expectReset();
    await waitFor(() => expect(calls.cancel).toEqual([{ checkoutToken: TOKEN }]));
    expect(popup!.close).toHaveBeenCalled();
  });

  it('shows a 409 of the token request in the checkout panel and refreshes the quote', async () => {
    const { ue, calls, open } = setup({ purchase: () => [409, { message: 'Only 2 left of Comet Rack (AF-1)' }] });
    await waitFor(() => expect(checkout()).toBeEnabled());
    const quotesBefore = calls.quotes;
    await ue.click(checkout());
    expect(await screen.findByRole('alert')).toHaveTextContent('Only 2 left of Comet Rack (AF-1)');
    await waitFor(() => expect(calls.quotes).toBe(quotesBefore + 1));
    expect(open).not.toHaveBeenCalled();
    await waitFor(() => expect(checkout()).toHaveTextContent('Checkout'));
  });

  // decisions.md "Stock" (issue 32 item 9): every purchase failure is shown with what to do
  // next; these two tests asserted the old silence (§8 "only logged").
  it('shows other failures of the token request and resets', async () => {
    const { ue, calls, open } = setup({ purchase: () => [500, { message: 'Something went wrong' }] });
    await waitFor(() => expect(checkout()).toBeEnabled());
    await ue.click(checkout());
    await waitFor(() => expect(console.error).toHaveBeenCalled());
    await expectReset();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Checkout could not start (Something went wrong). Please try again in a moment.',
    );
    expect(open).not.toHaveBeenCalled();
    expect(calls.cancel).toEqual([]);
  });

  it('a refused purchase after SUCCESS is shown with what to do next, resets the flow and releases the session', async () => {
    const { ue, calls } = setup({ complete: () => [409, { message: 'Only 0 left of Comet Tee (APP-0001-M-U)' }] });
    await openPayment(ue);
    const quotesBefore = calls.quotes;
    post({ status: 'SUCCESS', token: TOKEN });
    await expectReset();
    await waitFor(() => expect(calls.cancel).toEqual([{ checkoutToken: TOKEN }]));
    expect(console.error).toHaveBeenCalled();
    expect(screen.getByTestId('location')).toHaveTextContent(`/profile/cart/${CART_ID}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your purchase could not be completed: Only 0 left of Comet Tee (APP-0001-M-U). Your card has not been charged. Review your cart and check out again.',
    );
    // The summary is asked again, to show what changed.
    await waitFor(() => expect(calls.quotes).toBeGreaterThan(quotesBefore));
    // A new checkout clears the failure.
    await openPayment(ue);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a purchase whose answer never came says to check the order history', async () => {
    const { ue } = setup({ complete: () => [500, { message: 'Something went wrong' }] });
    await openPayment(ue);
    post({ status: 'SUCCESS', token: TOKEN });
    await expectReset();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not confirm your purchase (Something went wrong). Check your order history on your profile before you check out again.',
    );
  });

  it('a blocked payment window cancels the session at once and says how to go on', async () => {
    const { ue, calls } = setup({ popup: null });
    await waitFor(() => expect(checkout()).toBeEnabled());
    await ue.click(checkout());
    await waitFor(() => expect(calls.cancel).toEqual([{ checkoutToken: TOKEN }]));
    await expectReset();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The payment window could not be opened. Allow pop-ups for this site, then check out again.',
    );
  });

  it('leaving the page (reload, tab closed) with the window open cancels the session on the way out', async () => {
    const { ue, calls, popup } = setup();
    await openPayment(ue);
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    await waitFor(() => expect(calls.cancel).toEqual([{ checkoutToken: TOKEN }]));
    expect(popup!.close).toHaveBeenCalled();
    // Once: the window's own events no longer count.
    post({ status: 'ABORTED', token: TOKEN });
    await act(async () => {
      await jest.advanceTimersByTimeAsync(200);
    });
    expect(calls.cancel).toHaveLength(1);
  });

  it("locks the cart's controls while the payment window is open, and unlocks them when it ends", async () => {
    const { ue } = setup();
    const lineControls = () =>
      ['Decrease cases of Comet Rack', 'Increase cases of Comet Rack', 'Remove Comet Rack'].map((name) =>
        screen.getByRole('button', { name }),
      );
    await waitFor(() => expect(checkout()).toBeEnabled());
    for (const control of lineControls()) expect(control).toBeEnabled();
    expect(screen.queryByText('Your cart is being paid for. Cancel the payment to change it.')).not.toBeInTheDocument();

    await openPayment(ue);
    for (const control of lineControls()) expect(control).toBeDisabled();
    expect(screen.getByText('Your cart is being paid for. Cancel the payment to change it.')).toBeVisible();

    await ue.click(screen.getByRole('button', { name: 'Cancel Payment' }));
    await expectReset();
    for (const control of lineControls()) expect(control).toBeEnabled();
    expect(screen.queryByText('Your cart is being paid for. Cancel the payment to change it.')).not.toBeInTheDocument();
  });
});
