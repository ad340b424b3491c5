import { expect, test, type Page } from '@playwright/test';
import { createAccount, inviteNewAddress, signIn, signInAs, uniqueEmail } from './accounts';
import { LOCALES, text } from './catalog';
import { outboxFiles, waitForLink } from './outbox';
import { saveShot } from './shots';

test.describe('large-screen notice', () => {
  test.use({ locale: 'en-US', viewport: { width: 800, height: 700 } });

  test('replaces the editor on a narrow screen and follows resizes', async ({ page }) => {
    await signInAs(page, 'admin');
    await page.goto('/editor/999999');

    const notice = page.getByTestId('large-screen-notice');
    await expect(notice).toBeVisible();
    await expect(notice.getByRole('heading', { level: 1 })).toHaveText('Please use a larger screen');
    await expect(notice).toContainText('Strata is optimised for larger screens');
    await expect(notice).toContainText('900');
    await expect(page.getByTestId('editor-error')).toBeHidden();
    await saveShot(page, 'large-screen-notice');

    await page.setViewportSize({ width: 900, height: 700 });
    await expect(notice).toBeHidden();
    await expect(page.getByTestId('editor-error')).toBeVisible();

    await page.setViewportSize({ width: 899, height: 700 });
    await expect(page.getByTestId('large-screen-notice')).toBeVisible();
  });

  test.describe('in German', () => {
    test.use({ locale: 'de-DE' });

    test('is translated', async ({ page }) => {
      await signInAs(page, 'admin');
      await page.goto('/editor/999999');
      await expect(page.getByTestId('large-screen-notice')).toContainText('Strata ist für größere Bildschirme optimiert');
    });
  });
});

/** The page is as wide as the phone: nothing sticks out sideways. */
async function fitsWidth(page: Page): Promise<void> {
  await expect(page.getByTestId('large-screen-notice')).toHaveCount(0);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

// What a person reaches from an e-mail is finished on a phone; only the editor needs a large screen.
for (const { lang, locale } of LOCALES) {
  const tr = (key: string, values?: Record<string, string | number>) => text(lang, key, values);

  test.describe(`on a phone in ${lang}`, () => {
    test.use({ locale, viewport: { width: 375, height: 800 } });

    test('an invitation is accepted by registering', async ({ page, baseURL }) => {
      const email = uniqueEmail(`phone-${lang}`);
      const { register } = await inviteNewAddress(baseURL ?? '', email, 'editor');
      await page.goto(register);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('register.title'));
      await fitsWidth(page);
      await saveShot(page, `phone-register-${lang}`);
      await page.getByLabel(tr('password.new'), { exact: true }).fill('a-quiet-lantern-by-the-sea');
      await page.getByLabel(tr('password.confirm'), { exact: true }).fill('a-quiet-lantern-by-the-sea');
      await page.getByRole('button', { name: tr('register.submit') }).click();
      await expect(page).not.toHaveURL(/\/register/);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await fitsWidth(page);
      await saveShot(page, `phone-after-register-${lang}`);
    });

    test('a password is reset', async ({ page, baseURL }) => {
      const email = uniqueEmail(`phone-reset-${lang}`);
      await createAccount(baseURL ?? '', email, 'the-first-quiet-lantern');
      await page.goto('/reset-password');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('resetPassword.title'));
      await fitsWidth(page);
      const before = await outboxFiles(email);
      await page.getByLabel(tr('login.email'), { exact: true }).fill(email);
      await page.getByRole('button', { name: tr('resetPassword.send') }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('resetPassword.sentTitle'));

      await page.goto(await waitForLink(email, '/reset-password', { exclude: before }));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('resetPassword.chooseTitle'));
      await fitsWidth(page);
      await saveShot(page, `phone-reset-choose-${lang}`);
      await page.getByLabel(tr('password.new'), { exact: true }).fill('second-quiet-lantern');
      await page.getByLabel(tr('password.confirm'), { exact: true }).fill('second-quiet-lantern');
      await page.getByRole('button', { name: tr('resetPassword.save') }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('resetPassword.doneTitle'));

      await signIn(page, email, 'second-quiet-lantern');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await fitsWidth(page);
    });

    test('the account pages open', async ({ page }) => {
      await page.goto('/login');
      await fitsWidth(page);
      await saveShot(page, `phone-login-${lang}`);
      await signInAs(page, 'admin');
      for (const [path, name] of [
        ['/clients/demo', 'overview'],
        ['/clients/demo/settings', 'client-settings'],
        ['/settings', 'user-settings'],
      ] as const) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await fitsWidth(page);
        await saveShot(page, `phone-${name}-${lang}`);
      }
    });
  });
}
