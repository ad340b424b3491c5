import { expect, test } from '@playwright/test';
import { saveShot } from './shots';

test.describe('large-screen notice', () => {
  test.use({ locale: 'en-US', viewport: { width: 800, height: 700 } });

  test('replaces the app on a narrow screen and follows resizes', async ({ page }) => {
    await page.goto('/login');

    const notice = page.getByTestId('large-screen-notice');
    await expect(notice).toBeVisible();
    await expect(notice.getByRole('heading', { level: 1 })).toHaveText('Please use a larger screen');
    await expect(notice).toContainText('Strata is optimised for larger screens');
    await expect(notice).toContainText('900');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeHidden();
    await saveShot(page, 'large-screen-notice');

    await page.setViewportSize({ width: 900, height: 700 });
    await expect(notice).toBeHidden();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();

    await page.setViewportSize({ width: 899, height: 700 });
    await expect(page.getByTestId('large-screen-notice')).toBeVisible();
  });

  test.describe('in German', () => {
    test.use({ locale: 'de-DE' });

    test('is translated', async ({ page }) => {
      await page.goto('/login');
      await expect(page.getByTestId('large-screen-notice')).toContainText('Strata ist für größere Bildschirme optimiert');
    });
  });
});
