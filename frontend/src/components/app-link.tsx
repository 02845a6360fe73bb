import { forwardRef } from 'react';
import { Link, NavLink, type LinkProps, type NavLinkProps } from 'react-router';
import { preloadPath } from '@/lib/preload';

function hrefOf(to: LinkProps['to']): string {
  if (typeof to === 'string') return to;
  return `${to.pathname ?? ''}${to.search ?? ''}`;
}

function intentHandlers<E>(to: LinkProps['to'], props: {
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

/** A router link that fetches its route's lazy chunk on hover, focus or touch. */
export const AppLink = forwardRef<HTMLAnchorElement, LinkProps>(function AppLink(props, ref) {
  return <Link ref={ref} {...props} {...intentHandlers(props.to, props)} />;
});

/** NavLink with the same preloading on intent. */
export const AppNavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function AppNavLink(props, ref) {
  return <NavLink ref={ref} {...props} {...intentHandlers(props.to, props)} />;
});
