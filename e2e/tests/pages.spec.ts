import { expect, test } from '@playwright/test';
import { expectAccessible } from './helpers';

const pages: [string, string][] = [
  ['/', 'Light up the night'],
  ['/user/login', 'Sign In'],
  ['/user/register', 'Create your account'],
  ['/about', 'About Us'],
  ['/contact-us', 'Contact Us'],
  ['/cookie-policy', 'Cookie Policy'],
  ['/customer-service', 'Customer Service'],
  ['/faq', 'Frequently asked questions'],
  ['/fireworks-safety', 'Fireworks Safety'],
  ['/privacy-policy', 'Privacy Policy'],
  ['/shipping-info', 'Shipping Info'],
  ['/terms-of-use', 'Terms of Use'],
  ['/events', 'Events'],
  ['/events/new-years', "New Year's Eve"],
  ['/events/gender-reveal', 'Gender Reveal'],
  ['/events/fourth-july', 'Fourth of July'],
  ['/products?page=1&pageSize=25', 'Fireworks'],
  ['/no/such/page', 'Not Found'],
];

for (const [path, heading] of pages) {
  test(`${path} renders "${heading}" with no serious accessibility violation`, async ({ page, baseURL }) => {
    // An unknown page answers 404 (with the app's Not Found page), which the browser reports
    // for that document, and only for it; every known page answers 200.
    const missing = heading === 'Not Found';
    const problems: string[] = [];
    page.on('console', (m) => {
      const documentsOwn404 = missing && m.location().url === `${baseURL}${path}` && m.text().includes('status of 404');
      if ((m.type() === 'error' || m.type() === 'warning') && !documentsOwn404) problems.push(`${m.type()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    const res = await page.goto(path);
    expect(res?.status()).toBe(missing ? 404 : 200);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole('main')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expectAccessible(page);
    expect(problems).toEqual([]);
  });
}

test('the shipping page shows the server rates and the states not shipped to', async ({ page, request }) => {
  const rates = await (await request.get('/api/shipping/rates')).json();
  await page.goto('/shipping-info');
  await expect(page.getByRole('heading', { name: 'Retail orders' })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(3);
  for (const code of rates.nonShippedStates as string[]) {
    await expect(page.getByRole('listitem').filter({ hasText: `(${code})` })).toBeVisible();
  }
  const fee = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(rates.liftGateFee);
  await expect(page.getByText(`adds ${fee}`)).toBeVisible();
});

test('the footer links every information page and shows the location and phone', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  for (const href of ['/about', '/shipping-info', '/contact-us', '/fireworks-safety', '/faq', '/privacy-policy', '/cookie-policy', '/terms-of-use']) {
    await expect(footer.locator(`a[href="${href}"]`)).toHaveCount(1);
  }
  await expect(footer.getByText('Discounts')).toBeVisible();
  await expect(footer.getByText('Reviews')).toBeVisible();
  await expect(footer.getByText(/North Dakota, USA/)).toBeVisible();
  await expect(footer.getByRole('link', { name: /\(\d{3}\) \d{3}-\d{4}/ })).toBeVisible();
});

test('the SPA answers deep links and serves the placeholder image', async ({ page, request }) => {
  // A drawing (issue 32, item 13); "/placeholder.png", the address products store, leads to it.
  const svg = await request.get('/placeholder.png');
  expect(svg.ok()).toBe(true);
  expect(svg.url()).toMatch(/\/placeholder\.svg$/);
  expect(svg.headers()['content-type']).toBe('image/svg+xml');
  expect(await svg.text()).toMatch(/^<svg[\s\S]*<\/svg>$/);
  await page.goto('/events/fourth-july');
  await expect(page.getByRole('heading', { level: 1, name: 'Fourth of July' })).toBeVisible();
});

test('screenshots of the home, sign-in and shipping pages', async ({ page }, testInfo) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Light up the night' })).toBeVisible();
  const home = testInfo.outputPath('home.png');
  await page.screenshot({ path: home, fullPage: true });
  await testInfo.attach('home', { path: home, contentType: 'image/png' });

  await page.goto('/user/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
  const login = testInfo.outputPath('sign-in.png');
  await page.screenshot({ path: login, fullPage: true });
  await testInfo.attach('sign-in', { path: login, contentType: 'image/png' });

  await page.goto('/shipping-info');
  await expect(page.getByRole('heading', { name: 'Combination orders' })).toBeVisible();
  const shipping = testInfo.outputPath('shipping-info.png');
  await page.screenshot({ path: shipping, fullPage: true });
  await testInfo.attach('shipping-info', { path: shipping, contentType: 'image/png' });
});
