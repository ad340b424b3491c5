import { expect, test } from '@playwright/test';
import { signInAs } from './accounts';

test.use({ locale: 'en-US' });

test.describe('signed out', () => {
  // An unknown address shows the not-found page instead (links.spec.ts).
  for (const path of ['/', '/clients', '/clients/demo', '/clients/acme', '/editor/1']) {
    test(`${path} leads to the login page`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    });
  }

  for (const path of ['/reset-password', '/register', '/decline']) {
    test(`${path} is open`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
    });
  }

  test('a stale stored user id is cleared and leads to login', async ({ page }) => {
    await page.goto('/login');
    await page.evaluate(() => {
      localStorage.setItem('strata.userId', '999999');
    });
    await page.goto('/clients');
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('strata.userId'))).toBeNull();
  });
});

test('a user of one client goes from / and from /clients to its map overview', async ({ page }) => {
  await signInAs(page, 'editor');
  await expect(page).toHaveURL(/\/clients\/demo$/);

  await page.goto('/');
  await expect(page).toHaveURL(/\/clients\/demo$/);

  await page.goto('/clients');
  await expect(page).toHaveURL(/\/clients\/demo$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Demo organisation');
  // The overview would only send them back here, so the top bar does not offer it, and asking
  // for more access is offered on the map overview instead.
  await expect(page.getByRole('link', { name: 'Clients', exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Ask for access' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ask for access to Demo organisation' });
  await expect(dialog).toContainText('Your role in Demo organisation is Editor.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Invite user' })).toHaveCount(0);
});

test('a superuser goes from / to the clients overview and may open any client', async ({ page }) => {
  await signInAs(page, 'superuser');
  await expect(page).toHaveURL(/\/clients$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/clients$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible();

  await page.getByTestId('client-row-demo').getByRole('link', { name: 'Demo organisation' }).click();
  await expect(page).toHaveURL(/\/clients\/demo$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Demo organisation');
  await page.getByRole('link', { name: 'Clients', exact: true }).click();
  await expect(page).toHaveURL(/\/clients$/);
});

test('an unknown client shows a not-found state', async ({ page }) => {
  await signInAs(page, 'editor');
  await page.goto('/clients/no-such-client');
  await expect(page.getByTestId('client-not-found')).toContainText('There is no client “no-such-client” for you');
  await page.getByRole('link', { name: 'Back to the start' }).click();
  await expect(page).toHaveURL(/\/clients\/demo$/);
});
