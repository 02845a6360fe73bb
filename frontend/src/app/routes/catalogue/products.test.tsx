import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderAt, signedOutState } from '@/test/render';
import { metadata, pageOf, product } from '@/features/catalogue/test/fixtures';
import Products from './products';

const location = () => screen.getByTestId('location').textContent ?? '';

function setup(path: string, products = pageOf([product('p1', 'Apollo Cake')], { totalItems: 40, hasMore: true, totalPages: 2 })) {
  const fetch = mockApi({
    'GET /api/metadata': () => [200, metadata],
    'GET /api/products': () => [200, products],
  });
  renderAt(<Products />, { path, route: '/products', preloadedState: signedOutState });
  return fetch;
}

const productCalls = (fetch: jest.SpyInstance) =>
  fetch.mock.calls
    .map(([input]) => new URL((input as Request).url))
    .filter((u) => u.pathname === '/api/products')
    .map((u) => u.search);

describe('/products', () => {
  it('puts the required page and pageSize numbers in the address', async () => {
    setup('/products?brands=b-apollo');
    await waitFor(() => expect(location()).toBe('/products?page=1&pageSize=25&brands=b-apollo'));
  });

  it('lists products with "Showing X of Y" and asks for in-stock items by default', async () => {
    const fetch = setup('/products?page=1&pageSize=25');
    expect(await screen.findByText('Showing 1 of 40')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Apollo Cake' })).toHaveAttribute('href', '/products/p1?page=1&pageSize=25');
    expect(productCalls(fetch)[0]).toBe('?page=1&pageSize=25&isShow=false&isApparel=false&inStock=true');
  });

  it('hides the Apparel category, and a filter change updates the address and resets the page', async () => {
    const fetch = setup('/products?page=2&pageSize=10');
    const categories = await screen.findByRole('group', { name: /Categories/ });
    // Wait for the metadata, so that the Apparel check below is not passed by the loading line.
    const cakes = await within(categories).findByLabelText('500 Gram Cakes');
    expect(within(categories).queryByLabelText('Apparel')).not.toBeInTheDocument();
    await userEvent.click(cakes);
    await waitFor(() => expect(location()).toBe('/products?page=1&pageSize=10&categories=c-cakes'));
    expect(within(categories).getByText('1')).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('Show out-of-stock products'));
    await waitFor(() => expect(location()).toBe('/products?page=1&pageSize=10&categories=c-cakes&showOutOfStock=true'));
    await waitFor(() => expect(productCalls(fetch).at(-1)).toContain('showOutOfStock=true&categories=c-cakes'));
  });

  it('pages forward and changes the page size', async () => {
    setup('/products?page=1&pageSize=25');
    await screen.findByText('Showing 1 of 40');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(location()).toBe('/products?page=2&pageSize=25'));
    await userEvent.click(screen.getByRole('button', { name: '50' }));
    await waitFor(() => expect(location()).toBe('/products?page=1&pageSize=50'));
  });

  it('applies the search text after typing settles', async () => {
    setup('/products?page=3&pageSize=25');
    await userEvent.type(await screen.findByLabelText('Search'), 'gold');
    await waitFor(() => expect(location()).toBe('/products?page=1&pageSize=25&searchTitle=gold'), { timeout: 2000 });
  });

  it('shows the empty state with Clear All Filters', async () => {
    setup('/products?page=1&pageSize=25&brands=b-apollo&searchTitle=zzz', pageOf([]));
    expect(await screen.findByRole('heading', { name: 'No Products Found' })).toBeInTheDocument();
    const buttons = screen.getAllByRole('button', { name: 'Clear All Filters' });
    await userEvent.click(buttons[buttons.length - 1]);
    await waitFor(() => expect(location()).toBe('/products?page=1&pageSize=25'));
  });

  it('shows "Error: {message}" on failure', async () => {
    mockApi({
      'GET /api/metadata': () => [200, metadata],
      'GET /api/products': () => [400, { message: 'pageSize must be a whole number between 1 and 100' }],
    });
    renderAt(<Products />, { path: '/products?page=1&pageSize=25', route: '/products', preloadedState: signedOutState });
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: pageSize must be a whole number between 1 and 100');
  });
});
