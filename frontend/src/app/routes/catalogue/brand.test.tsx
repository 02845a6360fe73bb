import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderAt, signedOutState } from '@/test/render';
import { metadata, pageOf, product, show, showTypes } from '@/features/catalogue/test/fixtures';
import BrandPage from './brand';

const location = () => screen.getByTestId('location').textContent ?? '';

function setup(path = '/codyb') {
  const fetch = mockApi({
    'GET /api/metadata': () => [200, metadata],
    'GET /api/apparel/types/all': () => [200, metadata.apparelTypes],
    'GET /api/shows/types/all': () => [200, showTypes],
    'GET /api/products': () => [
      200,
      pageOf([product('p2', 'Zeus Cake'), product('p1', 'Anthem Untamed')], { totalItems: 19, hasMore: true, totalPages: 10 }),
    ],
    'GET /api/apparel': () => [
      200,
      pageOf([product('a1', 'Cody B Hoodie', { isApparel: true, variants: [] })], { totalItems: 7, hasMore: false, totalPages: 4 }),
    ],
    'GET /api/shows/brand/Cody%20B': (req) => {
      const typeId = new URL(req.url).searchParams.get('typeId');
      const shows = [show('s1', 'Midnight Countdown Show'), show('s2', 'Wedding Show', { showTypeId: 'st-wed' })].filter(
        (s) => !typeId || s.showTypeId === typeId,
      );
      return [200, { shows, pagination: { page: 1, total: shows.length, totalPages: 1 } }];
    },
  });
  renderAt(<BrandPage />, { path, route: '/codyb', preloadedState: signedOutState });
  return fetch;
}

const calls = (fetch: jest.SpyInstance, path: string) =>
  fetch.mock.calls.map(([input]) => new URL((input as Request).url)).filter((u) => u.pathname === path);

describe('/codyb', () => {
  it('shows a Loading message first, then merges products and apparel sorted by title with summed counts', async () => {
    const fetch = setup();
    expect(screen.getByText('Loading Cody B products...')).toBeInTheDocument();
    expect(await screen.findByText('Showing 3 of 26')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Cody B products' });
    expect(within(list).getAllByRole('heading').map((h) => h.textContent)).toEqual(['Anthem Untamed', 'Cody B Hoodie', 'Zeus Cake']);
    expect(screen.getByRole('tab', { name: /Products/ })).toHaveTextContent('26');
    expect(screen.getByRole('tab', { name: /Shows/ })).toHaveTextContent('2');
    // hasMore from the products side keeps Next enabled.
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
    // The brand id comes from /metadata by name.
    expect(calls(fetch, '/api/products')[0].searchParams.getAll('brands')).toEqual(['b-cody']);
    expect(calls(fetch, '/api/apparel')[0].searchParams.getAll('brands')).toEqual(['b-cody']);
  });

  it('keeps filters in the address, replacing history, with the page reset', async () => {
    setup('/codyb?page=3&pageSize=10');
    const colors = await screen.findByRole('group', { name: /Colors/ });
    await userEvent.click(await within(colors).findByLabelText('Red'));
    await waitFor(() => expect(location()).toBe('/codyb?page=1&pageSize=10&colors=col-red'));
  });

  it('reads sizes as a string or a list', async () => {
    const fetch = setup('/codyb?sizes=S,M&sizes=L');
    await screen.findByText(/Showing/);
    expect(calls(fetch, '/api/apparel')[0].searchParams.getAll('sizes')).toEqual(['S', 'M', 'L']);
    // A size filter can only match apparel: regular products are not asked.
    expect(calls(fetch, '/api/products')).toHaveLength(0);
  });

  it('switching to shows resets the page and clears product filters; the show type filters the list', async () => {
    const fetch = setup('/codyb?page=2&pageSize=25&colors=col-red');
    await userEvent.click(await screen.findByRole('tab', { name: /Shows/ }));
    await waitFor(() => expect(location()).toBe('/codyb?page=1&pageSize=25&tab=shows'));
    expect(await screen.findByText('Midnight Countdown Show')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Wedding' }));
    await waitFor(() => expect(location()).toBe('/codyb?page=1&pageSize=25&tab=shows&showType=st-wed'));
    await waitFor(() => expect(screen.queryByText('Midnight Countdown Show')).not.toBeInTheDocument());
    expect(screen.getByText('Wedding Show')).toBeInTheDocument();
    expect(calls(fetch, '/api/shows/brand/Cody%20B').at(-1)?.searchParams.get('typeId')).toBe('st-wed');

    await userEvent.click(screen.getByRole('tab', { name: /Products/ }));
    await waitFor(() => expect(location()).toBe('/codyb?page=1&pageSize=25&tab=products'));
  });

  it('shows "Error: {message}" when a list fails', async () => {
    mockApi({
      'GET /api/metadata': () => [200, metadata],
      'GET /api/products': () => [400, { message: 'colors must be a list of ids' }],
      'GET /api/apparel': () => [200, pageOf([])],
      'GET /api/shows/brand/Cody%20B': () => [200, { shows: [], pagination: { page: 1, total: 0, totalPages: 0 } }],
    });
    renderAt(<BrandPage />, { path: '/codyb', route: '/codyb', preloadedState: signedOutState });
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: colors must be a list of ids');
  });
});
