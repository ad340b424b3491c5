import { expect, test } from '@playwright/test';
import { createAccount, signIn, uniqueEmail } from './accounts';

// The browser says English; the language shown after a reload comes from the user record.
test.use({ locale: 'en-US' });

test('the language chosen in the top bar applies at once and is kept in the user record', async ({ page, browser, baseURL }) => {
  const email = uniqueEmail('polyglot');
  await createAccount(baseURL ?? '', email, 'copper-meadow-lantern', 'admin');

  await signIn(page, email, 'copper-meadow-lantern');
  await expect(page).toHaveURL(/\/clients\/demo$/);
  await expect(page.getByRole('button', { name: 'Invite user' })).toBeVisible();

  await page.getByLabel('Language').selectOption('de');
  await expect(page.getByRole('button', { name: 'Benutzer einladen' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByTestId('toast-success')).toHaveText('Sprache gespeichert');

  await page.reload();
  await expect(page.getByRole('button', { name: 'Benutzer einladen' })).toBeVisible();
  await expect(page.getByTestId('logout')).toHaveText('Abmelden');

  await page.getByLabel('Sprache').selectOption('fr');
  await expect(page.getByTestId('toast-success')).toHaveText('Langue enregistrée');
  await expect(page.getByRole('button', { name: 'Inviter un utilisateur' })).toBeVisible();

  // Another browser signing in gets the saved language too.
  const context = await browser.newContext({ locale: 'en-US' });
  const other = await context.newPage();
  await signIn(other, email, 'copper-meadow-lantern');
  await expect(other.getByRole('button', { name: 'Inviter un utilisateur' })).toBeVisible();
  await expect(other.getByLabel('Langue')).toHaveValue('fr');
  await context.close();
});
