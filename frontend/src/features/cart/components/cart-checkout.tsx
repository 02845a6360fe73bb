import { useId, useState } from 'react';
import { AddressBlock } from '@/components/address-block';
import { AppLink } from '@/components/app-link';
import { Loading } from '@/components/loading';
import { errorMessage } from '@/lib/api';
import { CART_SETTLE_MS } from '@/lib/constants';
import { useAppSelector } from '@/lib/hooks';
import { FIRST_PAGE, paths } from '@/lib/paths';
import { selectUserInfo } from '@/lib/session/session-slice';
import { selectCartChanging, useGetCartQuery, useGetQuoteQuery } from '../api/cart-api';
import type { Cart, Terminal } from '../api/types';
import { usePaymentFlow, type PaymentFlow } from '../hooks/use-payment-flow';
import { useSettling } from '../hooks/use-settling';
import { NETWORK_FAILURE } from '../lib/messages';
import { CartLines } from './cart-lines';
import { BlockedMessage, OrderSummary } from './order-summary';
import { TerminalPicker } from './terminal-picker';

/** The default state offered for terminals when the buyer has no shipping address (storefront.md §9). */
const DEFAULT_SHIPPING_STATE = 'ND';

export const CHECKOUT_LABELS = { ready: 'Checkout', updating: 'Updating Cart...', processing: 'Processing...' } as const;

/** "Your cart is empty" with a way back to the catalogue. */
export function EmptyCart() {
  return (
    <div className="rounded-box bg-base-200 p-6 text-center">
      <p className="text-lg font-semibold">Your cart is empty</p>
      <AppLink to={paths.products.getHref(FIRST_PAGE)} className="btn btn-primary btn-sm mt-3">
        Browse the catalogue
      </AppLink>
    </div>
  );
}

/** What identifies the cart's contents: a change of it starts the settling period. */
const contentsOf = (cart: Cart) =>
  cart.cartProducts.map((l) => `${l.productId}/${l.variantId ?? ''}:${l.caseQuantity}:${l.unitQuantity}`).join('|');

/**
 * Shipping choice, address, the server's summary, the blocked reason, the checkout button and
 * what went wrong with the last purchase. `payment` is the cart's payment flow (the cart's lines
 * are locked while it runs).
 */
function CheckoutPanel({ cart, payment, onAcceptTerms }: { cart: Cart; payment: PaymentFlow; onAcceptTerms: () => void }) {
  const id = useId();
  const cartId = cart.id;
  const [shipToTerminal, setShipToTerminal] = useState(false);
  const [terminal, setTerminal] = useState<Terminal | null>(null);
  const [liftGate, setLiftGate] = useState(false);
  const shipping = { shipToTerminalId: shipToTerminal ? (terminal?.id ?? null) : null, liftGate: !shipToTerminal && liftGate };

  const quoteQuery = useGetQuoteQuery({ cartId, ...shipping }, { refetchOnMountOrArgChange: true });
  const quote = quoteQuery.data;
  // Only the quote of the shipping choice on screen may be paid.
  const current = quoteQuery.currentData;
  const changing = useAppSelector(selectCartChanging);
  const settling = useSettling(contentsOf(cart), CART_SETTLE_MS);
  const updating = settling || changing || quoteQuery.isFetching;
  const processing = payment.phase !== 'idle';
  const terminalMissing = shipToTerminal && !terminal;

  const disabled = processing || updating || !current || !current.canCheckout || terminalMissing;
  const label = processing ? CHECKOUT_LABELS.processing : updating ? CHECKOUT_LABELS.updating : CHECKOUT_LABELS.ready;

  return (
    <section aria-labelledby={`${id}-heading`} className="card bg-base-100 shadow-sm">
      <div className="card-body gap-4">
        <h2 id={`${id}-heading`} className="card-title">
          Checkout
        </h2>
        <fieldset className="space-y-2" disabled={processing}>
          <legend className="sr-only">Delivery options</legend>
          <label className="flex cursor-pointer items-center gap-2">
            <input
              type="checkbox"
              className="checkbox checkbox-sm"
              checked={shipToTerminal}
              onChange={(e) => {
                setShipToTerminal(e.target.checked);
                // A terminal has no liftgate; leaving the terminals drops the chosen one.
                if (e.target.checked) setLiftGate(false);
                else setTerminal(null);
              }}
            />
            <span>Ship to a freight terminal</span>
          </label>
          {shipToTerminal && (
            <TerminalPicker
              initialState={quote?.shippingAddress?.state ?? DEFAULT_SHIPPING_STATE}
              selected={terminal}
              onSelect={setTerminal}
            />
          )}
          <label className="flex cursor-pointer items-center gap-2">
            <input
              type="checkbox"
              className="checkbox checkbox-sm"
              checked={!shipToTerminal && liftGate}
              disabled={shipToTerminal}
              onChange={(e) => setLiftGate(e.target.checked)}
            />
            <span>Liftgate delivery{shipToTerminal ? ' (not available for terminals)' : ''}</span>
          </label>
        </fieldset>

        <section aria-labelledby={`${id}-ship-to`}>
          <h3 id={`${id}-ship-to`} className="font-semibold">
            Shipping to
          </h3>
          {quote?.terminal && <p className="text-sm font-medium">{quote.terminal.terminalName}</p>}
          <AddressBlock address={quote?.shippingAddress} className="text-sm" />
        </section>

        {quote ? (
          <OrderSummary quote={quote} stale={!current} />
        ) : quoteQuery.isError ? (
          <p role="alert" className="alert alert-error text-sm">
            Error loading the order summary: {errorMessage(quoteQuery.error, NETWORK_FAILURE)}
          </p>
        ) : (
          <Loading label="Loading order summary..." />
        )}

        {payment.failure && (
          <p role="alert" className="alert alert-error text-sm">
            {payment.failure}
          </p>
        )}
        {current?.blocked && <BlockedMessage blocked={current.blocked} onAcceptTerms={onAcceptTerms} />}
        {terminalMissing && <p className="text-sm">Choose a terminal to ship to.</p>}

        <button
          type="button"
          className="btn btn-primary"
          disabled={disabled}
          aria-busy={processing || updating || undefined}
          onClick={() => {
            if (current) void payment.start(current, shipping);
          }}
        >
          {(processing || updating) && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
          {label}
        </button>
        {payment.phase === 'waiting' && (
          <>
            <p role="status" className="text-sm">
              Complete the payment in the payment window.
            </p>
            <button type="button" className="btn btn-outline btn-sm" onClick={payment.cancel}>
              Cancel Payment
            </button>
          </>
        )}
      </div>
    </section>
  );
}

/**
 * The cart and its checkout: the lines with their controls beside the checkout panel, or
 * "Your cart is empty". `onAcceptTerms` opens the terms of service (the page composing this
 * provides the profile's terms modal).
 */
export function CartCheckout({ cartId, onAcceptTerms }: { cartId: string; onAcceptTerms: () => void }) {
  const { data: cart, error, isLoading } = useGetCartQuery(cartId);
  const userId = useAppSelector(selectUserInfo)?.id ?? cart?.userId;
  // Here, not in the panel: the lines are locked while a payment session is open.
  const payment = usePaymentFlow({ cartId, userId });
  if (isLoading) return <Loading label="Loading cart..." />;
  if (error || !cart) {
    const notFound = (error as { status?: unknown } | undefined)?.status === 404;
    return (
      <p role="alert" className="alert alert-error">
        {notFound ? 'Cart not found' : `Error loading cart: ${errorMessage(error, NETWORK_FAILURE)}`}
      </p>
    );
  }
  if (cart.cartProducts.length === 0) return <EmptyCart />;
  return (
    <div className="grid items-start gap-6 lg:grid-cols-[1fr_24rem]">
      <section aria-labelledby="cart-lines-heading">
        <h2 id="cart-lines-heading" className="sr-only">
          Items in your cart
        </h2>
        <CartLines cart={cart} locked={payment.phase !== 'idle'} />
      </section>
      <CheckoutPanel cart={cart} payment={payment} onAcceptTerms={onAcceptTerms} />
    </div>
  );
}
