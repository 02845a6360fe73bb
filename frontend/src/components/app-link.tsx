import { useContext, type AnchorHTMLAttributes, type MouseEvent, type Ref } from 'react';
import {
  createPath,
  NavLink,
  UNSAFE_LocationContext as LocationContext,
  UNSAFE_NavigationContext as NavigationContext,
  type LinkProps,
  type NavLinkProps,
  type To,
} from 'react-router';
import { preloadPath } from '@/lib/preload';

function hrefOf(to: To): string {
  return typeof to === 'string' ? to : createPath(to);
}

function intentHandlers<E>(to: To, props: {
  onMouseEnter?: React.MouseEventHandler<E>;
  onFocus?: React.FocusEventHandler<E>;
  onTouchStart?: React.TouchEventHandler<E>;
}) {
  const preload = () => preloadPath(hrefOf(to));
  return {
    onMouseEnter: (e: React.MouseEvent<E>) => {
      preload();
      props.onMouseEnter?.(e);
    },
    onFocus: (e: React.FocusEvent<E>) => {
      preload();
      props.onFocus?.(e);
    },
    onTouchStart: (e: React.TouchEvent<E>) => {
      preload();
      props.onTouchStart?.(e);
    },
  };
}

/** A click the router takes over: the main button, no modifier, in this window (react-router's rule). */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    (!target || target === '_self') &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
  );
}

type AppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> &
  Pick<LinkProps, 'to' | 'replace' | 'state'> & { ref?: Ref<HTMLAnchorElement> };

/**
 * A link to a page of the app (an absolute path: every `to` of the app is one), followed by the
 * router on a plain click, and fetching its route's lazy chunk on hover, focus or touch. It does
 * what react-router's <Link> does for such a path with two context reads: a listing renders two
 * or three links per card, and the <Link>s (each resolving its path) took 71 of the 340 ms that
 * rendering /products took in a CPU profile at a phone's 4x slowdown (issue 14). Like <Link>, a
 * link to the address on screen replaces it in the history instead of adding it again.
 */
export function AppLink({ to, replace, state, target, onClick, ref, ...rest }: AppLinkProps) {
  const { navigator } = useContext(NavigationContext);
  const { location } = useContext(LocationContext);
  const href = hrefOf(to);
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!isPlainClick(event, target)) return;
    event.preventDefault();
    const again = replace ?? createPath(location) === href;
    if (again) navigator.replace(href, state);
    else navigator.push(href, state);
  };
  return <a ref={ref} href={href} target={target} {...rest} {...intentHandlers(to, rest)} onClick={follow} />;
}

/** NavLink with the same preloading on intent. */
export function AppNavLink({ ref, ...props }: NavLinkProps & { ref?: Ref<HTMLAnchorElement> }) {
  return <NavLink ref={ref} {...props} {...intentHandlers(props.to, props)} />;
}
