import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LocationProbe, renderRoutes, signedInState } from '@/test/render';
import { AdminLayout } from './admin-layout';
import { isCurrentLink } from './admin-nav';

function renderLayout(path: string) {
  return renderRoutes(
    [{ path: '/admin', element: <AdminLayout />, children: [{ path: '*', element: <LocationProbe /> }, { index: true, element: <LocationProbe /> }] }],
    { path, preloadedState: signedInState({ role: 'ADMIN' }) },
  );
}

const sidebar = () => screen.getByRole('navigation', { name: 'Admin sections' });
const section = (name: string) => within(sidebar()).getByRole('list', { name });
const links = (name: string) => within(section(name)).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')]);

describe('admin layout', () => {
  it('has the sidebar sections of back-office.md §2, in order, then Mail, linking to their screens', () => {
    renderLayout('/admin');
    const named = within(sidebar()).getAllByRole('list').filter((l) => l.hasAttribute('aria-labelledby'));
    expect(named.map((l) => document.getElementById(l.getAttribute('aria-labelledby')!)?.textContent)).toEqual([
      'Users',
      'Inventory',
      'Shows',
      'Products',
      'Reports',
      'Mail',
    ]);
    expect(links('Users')).toEqual([['All Users', '/admin/users']]);
    expect(links('Inventory')).toEqual([
      ['All Inventory', '/admin/inventory'],
      ['Low Stock', '/admin/inventory?view=low-stock'],
      ['Out of Stock', '/admin/inventory?view=out-of-stock'],
    ]);
    expect(links('Shows')).toEqual([
      ['All Shows', '/admin/shows'],
      ['Manage Types', '/admin/shows/showTypes'],
    ]);
    expect(links('Products')).toEqual([
      ['All Products', '/admin/products'],
      ['Out of Stock', '/admin/products?inStock=false'],
      ['Manage Metadata', '/admin/products/metadata'],
    ]);
    expect(links('Reports')).toEqual([
      ['Case Break', '/admin/reports?type=case-break'],
      ['Sales', '/admin/reports?type=sales'],
      ['Inventory', '/admin/reports?type=inventory'],
      ['User Activity', '/admin/reports?type=user-activity'],
      ['Financial', '/admin/reports?type=financial'],
    ]);
    expect(links('Mail')).toEqual([['Outgoing mail', '/admin/mail']]);
  });

  it('has a top bar with Home, Apparel Products and Reports', () => {
    renderLayout('/admin');
    const top = screen.getByRole('navigation', { name: 'Admin' });
    expect(within(top).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Home', '/admin'],
      ['Apparel Products', '/admin/apparel'],
      ['Reports', '/admin/reports'],
    ]);
    expect(within(top).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  });

  it('marks the view shown as current, telling All Inventory and Low Stock apart', async () => {
    renderLayout('/admin/inventory?view=low-stock&page=2');
    expect(within(section('Inventory')).getByRole('link', { name: 'Low Stock' })).toHaveAttribute('aria-current', 'page');
    expect(within(section('Inventory')).getByRole('link', { name: 'All Inventory' })).not.toHaveAttribute('aria-current');
    await userEvent.click(within(section('Products')).getByRole('link', { name: 'Out of Stock' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/products?inStock=false');
    expect(within(section('Products')).getByRole('link', { name: 'Out of Stock' })).toHaveAttribute('aria-current', 'page');
    expect(within(section('Products')).getByRole('link', { name: 'All Products' })).not.toHaveAttribute('aria-current');
  });
});

describe('isCurrentLink', () => {
  it.each([
    ['/admin/products', '/admin/products/', '', true],
    ['/admin/products', '/admin/products', '?page=3', true],
    ['/admin/products', '/admin/products', '?inStock=false', false],
    ['/admin/reports?type=sales', '/admin/reports', '?type=sales', true],
    ['/admin/reports?type=sales', '/admin/reports', '?type=financial', false],
    ['/admin', '/admin/products', '', false],
  ])('%s at %s%s: %s', (to, pathname, search, expected) => {
    expect(isCurrentLink(to, { pathname, search })).toBe(expected);
  });

  it('folds the sections behind a button on a narrow screen, and folds them again once one is chosen', async () => {
    const ue = userEvent.setup();
    renderLayout('/admin');
    const toggle = screen.getByRole('button', { name: 'Admin sections' });
    // Below the lg breakpoint the sections are hidden until asked for (the button shows there only).
    expect(toggle).toHaveClass('lg:hidden');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(sidebar()).toHaveClass('hidden', 'lg:block');
    expect(toggle).toHaveAttribute('aria-controls', sidebar().id);
    await ue.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(sidebar()).not.toHaveClass('hidden');
    await ue.click(within(sidebar()).getByRole('link', { name: 'All Shows' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/shows');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(sidebar()).toHaveClass('hidden');
  });
});
