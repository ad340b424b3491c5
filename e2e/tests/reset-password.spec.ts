import { expect, test } from '@playwright/test';
import { createAccount, signIn, uniqueEmail } from './accounts';
import { outboxFiles, waitForLink } from './outbox';

test.use({ locale: 'en-US' });

test('a password is reset with the link from the mail', async ({ page, baseURL }) => {
  const email = uniqueEmail('forgetful');
  await createAccount(baseURL ?? '', email, 'the-first-quiet-lantern');

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reset your password');

  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByText('This field is required.')).toBeVisible();

  const before = await outboxFiles(email);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check your e-mail');
  await expect(page.getByTestId('reset-sent')).toHaveText(
    `If an account exists for ${email}, we sent an e-mail with a link to choose a new password.`,
  );

  const link = await waitForLink(email, '/reset-password', { exclude: before });
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose a new password');

  await page.getByLabel('New password', { exact: true }).fill('the-second-quiet-lantern');
  await page.getByLabel('Confirm password', { exact: true }).fill('the-second-quiet-lantren');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('The two passwords do not match.')).toBeVisible();

  await page.getByLabel('Confirm password', { exact: true }).fill('the-second-quiet-lantern');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Password changed');

  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login$/);
  // One wrong attempt on this account: the old password is gone.
  await page.getByLabel('E-mail address', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('the-first-quiet-lantern');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('The e-mail address or password is incorrect.');

  await signIn(page, email, 'the-second-quiet-lantern');
  await expect(page).toHaveURL(/\/clients\/demo$/);

  // The link works once; then it offers to request a new one.
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('the-third-quiet-lantern');
  await page.getByLabel('Confirm password', { exact: true }).fill('the-third-quiet-lantern');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Link invalid or expired');
  await expect(page.getByText('This link is invalid or has expired — request a new one.')).toBeVisible();
  await page.getByRole('button', { name: 'Request a new link' }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reset your password');
});

test('an unknown address gets the same answer', async ({ page }) => {
  await page.goto('/reset-password');
  await page.getByLabel('E-mail address').fill('nobody-at-all@e2e.example.org');
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check your e-mail');
});
