import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderAt } from '@/test/render';
import { AppLink } from './app-link';

describe('AppLink', () => {
  it('is a plain anchor to its path, followed by the router on a plain click', async () => {
    const { router } = renderAt(<AppLink to="/products?page=2">Next</AppLink>, { path: '/shows' });
    const link = screen.getByRole('link', { name: 'Next' });
    expect(link).toHaveAttribute('href', '/products?page=2');

    fireEvent.click(link);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/products?page=2'));
    expect(router.state.historyAction).toBe('PUSH');
  });

  it('takes an object address as a path', () => {
    renderAt(<AppLink to={{ pathname: '/products', search: '?q=rocket' }}>Search</AppLink>, { path: '/shows' });
    expect(screen.getByRole('link', { name: 'Search' })).toHaveAttribute('href', '/products?q=rocket');
  });

  it('replaces the address on screen instead of adding it again, or when told to', async () => {
    const { router } = renderAt(
      <>
        <AppLink to="/shows">Here</AppLink>
        <AppLink to="/apparel" replace>
          There
        </AppLink>
      </>,
      { path: '/shows' },
    );
    fireEvent.click(screen.getByRole('link', { name: 'Here' }));
    await waitFor(() => expect(router.state.historyAction).toBe('REPLACE'));
    expect(screen.getByTestId('location')).toHaveTextContent('/shows');

    fireEvent.click(screen.getByRole('link', { name: 'There' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/apparel'));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it.each([
    ['a modified click', { ctrlKey: true }],
    ['a middle click', { button: 1 }],
  ])('leaves %s to the browser', (_, init) => {
    const { router } = renderAt(<AppLink to="/products">Products</AppLink>, { path: '/shows' });
    const followed = fireEvent.click(screen.getByRole('link', { name: 'Products' }), init);
    expect(followed).toBe(true); // not prevented: the browser opens the link as it would
    expect(router.state.location.pathname).toBe('/shows');
  });

  it('leaves a link to another window to the browser, and runs its own click handler first', () => {
    const onClick = jest.fn();
    const { router } = renderAt(
      <AppLink to="/terms" target="_blank" onClick={onClick}>
        Terms
      </AppLink>,
      { path: '/shows' },
    );
    expect(fireEvent.click(screen.getByRole('link', { name: 'Terms' }))).toBe(true);
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe('/shows');
  });

  it('is not followed when its click handler prevented it', () => {
    const { router } = renderAt(
      <AppLink to="/products" onClick={(e) => e.preventDefault()}>
        Products
      </AppLink>,
      { path: '/shows' },
    );
    fireEvent.click(screen.getByRole('link', { name: 'Products' }));
    expect(router.state.location.pathname).toBe('/shows');
  });
});
