import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { AppLink } from '@/components/app-link';
import { errorMessage } from '@/lib/api';
import { useAppDispatch, useAppSelector } from '@/lib/hooks';
import { loginPath } from '@/lib/paths';
import { selectCartId } from '@/lib/session/session-slice';
import { useSignedIn } from '@/lib/session/use-signed-in';
import { toastShown } from '@/lib/toast/toast-slice';
import { useAddToCartMutation } from '../api/cart-api';
import { cartMessages, NETWORK_FAILURE } from '../lib/messages';

type ButtonSize = 'sm' | 'md';

/** What an add button puts in the cart: one case, one unit, or one item of an apparel variant. */
export interface CartItem {
  productId: string;
  isUnit: boolean;
  variantId?: string | null;
}

/** One add button: its label, what it adds, and `disabled` for a real reason (no stock, no variant chosen). */
export interface CartChoice {
  label: string;
  /** The label while this button's add is under way (default: the label). */
  busyLabel?: string;
  disabled?: boolean;
  /** Without an item the button is disabled. */
  item?: CartItem;
}

/**
 * A show's failure toast names the server's reason; a product's does not (storefront.md §8),
 * except for a 409, whose reason the shopper can act on (decisions.md "Stock").
 */
export type CartItemKind = 'product' | 'show';

/** An add-to-cart button: adds one item, disabled while adding, and says how it went in a toast. */
export function CartButton({
  choice,
  title,
  kind,
  size = 'sm',
}: {
  choice: CartChoice;
  title: string;
  kind: CartItemKind;
  size?: ButtonSize;
}) {
  const cartId = useAppSelector(selectCartId);
  const dispatch = useAppDispatch();
  const [add, { isLoading }] = useAddToCartMutation();
  const { item } = choice;
  const unavailable = Boolean(choice.disabled) || !item || !cartId;

  const onClick = async () => {
    if (!item || !cartId) return;
    try {
      await add({ cartId, ...item }).unwrap();
      dispatch(toastShown(cartMessages.added(title), 'success'));
    } catch (error) {
      // A product's toast names the server's reason only for a 409 (the cart's state: out of
      // stock, only N left, or "Your cart is being paid for. ..."), which says what to do.
      const conflict = (error as { status?: unknown } | undefined)?.status === 409;
      const message =
        kind === 'show'
          ? cartMessages.addShowFailed(errorMessage(error, NETWORK_FAILURE))
          : conflict
            ? `${cartMessages.addProductFailed}: ${errorMessage(error, NETWORK_FAILURE)}`
            : cartMessages.addProductFailed;
      dispatch(toastShown(message, 'error'));
    }
  };

  return (
    <button
      type="button"
      className={`btn btn-${size} ${unavailable ? '' : 'btn-primary'}`}
      disabled={unavailable || isLoading}
      aria-busy={isLoading || undefined}
      onClick={() => void onClick()}
    >
      {isLoading && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
      {isLoading ? (choice.busyLabel ?? choice.label) : choice.label}
    </button>
  );
}

/** The signed-out prompt: a sign-in link that comes back here afterwards. */
export function SignInPrompt({ text = 'Sign in to add to cart' }: { text?: string }) {
  const { pathname, search } = useLocation();
  return (
    <AppLink to={loginPath(`${pathname}${search}`)} className="link link-primary text-sm">
      {text}
    </AppLink>
  );
}

/**
 * The cart's part of a card or detail page. Signed in: the add buttons for `title`. Signed
 * out: `signedOut`, by default the sign-in prompt.
 */
export function AddToCart({
  title,
  kind = 'product',
  buttons,
  size,
  signedOut = <SignInPrompt />,
}: {
  title: string;
  kind?: CartItemKind;
  buttons: CartChoice[];
  size?: ButtonSize;
  signedOut?: ReactNode;
}) {
  const signedIn = useSignedIn();
  if (!signedIn) return signedOut;
  return (
    <>
      {buttons.map((b) => (
        <CartButton key={b.label} choice={b} title={title} kind={kind} size={size} />
      ))}
    </>
  );
}
