import { AppLink } from '@/components/app-link';
import { paths } from '@/lib/paths';

/**
 * The navbar cart link with its item-count badge: the shell's part, without the cart's read
 * (CartLink), so that the first script of a page does not carry RTK Query. `count` is null while
 * it is not known yet (the cart's chunk or its read on the way): the badge keeps its place empty
 * rather than saying 0.
 */
export function CartLinkView({ cartId, count, onNavigate }: { cartId: string; count: number | null; onNavigate?: () => void }) {
  const label = count === null ? 'Cart' : `Cart, ${count} ${count === 1 ? 'item' : 'items'}`;
  return (
    <AppLink to={paths.cart.getHref({ cartId })} className="btn btn-ghost gap-2 px-2 sm:px-4" aria-label={label} onClick={onNavigate}>
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
        <path strokeLinecap="round" strokeLinejoin="round" d="M3 3h2l.4 2M7 13h10l4-8H5.4M7 13 5.4 5M7 13l-2.3 2.3c-.6.6-.2 1.7.7 1.7H17m0 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4Zm-8 2a2 2 0 1 1-4 0 2 2 0 0 1 4 0Z" />
      </svg>
      {/* A narrow phone has room for the icon and the badge only. */}
      <span className="hidden sm:inline">Cart</span>
      {count === null ? (
        <span className="badge badge-sm min-w-6 animate-pulse bg-base-300" data-testid="cart-badge-pending" aria-hidden="true" />
      ) : (
        <span className="badge badge-sm min-w-6 badge-secondary" data-testid="cart-badge">
          {count}
        </span>
      )}
    </AppLink>
  );
}
