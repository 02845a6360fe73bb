import { expect, test } from '@playwright/test';
import { expectAccessible, mainNav, PASSWORD, signIn, signUp, submitSignIn, uniqueEmail } from './helpers';

test.describe('sign up, sign in, logout', () => {
  test('a visitor signs up, signs in, sees the signed-in navigation and logs out', async ({ page }) => {
    const email = uniqueEmail();
    await signUp(page, email);

    // The sign-in form arrives with the address filled in, kept out of the URL, and the
    // confirmation sits in the page, clear of the navigation bar.
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await expect(page.getByLabel('Password')).toHaveValue('');
    expect(page.url()).not.toContain(encodeURIComponent(email));
    const notice = await page.getByText('Account created successfully! Please log in.').boundingBox();
    const navBox = await page.locator('header').first().boundingBox();
    expect(notice && navBox && notice.y >= navBox.y + navBox.height).toBe(true);

    await submitSignIn(page, email);
    await expect(page).toHaveURL(/\/products\?page=1&pageSize=25$/);

    const nav = mainNav(page);
    await expect(nav.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    const cart = nav.getByRole('link', { name: /^Cart, \d+ items?$/ });
    await expect(cart).toHaveAttribute('href', /^\/profile\/cart\/[0-9a-f-]{36}$/);
    await expect(nav.getByTestId('cart-badge')).toHaveText('0');
    await expect(nav.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Admin' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Sign In' })).toHaveCount(0);

    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('session') ?? 'null'));
    expect(stored.userInfo.email).toBe(email);
    expect(stored.expiresAt - Date.now()).toBeGreaterThan(23.9 * 3600 * 1000);

    // The session survives a reload.
    await page.reload();
    await expect(nav.getByRole('button', { name: 'Logout' })).toBeVisible();

    await nav.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(nav.getByRole('link', { name: 'Sign In' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Sign Up' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('session'))).toBeNull();
  });

  test('registration errors show only after the first submit', async ({ page }) => {
    await page.goto('/user/register');
    await page.getByLabel('Email').fill('not-an-email');
    await expect(page.getByText('invalid email')).toHaveCount(0);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByText('invalid email')).toBeVisible();
    await expect(page.getByText('Must have at least 1 character')).toHaveCount(2);
    await page.getByLabel('Password', { exact: true }).fill('weakpass');
    await expect(
      page.getByText('Your password must contain at least 1 capital, lowercase, number & special character #?!@$%^&*-'),
    ).toBeVisible();
  });

  test('registering the same address twice shows the server message', async ({ page }) => {
    const email = uniqueEmail('twice');
    await signUp(page, email);
    await page.goto('/user/register');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByText(/already registered/i)).toBeVisible();
    await expect(page).toHaveURL(/\/user\/register$/);
  });

  test('a wrong password shows the server message', async ({ page }) => {
    await page.goto('/user/login');
    await submitSignIn(page, 'nobody@example.com', 'Wrong#Pass1');
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible();
    await expect(page).toHaveURL(/\/user\/login$/);
  });

  test('the admin sees the Admin link and dashboard; a customer does not', async ({ page }) => {
    await signIn(page, 'admin@example.com', 'Admin#2026pass');
    const nav = mainNav(page);
    await nav.getByRole('link', { name: 'Admin' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expectAccessible(page);
    await nav.getByRole('button', { name: 'Logout' }).click();
    await expect(nav.getByRole('link', { name: 'Admin' })).toHaveCount(0);

    const email = uniqueEmail('customer');
    await signUp(page, email);
    await submitSignIn(page, email);
    await expect(nav.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Admin' })).toHaveCount(0);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/\?redirect=%2Fadmin$/);
  });
});

test('an expired or malformed stored session is cleared on load', async ({ page }) => {
  await page.goto('/');
  for (const value of [
    JSON.stringify({
      token: 'old',
      userInfo: { id: 'u', email: 'old@example.com', role: 'USER', Cart: { id: 'c', userId: 'u' } },
      expiresAt: Date.now() - 1000,
    }),
    '{not json',
    JSON.stringify({ token: 'x', expiresAt: Date.now() + 60_000 }),
  ]) {
    await page.evaluate((v) => localStorage.setItem('session', v), value);
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/\?redirect=%2Fprofile$/);
    await expect(mainNav(page).getByRole('link', { name: 'Sign In' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('session'))).toBeNull();
  }
});
