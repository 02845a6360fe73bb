import { useLocation } from 'react-router';
import { AppLink } from './app-link';

const trimSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/** Links between the screens of one section (the apparel screens' All Apparel and Manage Types). */
export function SubNav({ label, links }: { label: string; links: { label: string; to: string }[] }) {
  const { pathname } = useLocation();
  return (
    <nav aria-label={label}>
      <ul className="menu menu-horizontal gap-1 rounded-box bg-base-200">
        {links.map((link) => {
          const current = trimSlash(new URL(link.to, 'http://x').pathname) === trimSlash(pathname);
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
