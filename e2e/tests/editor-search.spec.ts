// Searching the map in the editor: Ctrl/⌘+F opens a field over the map (not the browser's find)
// that finds nodes by title and search terms in every language, accents and case folded, and
// jumps to one at a level where it is visible.
import { expect, test, type Page } from '@playwright/test';
import { LOCALES } from './catalog';
import { openEditor, waitForEditor, type HookWindow } from './editing';
import { searchMap } from './searchMap';
import { saveShot } from './shots';

const hook = (page: Page) => ({
  selected: () => page.evaluate(() => (window as HookWindow).__strataEditor?.selectedNodes() ?? []),
  level: () => page.evaluate(() => (window as HookWindow).__strataEditor?.level() ?? 0),
});

test.describe('search in the editor', () => {
  test.use({ locale: 'en-US' });

  test('Ctrl+F finds a German title with accents folded and jumps to it at a level where it shows', async ({ browser }) => {
    const { context, page } = await openEditor(browser, 'editor');
    try {
      const map = await searchMap(page.request, `Search ${Date.now() % 100000}`);
      await page.goto(`/editor/${map.id}`);
      await waitForEditor(page);
      expect(await hook(page).level()).toBe(1);

      await page.getByTestId('editor-canvas').click({ position: { x: 5, y: 5 } });
      await page.keyboard.press('Control+f');
      const field = page.getByTestId('editor-search-field');
      await expect(field).toBeFocused();
      await field.fill('MULLERS HAUPTSTRASSE');
      const hits = page.getByTestId('editor-search-hit');
      await expect(hits).toHaveCount(1);
      // The title in the canvas language, with the language it matched in.
      await expect(hits.first()).toContainText('Main street');
      await expect(hits.first()).toContainText('Deutsch');
      await page.keyboard.press('Enter');
      await expect.poll(hook(page).selected).toEqual([map.deep]);
      expect(await hook(page).level()).toBe(2);
      await expect(page.getByTestId('level-select')).toHaveValue('2');

      // A search term, then a click on the hit; Esc closes the field.
      await field.fill('backerei');
      await expect(hits).toHaveCount(1);
      await field.fill('rat');
      await hits.first().click();
      await expect.poll(hook(page).selected).toEqual([map.top]);
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('editor-search')).toBeHidden();
      // Esc with the search closed goes to the canvas again: it clears the selection.
      await page.keyboard.press('Escape');
      await expect.poll(hook(page).selected).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

for (const { lang, locale } of LOCALES) {
  test(`the editor's search in ${lang} (screenshot)`, async ({ browser }) => {
    const { context, page } = await openEditor(browser, 'editor', { locale });
    try {
      const map = await searchMap(page.request, `Search ${lang} ${Date.now() % 100000}`);
      await page.goto(`/editor/${map.id}`);
      await waitForEditor(page);
      await page.keyboard.press('Control+f');
      await page.getByTestId('editor-search-field').fill('a');
      await expect(page.getByTestId('editor-search-hit')).toHaveCount(2);
      await saveShot(page, `editor-search-${lang}`);
    } finally {
      await context.close();
    }
  });
}
