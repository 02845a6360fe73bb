import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { api, errorMessage } from '@/lib/api';
import {
  PAYMENT_FOCUS_CHECK_MS,
  PAYMENT_POLL_INTERVAL_MS,
  PAYMENT_POLL_MAX,
  PAYMENT_TIMEOUT_MS,
  PAYMENT_WINDOW_FEATURES,
  PAYMENT_WINDOW_NAME,
} from '@/lib/constants';
import { useAppDispatch, useAppSelector } from '@/lib/hooks';
import { selectToken } from '@/lib/session/session-slice';
import { ORDER_PARAM } from '@/lib/orders';
import { paths } from '@/lib/paths';
import { useCancelPaymentSessionMutation, useCompletePurchaseMutation, useOpenPaymentSessionMutation } from '../api/cart-api';
import type { Quote, ShippingChoice } from '../api/types';
import { checkoutMessages, NETWORK_FAILURE } from '../lib/messages';

/**
 * idle: nothing under way. opening: asking for the checkout token. waiting: the payment window
 * is open. completing: the window said SUCCESS and the purchase is being completed.
 */
export type PaymentPhase = 'idle' | 'opening' | 'waiting' | 'completing';

/** The message the payment window posts to its opener. */
interface PaymentMessage {
  status: 'SUCCESS' | 'ABORTED';
  token: string;
}

/** One open payment window and everything listening to it. */
interface Flow {
  token: string;
  popup: Window;
  /** Set once the flow has its outcome; later events are ignored. */
  settled: boolean;
  /** Removes the listeners and timers. */
  stop: () => void;
}

const isPaymentMessage = (data: unknown): data is PaymentMessage =>
  typeof data === 'object' && data !== null && typeof (data as PaymentMessage).token === 'string';

const statusOf = (error: unknown) => (error as { status?: unknown } | undefined)?.status;

/** A 4xx answer: the server looked at the request and refused it (nothing was charged). */
const refused = (error: unknown) => {
  const status = statusOf(error);
  return typeof status === 'number' && status >= 400 && status < 500;
};

/**
 * The payment flow of storefront.md §4 over the contract's calls: checkout token, payment
 * window, then the window's SUCCESS (complete the purchase, go to the success page) or anything
 * else (ABORTED, window closed, focus or visibility back without a result, 5-minute timeout,
 * Cancel Payment): the flow resets and the session is cancelled. While the phase is not idle the
 * server refuses every change of the cart, so the cart's controls are disabled
 * (decisions.md "Stock"). Every failure of the purchase is said in `failure`, with what to do
 * next, in the checkout panel (decisions.md overrides §8's "only logged").
 */
export function usePaymentFlow({ cartId, userId }: { cartId: string; userId: string | undefined }) {
  const [phase, setPhase] = useState<PaymentPhase>('idle');
  const [failure, setFailure] = useState<string | null>(null);
  const [openSession] = useOpenPaymentSessionMutation();
  const [cancelSession] = useCancelPaymentSessionMutation();
  const [completePurchase] = useCompletePurchaseMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const flowRef = useRef<Flow | null>(null);
  const busy = useRef(false);

  /** Ends the flow without a purchase: listeners off, window closed, session cancelled. */
  const abort = useCallback(
    (flow: Flow) => {
      if (flow.settled) return;
      flow.settled = true;
      flow.stop();
      if (!flow.popup.closed) flow.popup.close();
      if (flowRef.current === flow) flowRef.current = null;
      busy.current = false;
      setPhase('idle');
      cancelSession({ cartId, checkoutToken: flow.token })
        .unwrap()
        .catch((error: unknown) => console.error('Payment: cancelling the payment session failed', error));
    },
    [cancelSession, cartId],
  );

  const complete = useCallback(
    async (flow: Flow, quote: Quote) => {
      if (flow.settled) return;
      flow.settled = true;
      flow.stop();
      setPhase('completing');
      try {
        if (!userId || !quote.shippingAddress) throw new Error('no user or shipping address to complete the purchase with');
        const { subtotal, tax, liftGateFee, shipping, grandTotal } = quote;
        const order = await completePurchase({
          userId,
          shippingAddressId: quote.shippingAddress.id,
          amounts: { subtotal, tax, liftGateFee, shipping, grandTotal },
          checkoutToken: flow.token,
        }).unwrap();
        flowRef.current = null;
        busy.current = false;
        // The success page names the order (issue 32 item 11); in the address, so a reload keeps it.
        await navigate(paths.cartSuccess.getHref({ cartId }, `?${ORDER_PARAM}=${encodeURIComponent(order.id)}`));
      } catch (error) {
        console.error('Payment: completing the purchase failed', error);
        flowRef.current = null;
        busy.current = false;
        setPhase('idle');
        setFailure(
          refused(error)
            ? checkoutMessages.purchaseRefused(errorMessage(error, NETWORK_FAILURE))
            : checkoutMessages.purchaseUnconfirmed(errorMessage(error, NETWORK_FAILURE)),
        );
        // What refused it (stock, the total) shows in the cart and its summary.
        dispatch(api.util.invalidateTags([{ type: 'Quote', id: cartId }, { type: 'Cart', id: cartId }]));
        // The server voids a refused purchase; releasing the hold lets the buyer try again at once.
        cancelSession({ cartId, checkoutToken: flow.token })
          .unwrap()
          .catch((e: unknown) => console.error('Payment: cancelling the payment session failed', e));
      }
    },
    [cancelSession, cartId, completePurchase, dispatch, navigate, userId],
  );

  /** Checkout: the token for the quote's grand total, then the payment window. */
  const start = useCallback(
    async (quote: Quote, shippingChoice: ShippingChoice) => {
      if (busy.current) return;
      busy.current = true;
      setFailure(null);
      setPhase('opening');
      let token: string;
      let paymentUrl: string;
      try {
        ({ checkoutToken: token, paymentUrl } = await openSession({ cartId, amount: quote.grandTotal, ...shippingChoice }).unwrap());
      } catch (error) {
        busy.current = false;
        setPhase('idle');
        const message = errorMessage(error, NETWORK_FAILURE);
        if (statusOf(error) === 409) {
          setFailure(checkoutMessages.checkoutRefused(message));
          // The server's figures moved (or the cart did): show the new ones.
          dispatch(api.util.invalidateTags([{ type: 'Quote', id: cartId }, { type: 'Cart', id: cartId }]));
        } else {
          console.error('Payment: the checkout token request failed', error);
          setFailure(refused(error) ? checkoutMessages.checkoutRefused(message) : checkoutMessages.checkoutFailed(message));
        }
        return;
      }

      const popup = window.open(paymentUrl, PAYMENT_WINDOW_NAME, PAYMENT_WINDOW_FEATURES);
      if (!popup) {
        console.error('Payment: the payment window could not be opened (blocked?)');
        busy.current = false;
        setPhase('idle');
        setFailure(checkoutMessages.windowBlocked);
        cancelSession({ cartId, checkoutToken: token })
          .unwrap()
          .catch((e: unknown) => console.error('Payment: cancelling the payment session failed', e));
        return;
      }

      let checkTimer: ReturnType<typeof setTimeout> | undefined;
      let polls = 0;
      const flow: Flow = { token, popup, settled: false, stop: () => {} };
      /** Back here without a result: give a message on its way a moment, then give up. */
      const checkSoon = () => {
        clearTimeout(checkTimer);
        checkTimer = setTimeout(() => abort(flow), PAYMENT_FOCUS_CHECK_MS);
      };
      const onMessage = (event: MessageEvent) => {
        if (event.origin !== window.location.origin || !isPaymentMessage(event.data) || event.data.token !== token) return;
        if (event.data.status === 'SUCCESS') void complete(flow, quote);
        else if (event.data.status === 'ABORTED') abort(flow);
      };
      const onFocus = () => checkSoon();
      const onVisibility = () => {
        if (document.visibilityState === 'visible') checkSoon();
      };
      const poll = setInterval(() => {
        polls += 1;
        if (popup.closed) {
          clearInterval(poll);
          checkSoon();
        } else if (polls >= PAYMENT_POLL_MAX) {
          abort(flow);
        }
      }, PAYMENT_POLL_INTERVAL_MS);
      const timeout = setTimeout(() => abort(flow), PAYMENT_TIMEOUT_MS);
      window.addEventListener('message', onMessage);
      window.addEventListener('focus', onFocus);
      document.addEventListener('visibilitychange', onVisibility);
      flow.stop = () => {
        clearInterval(poll);
        clearTimeout(timeout);
        clearTimeout(checkTimer);
        window.removeEventListener('message', onMessage);
        window.removeEventListener('focus', onFocus);
        document.removeEventListener('visibilitychange', onVisibility);
      };
      flowRef.current = flow;
      setPhase('waiting');
    },
    [abort, cancelSession, cartId, complete, dispatch, openSession],
  );

  /** The Cancel Payment button. */
  const cancel = useCallback(() => {
    if (flowRef.current) abort(flowRef.current);
  }, [abort]);

  // Leaving the page with the window open gives the payment up (on unmount only).
  const abortOnLeave = useRef(abort);
  abortOnLeave.current = abort;
  useEffect(
    () => () => {
      if (flowRef.current) abortOnLeave.current(flowRef.current);
    },
    [],
  );

  // A reload or a closed tab unmounts nothing: the session would keep the cart locked until it
  // expires, with no Cancel Payment left to press. The cancel goes out as the page goes.
  const token = useAppSelector(selectToken);
  useEffect(() => {
    const onPageHide = () => {
      const flow = flowRef.current;
      if (!flow || flow.settled) return;
      flow.settled = true;
      flow.stop();
      if (!flow.popup.closed) flow.popup.close();
      // Should the page come back from the back-forward cache, it is back where it started.
      flowRef.current = null;
      busy.current = false;
      setPhase('idle');
      void fetch(`/api/cart/${encodeURIComponent(cartId)}/purchase/cancel`, {
        method: 'POST',
        keepalive: true,
        headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ checkoutToken: flow.token }),
      }).catch(() => {});
    };
    window.addEventListener('pagehide', onPageHide);
    return () => window.removeEventListener('pagehide', onPageHide);
  }, [cartId, token]);

  return { phase, failure, start, cancel };
}

/** The cart's payment flow: its phase, the last failure, Checkout and Cancel Payment. */
export type PaymentFlow = ReturnType<typeof usePaymentFlow>;
