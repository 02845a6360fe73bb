import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { Toaster } from '@/components/toaster';
import { deferred } from '@/test/deferred';
import { mockApi, renderAt, signedInState, signedOutState, user } from '@/test/render';
import type { Product, Show, Variant } from '@/features/catalogue/api/types';
import { previewText } from '@/features/catalogue/components/show-card';
import { ApparelCard, ProductCard, ShowCard } from './cards';

const cartId = user().Cart!.id;
const addPath = `POST /api/cart/${cartId}/add`;
const emptyCart = { id: cartId, userId: user().id, cartProducts: [] };

/** A card with the toasts, signed in. */
const signedInWithToasts = (card: ReactElement) => renderAt(<>{card}<Toaster /></>, { preloadedState: signedInState() });

const product = (over: Partial<Product> = {}): Product => ({
  id: 'p1',
  sku: 'AF-1105',
  title: '#20 Gold Sparklers',
  description: 'Sparkles.',
  casePrice: 66.9,
  isShow: false,
  isApparel: false,
  inStock: true,
  isCaseBreakable: true,
  apparelType: null,
  showType: null,
  category: { id: 'c', name: 'Sparklers' },
  brand: { id: 'b', name: 'Apollo Fireworks' },
  colors: [],
  effects: [],
  image: '/images/products/AF-1105.svg',
  videoURL: null,
  package: [12, 36],
  unitProduct: { id: 'u1', sku: 'AF-1105-u', unitPrice: 7.99, package: [1, 36], availableStock: 3 },
  variants: [],
  ...over,
});

describe('ProductCard', () => {
  it('shows SKU, title link, case package and price with two decimals, and the unit', () => {
    renderAt(<ProductCard product={product()} to="/products/p1?page=1" />, { preloadedState: signedOutState });
    expect(screen.getByText('AF-1105')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '#20 Gold Sparklers' })).toHaveAttribute('href', '/products/p1?page=1');
    expect(screen.getByText(/12\/36/)).toHaveTextContent('12/36 · $66.90');
    expect(screen.getByText(/1\/36/)).toHaveTextContent('1/36 · $7.99');
  });

  it('says "Case only" without a unit product', () => {
    renderAt(<ProductCard product={product({ unitProduct: null })} to="/x" />, { preloadedState: signedOutState });
    expect(screen.getByText('Case only')).toBeInTheDocument();
  });

  it('signed in and in stock: Add Case adds one case, Add Unit one unit, each with a toast', async () => {
    const bodies: unknown[] = [];
    mockApi({
      [addPath]: async (req) => {
        bodies.push(await req.json());
        return [200, emptyCart];
      },
    });
    signedInWithToasts(<ProductCard product={product()} to="/x" />);
    expect(screen.queryByRole('link', { name: /sign in/i })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add Case' }));
    expect(await screen.findByText('#20 Gold Sparklers added to cart!')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add Unit' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies).toEqual([
      { productId: 'p1', cartId, isUnit: false },
      { productId: 'p1', cartId, isUnit: true },
    ]);
  });

  it('says "Failed to add product to cart" when the add is refused', async () => {
    mockApi({ [addPath]: () => [409, { message: '#20 Gold Sparklers is out of stock' }] });
    signedInWithToasts(<ProductCard product={product()} to="/x" />);
    await userEvent.click(screen.getByRole('button', { name: 'Add Case' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to add product to cart');
    expect(screen.getByRole('button', { name: 'Add Case' })).toBeEnabled();
  });

  it('names the reason of a 409, e.g. a cart being paid for in another tab', async () => {
    const message = 'Your cart is being paid for. Cancel the payment to change it.';
    mockApi({ [addPath]: () => [409, { message }] });
    signedInWithToasts(<ProductCard product={product()} to="/x" />);
    await userEvent.click(screen.getByRole('button', { name: 'Add Case' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(`Failed to add product to cart: ${message}`);
  });

  it('signed in without a unit product: Add Case only', () => {
    renderAt(<ProductCard product={product({ unitProduct: null })} to="/x" />, { preloadedState: signedInState() });
    expect(screen.getByRole('button', { name: 'Add Case' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Unit' })).not.toBeInTheDocument();
  });

  it('out of stock: the badge and no add buttons', () => {
    renderAt(<ProductCard product={product({ inStock: false })} to="/x" />, { preloadedState: signedInState() });
    expect(screen.getByText('Currently Out of Stock')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('signed out: a prompt to sign in that comes back here', () => {
    renderAt(<ProductCard product={product()} to="/x" />, { path: '/products?page=2', route: '/products', preloadedState: signedOutState });
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in to add to cart' })).toHaveAttribute(
      'href',
      '/user/login?redirect=%2Fproducts%3Fpage%3D2',
    );
  });
});

const show = (over: Partial<Show> = {}): Show => ({
  id: 's1',
  sku: 'SHOW-1',
  title: 'Backyard Hero Show',
  image: '/images/products/SHOW-1.svg',
  description: 'x'.repeat(120),
  videoURL: null,
  casePrice: 3918.99,
  inStock: true,
  showTypeId: 't',
  showType: { id: 't', name: 'FOURTH_JULY' },
  brand: null,
  category: null,
  showProducts: [
    { id: 'a', quantity: 3, isUnit: false, notes: null, product: { id: 'p', sku: 'P', title: 'P' } },
    { id: 'b', quantity: 2, isUnit: true, notes: null, product: { id: 'q', sku: 'Q', title: 'Q' } },
  ],
  ...over,
}) as Show;

describe('ShowCard', () => {
  it('shows the type label, price, a 100-character preview and the counts', () => {
    renderAt(<ShowCard show={show()} to="/shows/s1" />, { preloadedState: signedOutState });
    expect(screen.getByText('Fourth of July')).toBeInTheDocument();
    expect(screen.getByText('$3,918.99')).toBeInTheDocument();
    expect(screen.getByText(`${'x'.repeat(100)}...`)).toBeInTheDocument();
    expect(screen.getByText('2 products included')).toBeInTheDocument();
    expect(screen.getByText('2 unit items · 3 case items')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /View Details/ })).toHaveAttribute('href', '/shows/s1');
    expect(screen.queryByRole('button', { name: 'Add Show to Cart' })).not.toBeInTheDocument();
  });

  it('uses the singular for one product', () => {
    renderAt(<ShowCard show={show({ showProducts: [show().showProducts[0]] })} to="/x" />, { preloadedState: signedOutState });
    expect(screen.getByText('1 product included')).toBeInTheDocument();
    expect(screen.getByText('0 unit items · 3 case items')).toBeInTheDocument();
  });

  it('signed in: Add Show to Cart, disabled when out of stock', () => {
    const { unmount } = renderAt(<ShowCard show={show()} to="/x" />, { preloadedState: signedInState() });
    expect(screen.getByRole('button', { name: 'Add Show to Cart' })).toBeEnabled();
    unmount();
    renderAt(<ShowCard show={show({ inStock: false })} to="/x" />, { preloadedState: signedInState() });
    expect(screen.getByRole('button', { name: 'Add Show to Cart' })).toBeDisabled();
  });

  it('reads "Adding to Cart..." and is disabled while adding, then says the show was added', async () => {
    const answer = deferred<[number, unknown]>();
    let body: unknown;
    mockApi({
      [addPath]: async (req) => {
        body = await req.json();
        return answer.promise;
      },
    });
    signedInWithToasts(<ShowCard show={show()} to="/x" />);
    await userEvent.click(screen.getByRole('button', { name: 'Add Show to Cart' }));
    expect(await screen.findByRole('button', { name: 'Adding to Cart...' })).toBeDisabled();
    answer.resolve([200, emptyCart]);
    expect(await screen.findByText('Backyard Hero Show added to cart!')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Show to Cart' })).toBeEnabled();
    expect(body).toEqual({ productId: 's1', cartId, isUnit: false });
  });

  it("names the server's reason when a show cannot be added", async () => {
    mockApi({ [addPath]: () => [409, { message: 'Backyard Hero Show is out of stock' }] });
    signedInWithToasts(<ShowCard show={show()} to="/x" />);
    await userEvent.click(screen.getByRole('button', { name: 'Add Show to Cart' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to add show to cart: Backyard Hero Show is out of stock');
  });

  it('keeps short descriptions whole', () => {
    expect(previewText('short')).toBe('short');
    expect(previewText(null)).toBe('');
    expect(previewText('y'.repeat(100))).toBe('y'.repeat(100));
  });
});

const variant = (size: string, gender: string, stock = 999, colour: string | null = null): Variant => ({
  id: `${size}-${gender}-${colour}`,
  sku: `APP-0001-${size}-${gender[0]}${colour ? `-${colour.slice(0, 3).toUpperCase()}` : ''}`,
  size,
  gender,
  colorId: colour,
  color: colour ? { id: colour, name: colour } : null,
  unitPrice: 24.99,
  availableStock: stock,
});

const apparel = (variants: Variant[]) =>
  product({
    id: 'a1',
    sku: 'APP-0001',
    title: 'Cody B Hoodie',
    isApparel: true,
    unitProduct: null,
    package: [1, 1],
    apparelType: { id: 't', name: 'Hoodie' },
    brand: { id: 'b', name: 'Cody B' },
    variants,
  });

describe('ApparelCard', () => {
  it('shows SKU, type, brand and "Select Options" until a variant is chosen', async () => {
    const variants = [variant('S', 'UNISEX'), variant('M', 'MALE', 0), variant('M', 'FEMALE')];
    renderAt(<ApparelCard product={apparel(variants)} to="/apparel/a1" />, { preloadedState: signedInState() });
    expect(screen.getByText('APP-0001')).toBeInTheDocument();
    expect(screen.getByText('Hoodie')).toBeInTheDocument();
    expect(screen.getByText('Cody B')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Select Options' })).toBeDisabled();
    expect(screen.queryByRole('group', { name: 'Style' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: 'S' }));
    // One style for S: not asked, chosen.
    expect(screen.queryByRole('group', { name: 'Style' })).not.toBeInTheDocument();
    expect(screen.getByText('APP-0001-S-U')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();

    await userEvent.click(screen.getByRole('radio', { name: 'M' }));
    const style = screen.getByRole('group', { name: 'Style' });
    expect(within(style).getAllByRole('radio').map((r) => r.getAttribute('aria-label'))).toEqual(["Men's", "Women's"]);
    expect(screen.getByRole('button', { name: 'Select Options' })).toBeDisabled();
    await userEvent.click(within(style).getByRole('radio', { name: "Men's" }));
    expect(screen.getByRole('button', { name: 'Out of Stock' })).toBeDisabled();
    await userEvent.click(within(style).getByRole('radio', { name: "Women's" }));
    expect(screen.getByText('APP-0001-M-F')).toBeInTheDocument();
    expect(screen.getByText('$24.99')).toBeInTheDocument();
  });

  it('asks the colour only when more than one matches', async () => {
    const variants = [variant('M', 'UNISEX', 5, 'Red'), variant('M', 'UNISEX', 5, 'Blue'), variant('L', 'UNISEX', 5, 'Red')];
    renderAt(<ApparelCard product={apparel(variants)} to="/x" />, { preloadedState: signedInState() });
    await userEvent.click(screen.getByRole('radio', { name: 'M' }));
    expect(screen.getByRole('group', { name: 'Color' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Red' }));
    expect(screen.getByText('APP-0001-M-U-RED')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'L' }));
    expect(screen.queryByRole('group', { name: 'Color' })).not.toBeInTheDocument();
    expect(screen.getByText('APP-0001-L-U-RED')).toBeInTheDocument();
  });

  it('adds one item of the chosen variant', async () => {
    let body: unknown;
    mockApi({
      [addPath]: async (req) => {
        body = await req.json();
        return [200, emptyCart];
      },
    });
    signedInWithToasts(<ApparelCard product={apparel([variant('S', 'UNISEX'), variant('M', 'UNISEX')])} to="/x" />);
    await userEvent.click(screen.getByRole('radio', { name: 'M' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText('Cody B Hoodie added to cart!')).toBeInTheDocument();
    expect(body).toEqual({ productId: 'a1', cartId, isUnit: false, variantId: 'M-UNISEX-null' });
  });

  it('signed out: a sign-in prompt instead of the button', () => {
    renderAt(<ApparelCard product={apparel([variant('S', 'UNISEX')])} to="/x" />, { preloadedState: signedOutState });
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in to add to cart' })).toBeInTheDocument();
  });
});
