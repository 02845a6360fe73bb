import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderAt, signedInState, signedOutState } from '@/test/render';
import { product, show } from '@/features/catalogue/test/fixtures';
import type { ShowProductProduct } from '@/features/catalogue/api/types';
import ApparelDetail from './apparel-detail';
import ProductDetail from './product-detail';
import ShowDetail from './show-detail';

describe('/products/{id}', () => {
  const detail = product('p1', 'Anthem Untamed', {
    unitProduct: null,
    videoURL: 'https://www.youtube.com/watch?v=ruy4a0HL322',
    description: 'A cake.',
  });

  it('shows the product, "Case only", the embedded video and a back link keeping the filters', async () => {
    mockApi({ 'GET /api/products/p1': () => [200, detail] });
    renderAt(<ProductDetail />, {
      path: '/products/p1?page=2&pageSize=10&brands=b1&brands=b2&searchTitle=cake',
      route: '/products/:productId',
      preloadedState: signedOutState,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Anthem Untamed' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to products/ })).toHaveAttribute(
      'href',
      '/products?page=2&pageSize=10&brands=b1&brands=b2&searchTitle=cake',
    );
    expect(screen.getByText('Case only')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Play the video of Anthem Untamed' }));
    expect(screen.getByTitle('Video: Anthem Untamed')).toHaveAttribute('src', 'https://www.youtube.com/embed/ruy4a0HL322?autoplay=1');
    expect(screen.getByText('Red')).toBeInTheDocument();
    expect(screen.getByText('Peony')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Please sign-in to add product to cart' })).toBeInTheDocument();
  });

  it('signed in: Add Case (and Add Unit with a unit product); out of stock says so', async () => {
    mockApi({
      'GET /api/products/p1': () => [200, { ...detail, unitProduct: { id: 'u', sku: 'u', unitPrice: 4.99, package: [1, 12], availableStock: 0 } }],
      'GET /api/products/p2': () => [200, { ...detail, id: 'p2', inStock: false }],
    });
    const { unmount } = renderAt(<ProductDetail />, { path: '/products/p1', route: '/products/:productId', preloadedState: signedInState() });
    expect(await screen.findByRole('button', { name: 'Add Case' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Unit' })).toBeInTheDocument();
    expect(screen.getByText(/\$4\.99/)).toBeInTheDocument();
    unmount();
    renderAt(<ProductDetail />, { path: '/products/p2', route: '/products/:productId', preloadedState: signedInState() });
    expect(await screen.findByText('Item is out of stock')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Case' })).not.toBeInTheDocument();
  });
});

describe('/apparel/{id}', () => {
  it('says a non-apparel product is not an apparel item, with a link back', async () => {
    mockApi({ 'GET /api/products/p1': () => [200, product('p1', 'Anthem Untamed')] });
    renderAt(<ApparelDetail />, { path: '/apparel/p1?page=1&pageSize=25', route: '/apparel/:productId', preloadedState: signedOutState });
    expect(await screen.findByText('This product is not an apparel item.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to apparel/ })).toHaveAttribute('href', '/apparel?page=1&pageSize=25');
  });

  it('reads "Select Options First" until a variant is chosen; signed out gets a Sign In link', async () => {
    const hoodie = product('a1', 'Cody B Hoodie', {
      isApparel: true,
      variants: [
        { id: 'v1', sku: 'APP-1-S-U', size: 'S', gender: 'UNISEX', colorId: null, color: null, unitPrice: 30, availableStock: 3 },
        { id: 'v2', sku: 'APP-1-M-U', size: 'M', gender: 'UNISEX', colorId: null, color: null, unitPrice: 30, availableStock: 3 },
      ],
    });
    mockApi({ 'GET /api/products/a1': () => [200, hoodie] });
    const { unmount } = renderAt(<ApparelDetail />, { path: '/apparel/a1', route: '/apparel/:productId', preloadedState: signedInState() });
    expect(await screen.findByRole('button', { name: 'Select Options First' })).toBeDisabled();
    unmount();
    renderAt(<ApparelDetail />, { path: '/apparel/a1', route: '/apparel/:productId', preloadedState: signedOutState });
    expect(await screen.findByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/user/login?redirect=%2Fapparel%2Fa1');
  });
});

describe('/shows/{id}', () => {
  it('shows the badges, the total of included products, the fallback description and the table', async () => {
    const s = show('s1', 'Midnight Countdown Show', {
      showProducts: [
        { id: 'x', quantity: 3, isUnit: false, notes: 'Finale', product: { id: 'p1', sku: 'P1', title: 'Comet Rack' } as ShowProductProduct },
        { id: 'y', quantity: 4, isUnit: true, notes: null, product: { id: 'p2', sku: 'P2', title: 'Snap Pops' } as ShowProductProduct },
      ],
    });
    mockApi({ 'GET /api/shows/s1': () => [200, s] });
    renderAt(<ShowDetail />, { path: '/shows/s1', route: '/shows/:showId', preloadedState: signedOutState });
    expect(await screen.findByRole('heading', { level: 1, name: 'Midnight Countdown Show' })).toBeInTheDocument();
    expect(screen.getByText('Fourth of July')).toBeInTheDocument();
    expect(screen.getByText('Cody B')).toBeInTheDocument();
    expect(screen.getByText('In Stock')).toBeInTheDocument();
    expect(screen.getByText('$999.50')).toBeInTheDocument();
    expect(screen.getByText('7 products included')).toBeInTheDocument();
    expect(screen.getByText('No description available for this show.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Please sign in to add this show to your cart' })).toBeInTheDocument();
    const rows = screen.getAllByRole('row').slice(1).map((r) => r.textContent);
    expect(rows).toEqual(['Comet Rack (P1)Case3Finale', 'Snap Pops (P2)Unit4—']);
  });

  it('signed in: Add Show to Cart, disabled when out of stock', async () => {
    mockApi({ 'GET /api/shows/s1': () => [200, show('s1', 'Sold Out Show', { inStock: false })] });
    renderAt(<ShowDetail />, { path: '/shows/s1', route: '/shows/:showId', preloadedState: signedInState() });
    expect(await screen.findByRole('button', { name: 'Add Show to Cart' })).toBeDisabled();
    expect(screen.getByText('Out of Stock')).toBeInTheDocument();
  });

  it('says "Show not found" with a back link', async () => {
    mockApi({});
    renderAt(<ShowDetail />, { path: '/shows/nope', route: '/shows/:showId', preloadedState: signedOutState });
    expect(await screen.findByRole('heading', { name: 'Show not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to shows/ })).toHaveAttribute('href', '/shows?page=1&pageSize=25');
  });
});
