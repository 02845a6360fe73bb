import { expect, test } from '@playwright/test';
import { expectAccessible, mainNav, signUp, submitSignIn, uniqueEmail } from './helpers';

test('the guard sends a visitor to / with the address and brings them back after sign-in', async ({ page }) => {
  const email = uniqueEmail('guard');
  await signUp(page, email);

  await page.goto('/profile');
  await expect(page).toHaveURL(/\/\?redirect=%2Fprofile$/);
  await expect(page.getByRole('alert').filter({ hasText: 'Please sign in to continue.' })).toBeVisible();

  await mainNav(page).getByRole('link', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/user\/login\?redirect=%2Fprofile$/);
  await submitSignIn(page, email);

  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your Account' })).toBeVisible();
  await expectAccessible(page);
});

test('a redirect to another origin is ignored after sign-in', async ({ page }) => {
  const email = uniqueEmail('evil');
  await signUp(page, email);
  await page.goto(`/user/login?redirect=${encodeURIComponent('//evil.example/steal')}`);
  await submitSignIn(page, email);
  await expect(page).toHaveURL(/\/products\?page=1&pageSize=25$/);
});
