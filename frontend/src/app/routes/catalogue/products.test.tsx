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

  it('limits the search box to 200 characters', async () => {
    setup('/products?page=1&pageSize=25');
    expect(await screen.findByLabelText('Search')).toHaveAttribute('maxLength', '200');
  });

  it('cuts a too-long address search to 200 characters instead of failing', async () => {
    const long = 'g'.repeat(250);
    const fetch = mockApi({
      'GET /api/metadata': () => [200, metadata],
      'GET /api/products': (request) => {
        const title = new URL(request.url).searchParams.get('searchTitle') ?? '';
        return title.length > 200
          ? [400, { message: 'searchTitle must be at most 200 characters' }]
          : [200, pageOf([product('p1', 'Apollo Cake')], { totalItems: 1 })];
      },
    });
    renderAt(<Products />, { path: `/products?page=1&pageSize=25&searchTitle=${long}`, route: '/products', preloadedState: signedOutState });
    expect(await screen.findByText('Showing 1 of 1')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Search')).toHaveValue('g'.repeat(200));
    expect(productCalls(fetch)).toEqual([`?page=1&pageSize=25&searchTitle=${'g'.repeat(200)}&isShow=false&isApparel=false&inStock=true`]);
  });

  it('shows the empty state with Clear All Filters', async () => {
    setup('/products?page=1&pageSize=25&brands=b-apollo&searchTitle=zzz', pageOf([]));
    expect(await screen.findByRole('heading', { name: 'No Products Found' })).toBeInTheDocument();
    const buttons = screen.getAllByRole('button', { name: 'Clear All Filters' });
    await userEvent.click(buttons[buttons.length - 1]);
    await waitFor(() => expect(location()).toBe('/products?page=1&pageSize=25'));
  });

  it('reserves a page of skeleton cards in the result grid while the first page loads', async () => {
    let answer: (value: [number, unknown]) => void = () => {};
    mockApi({
      'GET /api/metadata': () => [200, metadata],
      'GET /api/products': () => new Promise<[number, unknown]>((resolve) => (answer = resolve)),
    });
    renderAt(<Products />, { path: '/products?page=1&pageSize=10', route: '/products', preloadedState: signedOutState });
    expect(await screen.findByRole('status', { name: 'Loading products...' })).toBeInTheDocument();
    expect(screen.getAllByTestId('skeleton-card')).toHaveLength(10);
    expect(screen.getAllByTestId('skeleton-card')[0].closest('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toBeInTheDocument();
    answer([200, pageOf([product('p1', 'Apollo Cake')], { totalItems: 1 })]);
    expect(await screen.findByText('Showing 1 of 1')).toBeInTheDocument();
    expect(screen.queryByTestId('skeleton-card')).not.toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading products...' })).not.toBeInTheDocument();
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
