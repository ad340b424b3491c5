// The editor's toolbar fits its window in every language: what does not fit moves into "More",
// and every tool still works from there.
import { expect, test, type Page } from '@playwright/test';
import { LOCALES, text } from './catalog';
import { openEditor, toolbarTool } from './editing';
import { saveShot } from './shots';

/** How far the toolbar's furthest child reaches past the toolbar's right edge (≤ 0: it fits). */
function overhang(page: Page): Promise<number> {
  return page.getByTestId('editor-toolbar').evaluate((bar) => {
    const right = bar.getBoundingClientRect().right - parseFloat(getComputedStyle(bar).paddingRight);
    return Math.max(...Array.from(bar.children, (c) => c.getBoundingClientRect().right)) - right;
  });
}

for (const { lang, locale } of LOCALES) {
  for (const width of [900, 1280]) {
    test(`the toolbar fits ${width} px in ${lang}; every tool is on it or under More`, async ({ browser }) => {
      const { context, page } = await openEditor(browser, 'editor', { locale, viewport: { width, height: 800 } });
      try {
        expect(await overhang(page)).toBeLessThanOrEqual(0.5);
        if (width === 1280) await saveShot(page, `editor-toolbar-${lang}`);
        // The map's name keeps room to be read.
        const name = await page.getByRole('heading', { level: 1 }).boundingBox();
        expect(name?.width ?? 0).toBeGreaterThanOrEqual(90);
        // Every tool is reachable, on the bar or in the panel, and works from there.
        const outline = await toolbarTool(page, 'outline-toggle');
        await outline.click();
        await expect(page.getByTestId('outline')).toBeVisible();
        const minimap = await toolbarTool(page, 'minimap-toggle');
        const before = await minimap.getAttribute('aria-pressed');
        await minimap.click();
        await expect(minimap).toHaveAttribute('aria-pressed', before === 'true' ? 'false' : 'true');
        await expect(await toolbarTool(page, 'snap-toggle')).toBeVisible();
        await expect(await toolbarTool(page, 'delete-button')).toBeDisabled();
        if (width === 900) {
          // At 900 px the bar cannot hold them all: the panel opens under "More" and Esc closes it.
          await expect(page.getByTestId('toolbar-more')).toHaveAccessibleName(text(lang, 'editor.toolbar.more'));
          if (!(await page.getByTestId('toolbar-more-panel').isVisible())) await page.getByTestId('toolbar-more').click();
          await saveShot(page, `editor-toolbar-more-${lang}`);
          await page.keyboard.press('Escape');
          await expect(page.getByTestId('toolbar-more-panel')).toBeHidden();
          await expect(page.getByTestId('toolbar-more')).toBeFocused();
        }
      } finally {
        await context.close();
      }
    });
  }
}

test('a wide window shows every tool on the bar, without More', async ({ browser }) => {
  const { context, page } = await openEditor(browser, 'editor', { locale: 'de-DE', viewport: { width: 1920, height: 900 } });
  try {
    await expect(page.getByTestId('outline-toggle')).toBeVisible();
    await expect(page.getByTestId('snap-toggle')).toBeVisible();
    await expect(page.getByTestId('toolbar-more')).toHaveCount(0);
    expect(await overhang(page)).toBeLessThanOrEqual(0.5);
  } finally {
    await context.close();
  }
});
