import { useId, useState } from 'react';
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
    <nav aria-label="Admin" className="navbar min-h-0 flex-wrap gap-x-3 gap-y-1 rounded-box bg-base-200 px-4 py-2">
      <span className="font-bold">Back Office</span>
      <ul className="menu menu-horizontal flex-wrap gap-1 p-0">
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

/**
 * The sidebar sections of back-office.md §2. Beside the screen from the lg breakpoint up; on a
 * narrower screen it is folded behind a button above the screen, so that a page starts with
 * its content (a link chosen folds it again).
 */
export function AdminSidebar() {
  const id = useId();
  // Open at one address: going to another (a link chosen) folds it again.
  const { key } = useLocation();
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === key;
  return (
    <div className="lg:w-56 lg:shrink-0">
      <button
        type="button"
        className="btn btn-sm w-full justify-between lg:hidden"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpenAt(open ? null : key)}
      >
        Admin sections
        <svg aria-hidden="true" viewBox="0 0 24 24" className={`h-4 w-4 transition-transform ${open ? 'rotate-180' : ''}`} fill="none" stroke="currentColor" strokeWidth="2">
          <path d="m6 9 6 6 6-6" />
        </svg>
      </button>
      <nav id={id} aria-label="Admin sections" className={`${open ? 'mt-2' : 'hidden'} lg:mt-0 lg:block`}>
        <ul className="menu w-full rounded-box bg-base-200">
          {ADMIN_SECTIONS.map((section) => (
            <SidebarSection key={section.title} title={section.title} links={section.links} />
          ))}
        </ul>
      </nav>
    </div>
  );
}

/** Every /admin screen: the top bar, the sidebar and the screen. */
export function AdminLayout() {
  return (
    <div className="mx-auto w-full max-w-7xl space-y-4 px-2 py-4 sm:px-4">
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
