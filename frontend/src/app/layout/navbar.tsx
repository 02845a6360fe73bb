import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router';
import { useAppSelector } from '@/lib/hooks';
import { AppLink, AppNavLink } from '@/components/app-link';
import { CartLinkView } from '@/features/cart/components/cart-link-view';
import { useLogout } from '@/features/auth/hooks/use-logout';
import { FIRST_PAGE, loginPath, paths, REDIRECT_PARAM } from '@/lib/paths';
import { selectCartId, selectIsAdmin, selectSessionStatus } from '@/lib/session/session-slice';

const catalogue = [
  { to: paths.products.getHref(FIRST_PAGE), label: 'Products' },
  { to: paths.shows.getHref(FIRST_PAGE), label: 'Shows' },
  { to: paths.apparel.getHref(FIRST_PAGE), label: 'Apparel' },
];

/**
 * The cart link with its count: a chunk of its own with RTK Query, which a signed-out visitor's
 * first page does not need. Until it is in, the badge shows no count, as while the cart loads.
 */
const CartLink = lazy(() =>
  import(/* webpackChunkName: "cart-link" */ '@/features/cart/components/cart-link').then((m) => ({ default: m.CartLink })),
);

const navClass = ({ isActive }: { isActive: boolean }) => `btn btn-ghost ${isActive ? 'btn-active' : ''}`;

function Logo() {
  return (
    <AppLink to={paths.home.getHref()} className="btn btn-ghost gap-2 text-xl font-bold" aria-label="Fireworks Shop home">
      <svg aria-hidden="true" viewBox="0 0 32 32" className="h-7 w-7">
        <g stroke="currentColor" strokeWidth="2" strokeLinecap="round" className="text-primary">
          <path d="M16 4v7M16 21v7M4 16h7M21 16h7M7.5 7.5l5 5M19.5 19.5l5 5M7.5 24.5l5-5M19.5 12.5l5-5" />
        </g>
        <circle cx="16" cy="16" r="2.5" className="fill-secondary" />
      </svg>
      <span>Fireworks Shop</span>
    </AppLink>
  );
}

/**
 * The account links: signed-in (Profile, Cart, Admin, Logout) or signed-out (Sign Up, Sign In).
 * In the bar (`inBar`) every link but the cart shows from the lg breakpoint up: below it they
 * are in the menu, and the cart, with its badge, stays in the bar.
 */
function AccountLinks({ onNavigate, inBar = false }: { onNavigate?: () => void; inBar?: boolean }) {
  const status = useAppSelector(selectSessionStatus);
  const isAdmin = useAppSelector(selectIsAdmin);
  const cartId = useAppSelector(selectCartId);
  const logout = useLogout();
  const { search } = useLocation();
  const redirect = new URLSearchParams(search).get(REDIRECT_PARAM);

  const item = inBar ? 'hidden lg:block' : undefined;

  if (status === 'loading') return null;
  if (status === 'authenticated') {
    return (
      <>
        <li className={item}>
          <AppNavLink to={paths.profile.getHref()} end className={navClass} onClick={onNavigate}>
            Profile
          </AppNavLink>
        </li>
        {cartId && inBar && (
          <li>
            <Suspense fallback={<CartLinkView cartId={cartId} count={null} onNavigate={onNavigate} />}>
              <CartLink cartId={cartId} onNavigate={onNavigate} />
            </Suspense>
          </li>
        )}
        {isAdmin && (
          <li className={item}>
            <AppNavLink to={paths.admin.getHref()} className={navClass} onClick={onNavigate}>
              Admin
            </AppNavLink>
          </li>
        )}
        <li className={item}>
          <button
            type="button"
            className="btn btn-ghost"
            onClick={() => {
              onNavigate?.();
              void logout();
            }}
          >
            Logout
          </button>
        </li>
      </>
    );
  }
  return (
    <>
      <li className={item}>
        <AppNavLink to={paths.register.getHref()} className={navClass} onClick={onNavigate}>
          Sign Up
        </AppNavLink>
      </li>
      <li className={item}>
        <AppNavLink to={loginPath(redirect)} className={navClass} onClick={onNavigate}>
          Sign In
        </AppNavLink>
      </li>
    </>
  );
}

export function Navbar() {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <header className="border-b border-base-300 bg-base-100">
      <nav aria-label="Main" className="navbar mx-auto max-w-7xl gap-2 px-2">
        <div className="flex-1">
          <Logo />
        </div>
        <ul className="flex items-center gap-1">
          {catalogue.map((l) => (
            <li key={l.label} className="hidden lg:block">
              <AppNavLink to={l.to} className={navClass}>
                {l.label}
              </AppNavLink>
            </li>
          ))}
          <AccountLinks inBar />
        </ul>
        <button
          type="button"
          className="btn btn-ghost btn-square lg:hidden"
          aria-label={open ? 'Close menu' : 'Open menu'}
          aria-expanded={open}
          aria-controls="mobile-menu"
          onClick={() => setOpen((o) => !o)}
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
            {open ? <path d="M6 6l12 12M18 6 6 18" /> : <path d="M4 6h16M4 12h16M4 18h16" />}
          </svg>
        </button>
      </nav>
      {open && (
        <nav id="mobile-menu" aria-label="Mobile" className="border-t border-base-300 px-2 pb-3 lg:hidden">
          <ul className="menu w-full">
            {catalogue.map((l) => (
              <li key={l.label}>
                <AppNavLink to={l.to} className={navClass} onClick={close}>
                  {l.label}
                </AppNavLink>
              </li>
            ))}
            <AccountLinks onNavigate={close} />
          </ul>
        </nav>
      )}
    </header>
  );
}
