import { AppLink } from '@/components/app-link';
import { paths } from '@/lib/paths';
import { cartItemCount, useGetCartQuery } from '../api/cart-api';
import { CartCheckout, EmptyCart } from './cart-checkout';

/** The profile page's cart card: the item count, "View Full Cart", and the cart with its checkout. */
export function CartCard({ cartId, onAcceptTerms }: { cartId: string | null; onAcceptTerms: () => void }) {
  const { data } = useGetCartQuery(cartId ?? '', { skip: !cartId });
  const count = cartItemCount(data);
  return (
    <section aria-labelledby="cart-card-title" className="card bg-base-100 shadow-sm">
      <div className="card-body gap-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="cart-card-title" className="card-title">
            Your Cart{data ? ` (${count} ${count === 1 ? 'item' : 'items'})` : ''}
          </h2>
          {cartId && (
            <AppLink to={paths.cart.getHref({ cartId })} className="btn btn-outline btn-sm">
              View Full Cart
            </AppLink>
          )}
        </div>
        {cartId ? <CartCheckout cartId={cartId} onAcceptTerms={onAcceptTerms} /> : <EmptyCart />}
      </div>
    </section>
  );
}
