import { expect, test, type Page } from '@playwright/test';
import { mainNav, orderNumber, signIn, signUp, storedSession, uniqueEmail } from './helpers';

// Checkout with Stripe as the payment provider (a second shop, started by start-stripe-server.sh
// against localstripe, a Stripe emulator). The payment window loads the emulator's Stripe.js
// under the window's Content-Security-Policy, its card element takes the card, the shop puts
// the card to the PaymentIntent, and the bank's 3-D Secure is answered in Stripe.js's dialog.

type Session = Awaited<ReturnType<typeof storedSession>>;

interface ApiProduct {
  id: string;
  inStock: boolean;
  unitProduct: { availableStock: number } | null;
}

const GOOD_CARD = '4242424242424242';
/** Stripe's test card whose bank asks for 3-D Secure. */
const SECURE_CARD = '4000000000003220';
/** Declined when charged (the emulator's card_declined). */
const DECLINED_CARD = '4000000000000341';

const bearer = (s: Session) => ({ Authorization: `Bearer ${s.token}` });

/** A signed-in buyer with a complete profile and one unit of an in-stock product in the cart. */
async function buyerWithACart(page: Page, prefix: string): Promise<Session> {
  const email = uniqueEmail(prefix);
  await signUp(page, email);
  await signIn(page, email);
  const session = await storedSession(page);
  const products = (await (await page.request.get('/api/products?page=1&pageSize=100')).json()).contents as ApiProduct[];
  const product = products.find((p) => p.inStock && (p.unitProduct?.availableStock ?? 0) >= 5);
  expect(product, 'a unit product in stock in the demo catalogue').toBeTruthy();
  const profile = await page.request.post('/api/user/userInfo', {
    headers: bearer(session),
    data: {
      firstName: 'Sam',
      lastName: 'Stripe',
      dateOfBirth: '1985-02-03',
      phoneNumber: '701-555-0142',
      acceptedTerms: true,
      billingAddress: { street1: '400 Broadway N', street2: null, city: 'Fargo', state: 'ND', postalCode: '58102' },
    },
  });
  expect(profile.status()).toBe(200);
  const added = await page.request.post(`/api/cart/${session.cartId}/add`, {
    headers: bearer(session),
    data: { productId: product!.id, cartId: session.cartId, isUnit: true },
  });
  expect(added.status()).toBe(200);
  await page.goto(`/profile/cart/${session.cartId}`);
  await expect(mainNav(page).getByTestId('cart-badge')).toHaveText('1');
  return session;
}

/** Checkout, and the Stripe window it opens with the emulator's card element mounted. */
async function openStripeWindow(page: Page): Promise<Page> {
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Checkout', exact: true }).click();
  const popup = await popupOpened;
  await expect(popup).toHaveURL(/\/pay\/[0-9a-f]{64}$/);
  await expect(popup.getByRole('heading', { level: 1, name: 'Card payment' })).toBeVisible();
  // The emulator's Stripe.js replaced the element with its own fields: it loaded under the CSP.
  await expect(popup.locator('#card-element input')).toHaveCount(5);
  return popup;
}

/** Types a card into the emulator's card element and presses Pay. */
async function payWith(popup: Page, card: string): Promise<void> {
  const element = popup.locator('#card-element');
  await element.getByPlaceholder('number').fill(card);
  await element.getByPlaceholder('exp_month').fill('12');
  await element.getByPlaceholder('exp_year').fill('34');
  await element.getByPlaceholder('cvc').fill('123');
  await element.getByPlaceholder('postal_code').fill('58102');
  await popup.getByRole('button', { name: /^Pay \$/ }).click();
}

async function expectOrderPage(page: Page, session: Session): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`/profile/cart/${session.cartId}/success\\?order=[0-9a-f-]{36}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeVisible();
  const orderId = new URL(page.url()).searchParams.get('order')!;
  await expect(page.getByText(`Your order number is ${orderNumber(orderId)}.`)).toBeVisible();
  const order = await page.request.get(`/api/orders/${orderId}`, { headers: bearer(session) });
  expect(order.status()).toBe(200);
  expect((await order.json()).itemCount).toBe(1);
}

test('a card payment through the Stripe window ends on the success page with the order number', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  const session = await buyerWithACart(page, 'stripe');
  const popup = await openStripeWindow(page);
  popup.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  const closed = popup.waitForEvent('close');
  await payWith(popup, GOOD_CARD);
  await closed;
  await expectOrderPage(page, session);
  expect(violations).toEqual([]);
});

test('a declined card is said in the window; a card whose bank asks is confirmed in Stripe.js and bought', async ({ page }) => {
  test.setTimeout(60_000);
  const session = await buyerWithACart(page, 'stripe-3ds');
  let popup = await openStripeWindow(page);
  await payWith(popup, DECLINED_CARD);
  await expect(popup.getByRole('status')).toHaveText(/declined/i);
  await expect(popup.getByRole('button', { name: /^Pay \$/ })).toBeEnabled();
  // The window's Cancel resets the cart's checkout.
  const cancelled = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Cancel' }).click();
  await cancelled;
  await expect(page.getByRole('button', { name: 'Checkout', exact: true })).toBeEnabled();

  popup = await openStripeWindow(page);
  const closed = popup.waitForEvent('close');
  await payWith(popup, SECURE_CARD);
  // The emulator's Stripe.js asks the bank's question in a dialog of its own.
  await popup.getByRole('button', { name: 'Complete authentication' }).click();
  await closed;
  await expectOrderPage(page, session);
});
