import { expect, test, type Page } from '@playwright/test';
import { ADMIN, expectAccessible, mainNav, money, orderNumber, pickVariant, signIn, signUp, storedSession, uniqueEmail, type ApiVariant } from './helpers';

// The whole purchase against the demo shop: cart, profile, the server's order summary for each
// delivery choice, the sandbox payment window (declined, then paid) and the order afterwards.

type Session = Awaited<ReturnType<typeof storedSession>>;

interface Quote {
  subtotal: number;
  orderType: string;
  shipping: number;
  liftGateFee: number;
  tax: number;
  grandTotal: number;
  itemCount: number;
  canCheckout: boolean;
  blocked: { reason: string; message: string } | null;
  shippingAddress: { id: string; street1: string; city: string; state: string; postalCode: string } | null;
  terminal: { id: string; terminalName: string } | null;
}

interface Order {
  id: string;
  status: string;
  grandTotal: number;
  itemCount: number;
  shipToTerminalId: string | null;
  items: { productId: string; variantId: string | null; isUnit: boolean; quantity: number }[];
}

interface ApiProduct {
  id: string;
  title: string;
  inStock: boolean;
  unitProduct: { availableStock: number } | null;
}

const DECLINE_CARD = '4000 0000 0000 0002';
const GOOD_CARD = '4242 4242 4242 4242';
const DECLINED = 'Your card was declined. Please try another card.';
const TERMS_WARNING = 'Please click here to accept the Terms of Service before checkout';
const ORDER_TYPES: Record<string, string> = {
  show: 'Show',
  apparelOnly: 'Apparel only',
  retail: 'Retail',
  wholesale: 'Wholesale',
  combo: 'Combo',
};
const bearer = (s: Session) => ({ Authorization: `Bearer ${s.token}` });

/** What POST /api/cart/{cartId}/quote answers for a delivery choice. */
async function serverQuote(page: Page, s: Session, choice: { shipToTerminalId?: string; liftGate: boolean }): Promise<Quote> {
  const res = await page.request.post(`/api/cart/${s.cartId}/quote`, { headers: bearer(s), data: choice });
  expect(res.status()).toBe(200);
  return res.json();
}

interface Line {
  productId: string;
  variantId: string | null;
  caseQuantity: number;
  unitQuantity: number;
}

/** The cart's lines as GET /api/cart/{cartId} states them (what each line holds, nothing else). */
async function cartLines(page: Page, s: Session): Promise<Line[]> {
  const res = await page.request.get(`/api/cart/${s.cartId}`, { headers: bearer(s) });
  expect(res.status()).toBe(200);
  return ((await res.json()).cartProducts as Line[]).map(({ productId, variantId, caseQuantity, unitQuantity }) => ({
    productId,
    variantId,
    caseQuantity,
    unitQuantity,
  }));
}

async function orders(page: Page, s: Session): Promise<Order[]> {
  const res = await page.request.get('/api/orders?page=1&pageSize=25', { headers: bearer(s) });
  expect(res.status()).toBe(200);
  return (await res.json()).contents;
}

/** The page's Order Summary shows exactly the server's figures, in its order. */
async function expectSummary(page: Page, quote: Quote): Promise<void> {
  const summary = page.getByRole('region', { name: 'Order Summary' });
  await expect(summary.getByRole('term')).toHaveText(['Order type', 'Items', 'Subtotal', 'Shipping', 'Liftgate fee', 'Tax', 'Grand total']);
  await expect(summary.getByRole('definition')).toHaveText([
    ORDER_TYPES[quote.orderType],
    String(quote.itemCount),
    money(quote.subtotal),
    money(quote.shipping),
    money(quote.liftGateFee),
    money(quote.tax),
    money(quote.grandTotal),
  ]);
  await expect(summary).not.toHaveAttribute('aria-busy');
}

/** Types a card into the sandbox payment window and presses its Pay button. */
async function payWith(popup: Page, card: string): Promise<void> {
  await popup.getByLabel('Name on card').fill('Pat Buyer');
  await popup.getByLabel('Card number').fill(card);
  await popup.getByLabel('Expiry month').fill('12');
  await popup.getByLabel('Expiry year').fill(String(new Date().getFullYear() + 2));
  await popup.getByLabel('CVC').fill('123');
  await popup.getByRole('button', { name: /^Pay \$/ }).click();
}

const checkoutButton = (page: Page) => page.getByRole('button', { name: 'Checkout', exact: true });

/** Checkout, and the sandbox window it opens. */
async function openPaymentWindow(page: Page): Promise<Page> {
  const popupOpened = page.waitForEvent('popup');
  await checkoutButton(page).click();
  const popup = await popupOpened;
  await expect(popup).toHaveURL(/\/pay\/[^/]+$/);
  await expect(popup.getByRole('heading', { level: 1, name: 'Sandbox payment' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Processing...' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Cancel Payment' })).toBeVisible();
  return popup;
}

/** A unit product with units to spare, and an apparel variant with items to spare, from the demo catalogue. */
async function pickProducts(page: Page) {
  const products = (await (await page.request.get('/api/products?page=1&pageSize=100')).json()).contents as ApiProduct[];
  const unitProduct = products.find((p) => p.inStock && (p.unitProduct?.availableStock ?? 0) >= 5);
  const apparelList = (await (await page.request.get('/api/apparel?page=1&pageSize=25')).json()).contents as {
    id: string;
    title: string;
    variants: ApiVariant[];
  }[];
  // A real choice: several sizes, styles and colours.
  const kinds = (a: { variants: ApiVariant[] }, key: (v: ApiVariant) => string | undefined) => new Set(a.variants.map(key)).size;
  const apparel = apparelList.find(
    (a) =>
      kinds(a, (v) => v.size) > 1 &&
      kinds(a, (v) => v.gender) > 1 &&
      kinds(a, (v) => v.color?.name) > 1 &&
      a.variants.some((v) => v.availableStock >= 5),
  );
  expect(unitProduct, 'a unit product in stock in the demo catalogue').toBeTruthy();
  expect(apparel, 'an apparel variant in stock in the demo catalogue').toBeTruthy();
  const variant = apparel!.variants.find((v) => v.availableStock >= 5)!;
  return { product: unitProduct!, apparel: apparel!, variant };
}

test('a buyer fills the cart, completes the profile, accepts the terms and pays after a declined card', async ({ page }) => {
  test.setTimeout(120_000);
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));

  const email = uniqueEmail('checkout');
  await signUp(page, email);
  await signIn(page, email);
  const session = await storedSession(page);
  const badge = mainNav(page).getByTestId('cart-badge');
  const { product, apparel, variant } = await pickProducts(page);

  // A case and a unit of one product, from its detail page.
  await page.goto(`/products/${product.id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
  await page.getByRole('button', { name: 'Add Case' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${product.title} added to cart!` })).toBeVisible();
  await expect(badge).toHaveText('1');
  await page.getByRole('button', { name: 'Add Unit' }).click();
  await expect(badge).toHaveText('2');

  // One item of an apparel variant, chosen by size, style and colour.
  await page.goto(`/apparel/${apparel.id}`);
  await expect(page.getByRole('heading', { level: 1, name: apparel.title })).toBeVisible();
  const addApparel = page.getByRole('main').getByRole('button', { name: 'Add to Cart' });
  await expect(page.getByRole('main').getByRole('button', { name: 'Select Options First' })).toBeDisabled();
  await pickVariant(page, variant);
  await expect(page.getByRole('group', { name: 'Style' })).toBeVisible();
  await expect(page.getByText(variant.sku, { exact: true })).toBeVisible();
  await addApparel.click();
  await expect(page.getByRole('status').filter({ hasText: `${apparel.title} added to cart!` })).toBeVisible();
  await expect(badge).toHaveText('3');
  await expect(mainNav(page).getByRole('link', { name: 'Cart, 3 items' })).toBeVisible();
  expect(await cartLines(page, session)).toEqual([
    { productId: product.id, variantId: null, caseQuantity: 1, unitQuantity: 1 },
    { productId: apparel.id, variantId: variant.id, caseQuantity: 1, unitQuantity: 0 },
  ]);

  // The profile form: every rule's message once, then a North Dakota billing address.
  await page.goto('/profile/edit');
  const form = page.getByRole('form', { name: 'Edit Profile' });
  await expect(form).toBeVisible();
  const save = form.getByRole('button', { name: 'Save Profile' });
  const field = (label: string) => form.getByLabel(label, { exact: true });
  const touch = async (label: string, value?: string) => {
    if (value !== undefined) await field(label).fill(value);
    else await field(label).focus();
    await field(label).blur();
  };
  await touch('First Name');
  await touch('Last Name');
  await touch('Date of Birth', '2999-01-01');
  await touch('Phone Number', '0123 abc');
  await touch('Street Address');
  await touch('City');
  await touch('State');
  await touch('Postal Code', '581');
  const messages: [string, string][] = [
    ['First Name', 'First name is required'],
    ['Last Name', 'Last name is required'],
    ['Date of Birth', 'Please enter a valid date'],
    ['Phone Number', 'Please enter a valid phone number'],
    ['Street Address', 'Street address is required'],
    ['City', 'City is required'],
    ['State', 'State is required'],
    ['Postal Code', 'Please enter a valid postal code (e.g., 12345 or 12345-6789)'],
  ];
  for (const [label, message] of messages) {
    await expect(form.getByText(message, { exact: true })).toBeVisible();
    await expect(field(label)).toHaveAttribute('aria-invalid', 'true');
    await expect(field(label)).toHaveAccessibleDescription(message);
  }
  await expect(save).toBeDisabled();
  await expectAccessible(page);

  await field('First Name').fill('Pat');
  await field('Last Name').fill('Buyer');
  await field('Date of Birth').fill('1990-05-17');
  await field('Phone Number').fill('(701) 555-0100');
  await field('Street Address').fill('1200 Main Ave');
  await field('City').fill('Fargo');
  await field('State').selectOption('ND');
  await field('Postal Code').fill('58102');
  for (const [, message] of messages) await expect(form.getByText(message, { exact: true })).toHaveCount(0);
  await expect(form.getByLabel('Use the same address for shipping')).toBeChecked();
  await expect(form.getByLabel('I accept the Terms of Service')).not.toBeChecked();
  await save.click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('status').filter({ hasText: 'Profile saved' })).toBeVisible();
  await expect(page.getByText('Pat Buyer')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your Cart (3 items)' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Order Summary' })).toBeVisible();
  await expectAccessible(page);

  // The cart page: one more case, then the terms.
  await mainNav(page).getByRole('link', { name: 'Cart, 3 items' }).click();
  await expect(page).toHaveURL(new RegExp(`/profile/cart/${session.cartId}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Your Cart' })).toBeVisible();
  const items = page.getByRole('list', { name: 'Cart items' });
  await expect(items.getByRole('listitem')).toHaveCount(2);
  await items.getByRole('button', { name: `Increase cases of ${product.title}` }).click();
  await expect(page.getByRole('status').filter({ hasText: `Updated quantity for ${product.title}` })).toBeVisible();
  await expect(badge).toHaveText('4');

  const warning = page.getByRole('alert').filter({ hasText: TERMS_WARNING });
  await expect(warning).toHaveText(TERMS_WARNING);
  await expect(page.getByRole('button', { name: /^(Checkout|Updating Cart\.\.\.)$/ })).toBeDisabled();
  const plain = await serverQuote(page, session, { liftGate: false });
  expect(plain.blocked?.reason).toBe('TERMS_NOT_ACCEPTED');
  expect(plain.itemCount).toBe(4);
  expect(plain.liftGateFee).toBe(0);
  expect(plain.shippingAddress).toMatchObject({ street1: '1200 Main Ave', city: 'Fargo', state: 'ND', postalCode: '58102' });
  await expectSummary(page, plain);
  const shippingTo = page.getByRole('region', { name: 'Shipping to' });
  await expect(shippingTo).toContainText('1200 Main Ave');

  await warning.getByRole('button', { name: 'click here' }).click();
  const terms = page.getByRole('dialog', { name: 'Terms of Service' });
  await expect(terms).toBeVisible();
  await terms.getByRole('button', { name: 'I Accept' }).click();
  await expect(terms).toBeHidden();
  await expect(warning).toHaveCount(0);
  await expect(checkoutButton(page)).toBeEnabled();
  expect((await serverQuote(page, session, { liftGate: false })).canCheckout).toBe(true);

  // Liftgate delivery: the server adds its fee and the total moves.
  const liftGate = page.getByLabel('Liftgate delivery');
  await liftGate.check();
  const withLiftGate = await serverQuote(page, session, { liftGate: true });
  expect(withLiftGate.liftGateFee).toBe(100);
  expect(withLiftGate.grandTotal).not.toBe(plain.grandTotal);
  await expectSummary(page, withLiftGate);
  await expect(page.getByRole('region', { name: 'Order Summary' })).toContainText('$100.00');

  // A freight terminal: no liftgate there; the chosen North Dakota terminal is the destination.
  const terminals = (await (await page.request.get('/api/terminal?state=ND&zipcode=581')).json()) as {
    id: string;
    terminalName: string;
  }[];
  expect(terminals.length).toBeGreaterThan(0);
  const terminal = terminals[0];
  await page.getByLabel('Ship to a freight terminal').check();
  await expect(liftGate).toBeDisabled();
  await expect(liftGate).not.toBeChecked();
  await expect(page.getByText('Choose a terminal to ship to.')).toBeVisible();
  await expect(page.getByRole('button', { name: /^(Checkout|Updating Cart\.\.\.)$/ })).toBeDisabled();
  await expectSummary(page, plain);
  await expect(page.getByLabel('Terminal state')).toHaveValue('ND');
  await page.getByLabel('ZIP code').fill('581');
  await page.getByRole('button', { name: 'Search' }).click();
  const radios = page.getByRole('group', { name: 'Terminals' }).getByRole('radio');
  await expect(radios).toHaveCount(terminals.length);
  // The app asks the server for this destination...
  const appAsked = page.waitForRequest(
    (r) => r.url().endsWith(`/api/cart/${session.cartId}/quote`) && r.postDataJSON()?.shipToTerminalId === terminal.id,
  );
  await page.getByRole('radio', { name: terminal.terminalName }).check();
  expect((await appAsked).postDataJSON()).toEqual({ shipToTerminalId: terminal.id, liftGate: false });
  // ...and shows what the server answers for it.
  const atTerminal = await serverQuote(page, session, { shipToTerminalId: terminal.id, liftGate: false });
  expect(atTerminal.liftGateFee).toBe(0);
  expect(atTerminal.terminal?.id).toBe(terminal.id);
  expect(atTerminal.canCheckout).toBe(true);
  await expectSummary(page, atTerminal);
  await expect(shippingTo).toContainText(terminal.terminalName);
  await expect(shippingTo).toContainText(atTerminal.shippingAddress!.street1);
  await expect(checkoutButton(page)).toBeEnabled();
  await expectAccessible(page);

  // The sandbox window: a declined card first (the cart stays), then a good one.
  const popup = await openPaymentWindow(page);
  await expect(popup.getByRole('button', { name: `Pay $${atTerminal.grandTotal.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}` })).toBeVisible();
  await expectAccessible(popup);
  await payWith(popup, DECLINE_CARD);
  await expect(popup.getByRole('status')).toHaveText(DECLINED);
  await expect(popup.getByRole('button', { name: /^Pay \$/ })).toBeEnabled();
  await expect(page).toHaveURL(new RegExp(`/profile/cart/${session.cartId}$`));
  await expect(page.getByRole('button', { name: 'Processing...' })).toBeDisabled();
  await expect(badge).toHaveText('4');
  expect(await cartLines(page, session)).toEqual([
    { productId: product.id, variantId: null, caseQuantity: 2, unitQuantity: 1 },
    { productId: apparel.id, variantId: variant.id, caseQuantity: 1, unitQuantity: 0 },
  ]);
  expect(await orders(page, session)).toEqual([]);

  const popupClosed = popup.waitForEvent('close');
  await payWith(popup, GOOD_CARD);
  await popupClosed;
  // The success page names the order (issue 32 item 11).
  await expect(page).toHaveURL(new RegExp(`/profile/cart/${session.cartId}/success\\?order=[0-9a-f-]{36}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeVisible();
  await expect(page.getByText('Thank you for your purchase. Your transaction was successful.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to the homepage' })).toHaveAttribute('href', '/');
  await expect(badge).toHaveText('0');
  await expectAccessible(page);

  // The cart is empty and the order is listed with the total that was paid.
  expect(await cartLines(page, session)).toEqual([]);
  const placed = await orders(page, session);
  expect(placed).toHaveLength(1);
  const [order] = placed;
  expect(order.grandTotal).toBe(atTerminal.grandTotal);
  expect(order.itemCount).toBe(4);
  expect(order.shipToTerminalId).toBe(terminal.id);
  expect(page.url()).toMatch(new RegExp(`\\?order=${order.id}$`));
  await expect(page.getByText(`Your order number is ${orderNumber(order.id)}.`)).toBeVisible();

  await mainNav(page).getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your Account' })).toBeVisible();
  await expect(page.getByText('Your cart is empty')).toBeVisible();
  const history = page.getByRole('table', { name: 'Your orders, newest first' });
  const number = orderNumber(order.id);
  const row = history.getByRole('row').filter({ hasText: number });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(money(atTerminal.grandTotal));
  await expect(row.getByRole('cell').nth(3)).toHaveText('4');
  await row.getByRole('button', { name: `View details of order ${number}` }).click();
  const totals = page.getByRole('group', { name: `Totals of order ${number}` });
  await expect(totals).toContainText(money(atTerminal.grandTotal));
  await expect(page.getByText('Freight terminal')).toBeVisible();
  await expectAccessible(page);

  // Back on the success page, its link opens the order in the history.
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeVisible();
  await page.getByRole('link', { name: `View order ${number} in your order history` }).click();
  await expect(page).toHaveURL(new RegExp(`/profile\\?order=${order.id}$`));
  await expect(page.getByRole('group', { name: `Totals of order ${number}` })).toContainText(money(atTerminal.grandTotal));
  await expect(history.getByRole('button', { name: `Hide details of order ${number}` })).toHaveAttribute('aria-expanded', 'true');
  expect(problems).toEqual([]);
});

test('a declined card, then Cancel, a closed window or Cancel Payment, leaves the cart as it was', async ({ page }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('declined');
  await signUp(page, email);
  await signIn(page, email);
  const session = await storedSession(page);
  const { product } = await pickProducts(page);
  const profile = await page.request.post('/api/user/userInfo', {
    headers: bearer(session),
    data: {
      firstName: 'Dana',
      lastName: 'Decline',
      dateOfBirth: '1985-02-03',
      phoneNumber: '701-555-0199',
      acceptedTerms: true,
      billingAddress: { street1: '400 Broadway N', street2: null, city: 'Fargo', state: 'ND', postalCode: '58102' },
    },
  });
  expect(profile.status()).toBe(200);
  const added = await page.request.post(`/api/cart/${session.cartId}/add`, {
    headers: bearer(session),
    data: { productId: product.id, cartId: session.cartId, isUnit: true },
  });
  expect(added.status()).toBe(200);
  const before = await cartLines(page, session);
  expect(before).toEqual([{ productId: product.id, variantId: null, caseQuantity: 0, unitQuantity: 1 }]);

  await page.goto(`/profile/cart/${session.cartId}`);
  const badge = mainNav(page).getByTestId('cart-badge');
  await expect(badge).toHaveText('1');
  const quote = await serverQuote(page, session, { liftGate: false });
  expect(quote.canCheckout).toBe(true);
  await expectSummary(page, quote);

  const expectReset = async () => {
    await expect(checkoutButton(page)).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Cancel Payment' })).toHaveCount(0);
    await expect(badge).toHaveText('1');
    await expect(page.getByRole('list', { name: 'Cart items' }).getByRole('listitem')).toHaveCount(1);
    expect(await cartLines(page, session)).toEqual(before);
    expect(await orders(page, session)).toEqual([]);
  };
  const cancelled = () =>
    page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith(`/api/cart/${session.cartId}/purchase/cancel`));

  // Declined, then the window's own Cancel.
  let popup = await openPaymentWindow(page);
  await payWith(popup, DECLINE_CARD);
  await expect(popup.getByRole('status')).toHaveText(DECLINED);
  let cancel = cancelled();
  let closed = popup.waitForEvent('close');
  // The window closes itself on Cancel, sometimes before Playwright's click has returned
  // ("Target page ... has been closed", CI run of 37431f2): that one error is the expected
  // outcome, which `closed` then confirms; any other still fails.
  await popup
    .getByRole('button', { name: 'Cancel' })
    .click()
    .catch((error: Error) => {
      if (!/has been closed/.test(error.message)) throw error;
    });
  await closed;
  await cancel;
  await expectReset();

  // Declined, then the window closed.
  popup = await openPaymentWindow(page);
  await payWith(popup, DECLINE_CARD);
  await expect(popup.getByRole('status')).toHaveText(DECLINED);
  cancel = cancelled();
  await popup.close();
  await cancel;
  await expectReset();

  // The shop's Cancel Payment closes the window.
  popup = await openPaymentWindow(page);
  cancel = cancelled();
  closed = popup.waitForEvent('close');
  await page.getByRole('button', { name: 'Cancel Payment' }).click();
  await closed;
  await cancel;
  await expectReset();

  // The cart can still be bought.
  popup = await openPaymentWindow(page);
  closed = popup.waitForEvent('close');
  await payWith(popup, GOOD_CARD);
  await closed;
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeVisible();
  expect((await orders(page, session)).map((o) => o.grandTotal)).toEqual([quote.grandTotal]);
});

test('the cart is locked while its payment window is open, and a refused purchase says what to do next', async ({ page }) => {
  test.setTimeout(90_000);
  const BEING_PAID = 'Your cart is being paid for. Cancel the payment to change it.';
  const email = uniqueEmail('locked');
  await signUp(page, email);
  await signIn(page, email);
  const session = await storedSession(page);
  const { apparel, variant } = await pickProducts(page);
  const profile = await page.request.post('/api/user/userInfo', {
    headers: bearer(session),
    data: {
      firstName: 'Lee',
      lastName: 'Locked',
      phoneNumber: '701-555-0142',
      acceptedTerms: true,
      billingAddress: { street1: '12 Elm St', street2: null, city: 'Fargo', state: 'ND', postalCode: '58102' },
    },
  });
  expect(profile.status()).toBe(200);
  const added = await page.request.post(`/api/cart/${session.cartId}/add`, {
    headers: bearer(session),
    data: { productId: apparel.id, variantId: variant.id, isUnit: false },
  });
  expect(added.status()).toBe(200);
  const before = await cartLines(page, session);

  await page.goto(`/profile/cart/${session.cartId}`);
  const item = page.getByRole('list', { name: 'Cart items' }).getByRole('listitem', { name: apparel.title });
  const controls = [
    item.getByRole('button', { name: `Decrease items of ${apparel.title}` }),
    item.getByRole('button', { name: `Increase items of ${apparel.title}` }),
    item.getByRole('button', { name: `Remove ${apparel.title}` }),
  ];
  await expect(checkoutButton(page)).toBeEnabled();
  for (const control of controls) await expect(control).toBeEnabled();

  // The payment window is open: the cart's controls are disabled and say why, and the API
  // refuses a change made some other way (another tab, a script).
  const popup = await openPaymentWindow(page);
  for (const control of controls) await expect(control).toBeDisabled();
  await expect(page.getByRole('status').filter({ hasText: BEING_PAID })).toBeVisible();
  const refused = await page.request.post(`/api/cart/${session.cartId}/add`, {
    headers: bearer(session),
    data: { productId: apparel.id, variantId: variant.id, isUnit: false },
  });
  expect(refused.status()).toBe(409);
  expect((await refused.json()).message).toBe(BEING_PAID);
  expect(await cartLines(page, session)).toEqual(before);

  // Meanwhile the shop's stock of the variant is counted to nothing: the purchase is refused
  // after the card was approved, the payment voided, and the shopper is told.
  const admin = await page.request.post('/api/user/login', { data: { email: ADMIN.email, password: ADMIN.password } });
  const adminToken = (await admin.json()).token as string;
  const setStock = (n: number) =>
    page.request.put(`/api/apparel/variants/${variant.id}/stock`, {
      headers: { Authorization: `Bearer ${adminToken}` },
      data: { availableStock: n },
    });
  expect((await setStock(0)).status()).toBe(200);
  try {
    const closed = popup.waitForEvent('close');
    await payWith(popup, GOOD_CARD);
    await closed;
    await expect(page).toHaveURL(new RegExp(`/profile/cart/${session.cartId}$`));
    const failure = page.getByRole('alert').filter({ hasText: 'Your purchase could not be completed' });
    await expect(failure).toHaveText(
      `Your purchase could not be completed: Only 0 left of ${apparel.title} (${variant.sku}). ` +
        'Your card has not been charged. Review your cart and check out again.',
    );
    // The session has ended: the cart can change again, and nothing was bought.
    await expect(page.getByRole('button', { name: 'Cancel Payment' })).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: BEING_PAID })).toHaveCount(0);
    await expect(controls[2]).toBeEnabled();
    expect(await orders(page, session)).toEqual([]);
    await expectAccessible(page);
  } finally {
    expect((await setStock(variant.availableStock)).status()).toBe(200);
  }
});

test('reloading the cart page with the payment window open cancels the payment, so the cart is not left locked', async ({ page }) => {
  const email = uniqueEmail('reload');
  await signUp(page, email);
  await signIn(page, email);
  const session = await storedSession(page);
  const { product } = await pickProducts(page);
  const profile = await page.request.post('/api/user/userInfo', {
    headers: bearer(session),
    data: {
      firstName: 'Rae',
      lastName: 'Reload',
      phoneNumber: '701-555-0177',
      acceptedTerms: true,
      billingAddress: { street1: '9 Oak St', street2: null, city: 'Fargo', state: 'ND', postalCode: '58102' },
    },
  });
  expect(profile.status()).toBe(200);
  const change = (quantity: number) =>
    page.request.post(`/api/cart/${session.cartId}/updateQuantity`, {
      headers: bearer(session),
      data: { productId: product.id, isUnit: false, quantity },
    });
  expect((await change(1)).status()).toBe(200);

  await page.goto(`/profile/cart/${session.cartId}`);
  const popup = await openPaymentWindow(page);
  expect((await change(2)).status()).toBe(409);
  await page.reload();
  // The cancel went out as the page went (a keepalive request, which Playwright may not list).
  await expect.poll(async () => (await change(2)).status(), { timeout: 5_000 }).toBe(200);
  expect(popup.isClosed()).toBe(true);
  const increase = page.getByRole('button', { name: `Increase cases of ${product.title}` });
  await expect(increase).toBeEnabled();
  await expect(checkoutButton(page)).toBeEnabled();
});
