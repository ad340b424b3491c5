import { expect, test } from '@playwright/test';
import { signInAs } from './accounts';
import { LOCALES, text } from './catalog';
import { saveShot } from './shots';

// A map that is not there says so; only a server out of reach is a matter of the connection.
for (const { lang, locale } of LOCALES) {
  const tr = (key: string) => text(lang, key);

  test.describe(`not found or out of reach in ${lang}`, () => {
    test.use({ locale });

    test('the public map', async ({ page }) => {
      await page.goto(`/m/no-such-map-here-${lang}`);
      await expect(page.getByRole('heading', { name: tr('viewer.notFound') })).toBeVisible();
      await expect(page.getByText(tr('viewer.notFoundText'))).toBeVisible();
      await expect(page.getByText(tr('errors.network'))).toHaveCount(0);

      await page.route('**/api/v1/public/maps/**', (route) => route.abort('internetdisconnected'));
      await page.goto(`/m/out-of-reach-${lang}`);
      await expect(page.getByRole('heading', { name: tr('viewer.failed') })).toBeVisible();
      await expect(page.getByText(tr('errors.network'))).toBeVisible();
      await expect(page.getByText(tr('viewer.notFoundText'))).toHaveCount(0);
      await saveShot(page, `public-map-out-of-reach-${lang}`);
    });

    test('the preview', async ({ page }) => {
      await signInAs(page, 'admin');
      await page.goto('/preview/999999');
      const error = page.getByTestId('preview-error');
      await expect(error.getByRole('heading', { name: tr('editor.notFound') })).toBeVisible();
      await expect(error).toContainText(tr('openFailure.mapNotFoundText'));
      await expect(error).not.toContainText(tr('errors.network'));
      await saveShot(page, `preview-not-found-${lang}`);

      await page.route('**/api/v1/maps/999998', (route) => route.abort('internetdisconnected'));
      await page.goto('/preview/999998');
      await expect(error.getByRole('heading', { name: tr('editor.loadFailed') })).toBeVisible();
      await expect(error).toContainText(tr('errors.network'));
    });

    test('the editor', async ({ page }) => {
      await signInAs(page, 'admin');
      await page.goto('/editor/999999');
      const error = page.getByTestId('editor-error');
      await expect(error.getByRole('heading', { name: tr('editor.notFound') })).toBeVisible();
      await expect(error).toContainText(tr('openFailure.mapNotFoundText'));
      await expect(error).not.toContainText(tr('errors.network'));
      await saveShot(page, `editor-not-found-${lang}`);
    });
  });
}
