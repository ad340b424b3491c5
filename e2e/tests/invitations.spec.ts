import { expect, test } from '@playwright/test';
import { inviteNewAddress, signInAs, uniqueEmail } from './accounts';
import { waitForLink } from './outbox';

test.use({ locale: 'en-US' });

test('an admin invites a new address, which accepts and lands signed in', async ({ page, browser, baseURL }) => {
  const email = uniqueEmail('invited');
  await signInAs(page, 'admin');
  await expect(page).toHaveURL(/\/clients\/demo$/);

  await page.getByRole('button', { name: 'Invite user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a user to Demo organisation' });
  await dialog.getByLabel('E-mail address').fill('not-an-address');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog.getByText('Enter a valid e-mail address.')).toBeVisible();

  await dialog.getByLabel('E-mail address').fill(email);
  await dialog.getByLabel('Role').selectOption('student');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('toast-success')).toHaveText(`Invitation sent to ${email} as Student.`);

  // An address with an account is invited too: nobody is added before accepting.
  await page.getByRole('button', { name: 'Invite user' }).click();
  await page.getByRole('dialog').getByLabel('E-mail address').fill('editor@demo.example.org');
  await page.getByRole('dialog').getByLabel('Role').selectOption('editor');
  await page.getByRole('dialog').getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByTestId('toast-success').last()).toHaveText(
    'editor@demo.example.org has an account: they were sent an invitation to accept as Editor.',
  );

  const link = await waitForLink(email, '/register');
  expect(new URL(link).origin).toBe(new URL(baseURL ?? '').origin);

  const context = await browser.newContext({ locale: 'en-US' });
  const fresh = await context.newPage();
  await fresh.goto(link);
  await expect(fresh.getByRole('heading', { level: 1, name: 'Set your password' })).toBeVisible();
  await expect(fresh.getByTestId('invitation-summary')).toHaveText('You were invited to Demo organisation as Student.');
  await expect(fresh.getByTestId('invitation-email')).toHaveText(email);

  const password = fresh.getByLabel('New password', { exact: true });
  const confirmation = fresh.getByLabel('Confirm password', { exact: true });
  await password.fill('short');
  await confirmation.fill('other');
  await fresh.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(fresh.getByText('The password must have at least 8 characters.')).toBeVisible();
  await expect(fresh.getByText('The two passwords do not match.')).toBeVisible();
  await expect(password).toBeFocused();

  // A common password is refused by the server, the field says why.
  await password.fill('password123');
  await confirmation.fill('password123');
  await fresh.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(fresh.getByText('This password is too common: it is among the first ones an attacker tries. Choose another.')).toBeVisible();

  // Long enough, but a word with a year, or the invitee's own address: too easy to guess.
  for (const weak of ['Student2024!', email]) {
    await password.fill(weak);
    await confirmation.fill(weak);
    await fresh.getByRole('button', { name: 'Accept invitation' }).click();
    await expect(password).toHaveAccessibleDescription(/too easy to guess: it resembles your name, your e-mail address/);
  }

  await password.fill('a-long-quiet-lantern');
  await confirmation.fill('a-long-quiet-lantern');
  await fresh.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(fresh).toHaveURL(/\/clients\/demo$/);
  await expect(fresh.getByRole('heading', { level: 1 })).toHaveText('Demo organisation');
  await expect(fresh.getByTestId('user-name')).not.toBeEmpty();
  expect(await fresh.evaluate(() => localStorage.getItem('strata.userId'))).toMatch(/^\d+$/);

  // The link works once.
  await fresh.goto(link);
  await expect(fresh.getByRole('heading', { level: 1 })).toHaveText('Invitation invalid or expired');
  await context.close();
});

test('an invitation can be declined, after which its links no longer work', async ({ browser, baseURL }) => {
  const email = uniqueEmail('declining');
  const { register, decline } = await inviteNewAddress(baseURL ?? '', email, 'guest');

  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  await page.goto(register);
  await page.getByRole('link', { name: 'Decline the invitation' }).click();
  await expect(page).toHaveURL(decline);

  await expect(page.getByRole('heading', { level: 1, name: 'Decline the invitation' })).toBeVisible();
  await expect(page.getByTestId('invitation-summary')).toHaveText(`${email} was invited to Demo organisation as Guest.`);
  await page.getByRole('button', { name: 'Decline invitation' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Invitation declined');
  await expect(page.getByText('You will not be added to Demo organisation.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');

  await page.goto(register);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Invitation invalid or expired');
  await expect(page.getByText('Ask your administrator for a new one.')).toBeVisible();
  await page.goto(decline);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Invitation invalid or expired');
  await context.close();
});

test('a link without a token is reported as invalid', async ({ page }) => {
  await page.goto('/register');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Invitation invalid or expired');
  await page.goto('/register?token=made-up');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Invitation invalid or expired');
});
