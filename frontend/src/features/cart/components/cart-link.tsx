import { cartItemCount, useGetCartQuery } from '../api/cart-api';
import { CartLinkView } from './cart-link-view';

/** The navbar cart link with its item-count badge (0 when the cart cannot be read). */
export function CartLink({ cartId, onNavigate }: { cartId: string; onNavigate?: () => void }) {
  const { data, isError } = useGetCartQuery(cartId);
  return <CartLinkView cartId={cartId} count={isError ? 0 : cartItemCount(data)} onNavigate={onNavigate} />;
}
