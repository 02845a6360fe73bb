import { expect, test } from '@playwright/test';
import { appStarted } from './helpers';

test('the default theme is light and a chosen theme survives a reload', async ({ page }) => {
  await page.goto('/');
  await appStarted(page);
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-theme', 'light');

  const chooser = page.getByRole('combobox', { name: 'Theme' });
  await expect(chooser.locator('option')).toHaveCount(28);
  await chooser.selectOption('dark');
  await expect(html).toHaveAttribute('data-theme', 'dark');
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');

  await page.reload();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByRole('combobox', { name: 'Theme' })).toHaveValue('dark');
});
