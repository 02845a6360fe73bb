import { useId } from 'react';
import { Outlet, useLocation } from 'react-router';
import { AppLink } from '@/components/app-link';
import { ADMIN_SECTIONS, ADMIN_TOP_LINKS, isCurrentLink, type AdminLink } from './admin-nav';

function NavItem({ link }: { link: AdminLink }) {
  const location = useLocation();
  const current = isCurrentLink(link.to, location);
  return (
    <li>
      <AppLink to={link.to} className={current ? 'menu-active' : undefined} aria-current={current ? 'page' : undefined}>
        {link.label}
      </AppLink>
    </li>
  );
}

/** The admin top bar: Home (the dashboard), Apparel Products, Reports. */
export function AdminTopBar() {
  return (
    <nav aria-label="Admin" className="navbar min-h-0 gap-3 rounded-box bg-base-200 px-4 py-2">
      <span className="font-bold">Back Office</span>
      <ul className="menu menu-horizontal gap-1 p-0">
        {ADMIN_TOP_LINKS.map((link) => (
          <NavItem key={link.label} link={link} />
        ))}
      </ul>
    </nav>
  );
}

function SidebarSection({ title, links }: { title: string; links: AdminLink[] }) {
  const id = useId();
  return (
    <li>
      <span id={id} className="menu-title text-base-content">
        {title}
      </span>
      <ul aria-labelledby={id}>
        {links.map((link) => (
          <NavItem key={link.label} link={link} />
        ))}
      </ul>
    </li>
  );
}

/** The sidebar sections of back-office.md §2. */
export function AdminSidebar() {
  return (
    <nav aria-label="Admin sections" className="lg:w-56 lg:shrink-0">
      <ul className="menu w-full rounded-box bg-base-200">
        {ADMIN_SECTIONS.map((section) => (
          <SidebarSection key={section.title} title={section.title} links={section.links} />
        ))}
      </ul>
    </nav>
  );
}

/** Every /admin screen: the top bar, the sidebar and the screen. */
export function AdminLayout() {
  return (
    <div className="mx-auto w-full max-w-7xl space-y-4 px-4 py-4">
      <AdminTopBar />
      <div className="flex flex-col gap-4 lg:flex-row">
        <AdminSidebar />
        <div className="min-w-0 flex-1">
          <Outlet />
        </div>
      </div>
    </div>
  );
}
