import { cartItemCount, useGetCartQuery } from '../api/cart-api';
import { CartLinkView } from './cart-link-view';

/**
 * The navbar cart link with its item-count badge: no count until the cart is read (never a 0
 * that is not known), 0 when the cart cannot be read.
 */
export function CartLink({ cartId, onNavigate }: { cartId: string; onNavigate?: () => void }) {
  const { data, isError } = useGetCartQuery(cartId);
  const count = isError ? 0 : data === undefined ? null : cartItemCount(data);
  return <CartLinkView cartId={cartId} count={count} onNavigate={onNavigate} />;
}
