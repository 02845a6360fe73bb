import { expect, test, type Page } from '@playwright/test';
import { dataRows, expectAccessible, heading, mainNav, PASSWORD, signInAsAdmin, signIn, signUp, storedSession, submitSignIn, toast, uniqueEmail } from './helpers';
import { mailFiles, resetLinkIn, waitForMail } from './mail';

/** The server's words (api::routes::users::reset, domain::users::reset). */
const RESET_ASKED = 'If an account exists for that e-mail, we have sent it a link to reset the password. The link works for 1 hour.';
const PASSWORD_RESET = 'Your password has been reset. Please log in.';
const LINK_USED = 'This reset link is invalid or has already been used. Please ask for a new one.';
const NEW_PASSWORD = 'New#Sparkler2027';

/** Asks for a reset link on /user/forgot-password (the page shown) and returns the link of the mail that comes. */
async function askForLink(page: Page, email: string): Promise<string> {
  const seen = mailFiles();
  await expect(heading(page, 'Forgot your password?')).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('form', { name: 'Forgot password' }).getByRole('status')).toHaveText(RESET_ASKED);
  const mail = await waitForMail(email, seen);
  expect(mail.headers.subject).toMatch(/reset your password/i);
  return resetLinkIn(mail.text);
}

/** Sets `password` on the page a reset link opened. */
async function setNewPassword(page: Page, password = NEW_PASSWORD): Promise<void> {
  await expect(heading(page, 'Set a new password')).toBeVisible();
  await page.getByLabel('New password').fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Set new password' }).click();
}

test.describe('password reset by mail', () => {
  test('a shopper asks for a link, reads the mail, sets a new password and signs in with it; the old one and the link no longer work', async ({ page }) => {
    const email = uniqueEmail('reset');
    await signUp(page, email);

    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/user\/forgot-password$/);
    await expectAccessible(page);
    const link = await askForLink(page, email);

    await page.goto(link);
    await setNewPassword(page);
    await expect(page.getByRole('status').filter({ hasText: PASSWORD_RESET })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/user\/login$/);

    // The old password no longer signs in; the new one does.
    await submitSignIn(page, email, PASSWORD);
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible();
    await expect(page).toHaveURL(/\/user\/login$/);
    await submitSignIn(page, email, NEW_PASSWORD);
    await expect(page).toHaveURL(/\/products\?page=1&pageSize=25$/);
    await expect(mainNav(page).getByRole('button', { name: 'Logout' })).toBeVisible();
    expect((await storedSession(page)).token).toBeTruthy();

    // A link works once.
    await page.goto(link);
    await setNewPassword(page, 'Third#Rocket2028');
    await expect(page.getByRole('alert').filter({ hasText: LINK_USED })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/user/forgot-password');
  });

  test('a reset ends the session signed in before it, in this browser too', async ({ page }) => {
    const email = uniqueEmail('reset-session');
    await signUp(page, email);
    await signIn(page, email);
    const { token } = await storedSession(page);

    await page.goto('/user/forgot-password');
    const link = await askForLink(page, email);
    await page.goto(link);
    await setNewPassword(page);
    await expect(page.getByRole('status').filter({ hasText: PASSWORD_RESET })).toBeVisible();
    await expect(mainNav(page).getByRole('link', { name: 'Sign In' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('session'))).toBeNull();
    expect((await page.request.get('/api/user/userInfo', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(401);
  });

  test('an address without a token says the link is invalid', async ({ page }) => {
    await page.goto('/reset-password');
    await expect(heading(page, 'Set a new password')).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: LINK_USED })).toBeVisible();
    await expect(page.getByRole('form', { name: 'Reset password' })).toHaveCount(0);
  });

  test('an admin mails a user a link that works 48 hours, and finds it in the outgoing mail', async ({ page }) => {
    const email = uniqueEmail('reset-admin');
    await signUp(page, email);
    await signInAsAdmin(page);

    await page.goto('/admin/users');
    await page.getByLabel('Search users by email or name').fill(email);
    const list = page.getByRole('table', { name: 'All Users' });
    await expect(dataRows(list)).toHaveCount(1);
    await dataRows(list).getByRole('link', { name: `Reset password of ${email}` }).click();
    await expect(heading(page, 'Reset Password')).toBeVisible();
    const form = page.getByRole('form', { name: 'Send reset link' });
    await expect(form.getByLabel('Expires in (hours)')).toHaveValue('24');
    await expectAccessible(page);
    const seen = mailFiles();
    await form.getByLabel('Expires in (hours)').fill('48');
    await form.getByRole('button', { name: 'Send reset link' }).click();
    await expect(toast(page, 'A reset link is on its way to the user.')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/users$/);
    const mail = await waitForMail(email, seen);
    expect(mail.text).toContain('The link works for 48 hours.');
    resetLinkIn(mail.text);

    // The outgoing mail: the sidebar's link and the mail sent (a sent reset link is not kept,
    // so it offers no Resend: the admin sends a new link instead).
    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Outgoing mail' }).click();
    await expect(page).toHaveURL(/\/admin\/mail$/);
    await expect(heading(page, 'Outgoing mail')).toBeVisible();
    const outbox = page.getByRole('table', { name: 'All Mail' });
    const row = dataRows(outbox).filter({ hasText: email }).first();
    await expect(row.getByRole('cell').nth(2)).toHaveText('Sent');
    await expect(row.getByRole('cell').nth(3)).toHaveText('1');
    await expectAccessible(page);
    await expect(row.getByRole('button', { name: /^Resend / })).toHaveCount(0);
  });
});
