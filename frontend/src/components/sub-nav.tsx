import { useLocation } from 'react-router';
import { VIEW_PARAMS } from '@/lib/admin-views';
import { AppLink } from './app-link';

const trimSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/** The view-picking search values of an address (All Apparel and Out of Stock share a path). */
function viewOf(search: string): string {
  const params = new URLSearchParams(search);
  return VIEW_PARAMS.map((key) => `${key}=${params.get(key) ?? ''}`).join('&');
}

/** Links between the screens of one section (the apparel screens' All Apparel, Out of Stock and Manage Types); the current one by path and view. */
export function SubNav({ label, links }: { label: string; links: { label: string; to: string }[] }) {
  const { pathname, search } = useLocation();
  return (
    <nav aria-label={label}>
      <ul className="menu menu-horizontal gap-1 rounded-box bg-base-200">
        {links.map((link) => {
          const url = new URL(link.to, 'http://x');
          const current = trimSlash(url.pathname) === trimSlash(pathname) && viewOf(url.search) === viewOf(search);
          return (
            <li key={link.to}>
              <AppLink to={link.to} className={current ? 'menu-active' : undefined} aria-current={current ? 'page' : undefined}>
                {link.label}
              </AppLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
