// Links to a node open the map on it, in the editor and signed out in the public map; every page
// has a title naming the map or the screen; an unknown address says so instead of the login.
import { expect, test } from '@playwright/test';
import { LOCALES, text } from './catalog';
import { openEditor, waitForEditor, type HookWindow } from './editing';
import { searchMap } from './searchMap';
import { saveShot } from './shots';

test.describe('links to a node', () => {
  test.use({ locale: 'en-US' });

  test('the editor opens a link with the node selected at the level asked, and copies one', async ({ browser }) => {
    const { context, page } = await openEditor(browser, 'editor');
    try {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      const name = `Linked ${Date.now() % 100000}`;
      const map = await searchMap(page.request, name);
      await page.goto(`/editor/${map.id}?node=${map.deep}&level=3`);
      await waitForEditor(page);
      await expect.poll(() => page.evaluate(() => (window as HookWindow).__strataEditor?.selectedNodes())).toEqual([map.deep]);
      expect(await page.evaluate(() => (window as HookWindow).__strataEditor?.level())).toBe(3);
      await expect(page).toHaveTitle(`${name} · Strata`);

      await page.getByTestId('copy-node-link').click();
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(new URL(copied).pathname).toBe(`/editor/${map.id}`);
      expect(new URL(copied).searchParams.get('node')).toBe(String(map.deep));
    } finally {
      await context.close();
    }
  });

  test('signed out, the public map opens a link with the node’s popup, in the language asked', async ({ browser }) => {
    const { context, page } = await openEditor(browser, 'editor');
    const name = `Public link ${Date.now() % 100000}`;
    const map = await searchMap(page.request, name);
    const address = `link-${Date.now().toString(36)}`;
    expect(
      (await page.request.patch(`/api/v1/maps/${map.id}/publication`, { data: { url: address, access_mode: 'accessible' } })).ok(),
    ).toBe(true);
    expect((await page.request.patch(`/api/v1/maps/${map.id}/live`, { data: { live: true } })).ok()).toBe(true);
    expect((await page.request.post(`/api/v1/maps/${map.id}/publish`, { data: { name: 'Links' } })).ok()).toBe(true);
    const reader = await browser.newContext({ locale: 'en-US' });
    try {
      const readerPage = await reader.newPage();
      await readerPage.goto(`/m/${address}?node=${map.deep}`);
      await expect(readerPage.getByTestId('node-popup').getByRole('heading')).toHaveText('Main street');
      await expect(readerPage).toHaveTitle(`${name} · Strata`);
      await readerPage.goto(`/m/${address}?node=${map.deep}&lang=de&level=3`);
      await expect(readerPage.getByTestId('node-popup').getByRole('heading')).toHaveText('Müllers Hauptstraße');
      await expect(readerPage.getByTestId('viewer-level')).toContainText('3');
    } finally {
      await page.request.patch(`/api/v1/maps/${map.id}/live`, { data: { live: false } });
      await reader.close();
      await context.close();
    }
  });
});

for (const { lang, locale } of LOCALES) {
  test(`an unknown address shows the not-found page, not the login (${lang}, screenshot)`, async ({ browser }) => {
    const context = await browser.newContext({ locale });
    try {
      const page = await context.newPage();
      await page.goto('/no/such/page');
      await expect(page.getByTestId('not-found')).toBeVisible();
      await expect(page.getByRole('heading', { name: text(lang, 'notFound.title') })).toBeVisible();
      expect(new URL(page.url()).pathname).toBe('/no/such/page');
      await expect(page).toHaveTitle(`${text(lang, 'pageTitle.notFound')} · Strata`);
      await saveShot(page, `not-found-${lang}`);
    } finally {
      await context.close();
    }
  });
}
