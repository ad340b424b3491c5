// The editor's keyboard path (browser audit): a "Skip to the map" link is the first Tab stop,
// the toolbar is one Tab stop whose arrow keys move between its controls, and a control that
// cannot be used says why where a keyboard user sees it (not only in a mouse's title tooltip).
import { expect, test, type Page } from '@playwright/test';
import { LOCALES, text } from './catalog';
import { openEditor } from './editing';
import { saveShot } from './shots';

/** The focused element's test id (or tag), after one more Tab. */
async function tab(page: Page): Promise<string> {
  await page.keyboard.press('Tab');
  return page.evaluate(() => {
    const el = document.activeElement;
    return el?.getAttribute('data-testid') ?? el?.tagName.toLowerCase() ?? '';
  });
}

for (const { lang, locale } of LOCALES) {
  test(`the first Tab stop skips to the map (${lang})`, async ({ browser }) => {
    const { context, page } = await openEditor(browser, 'editor', { locale, viewport: { width: 1280, height: 800 } });
    try {
      // From the page's start: past the app's header, the skip link comes before the toolbar.
      await page.getByTestId('editor').evaluate((el) => {
        (el as HTMLElement).tabIndex = -1;
        (el as HTMLElement).focus();
      });
      expect(await tab(page)).toBe('skip-to-canvas');
      const skip = page.getByTestId('skip-to-canvas');
      await expect(skip).toHaveText(text(lang, 'editor.skipToCanvas'));
      await expect(skip).toBeInViewport();
      await page.keyboard.press('Enter');
      await expect(page.getByTestId('editor-canvas')).toBeFocused();
    } finally {
      await context.close();
    }
  });
}

test('the toolbar is one Tab stop; arrows move within it, and a disabled tool says why on focus', async ({ browser }) => {
  const { context, page } = await openEditor(browser, 'editor', { viewport: { width: 1280, height: 800 } });
  try {
    await page.getByTestId('skip-to-canvas').focus();
    // Counted from the skip link to the canvas: the toolbar is one stop, then the side menu's options.
    const stops: string[] = [];
    for (let i = 0; i < 80; i++) {
      const at = await tab(page);
      if (at === 'editor-canvas') break;
      stops.push(at);
    }
    const inToolbar = await page.getByTestId('editor-toolbar').evaluate((bar, ids) => {
      const focusable = [...bar.querySelectorAll<HTMLElement>('button, select, a[href], input')].filter((el) => el.tabIndex >= 0);
      return { focusable: focusable.length, visited: ids.filter((id) => bar.querySelector(`[data-testid="${id}"]`) !== null).length };
    }, stops);
    expect(inToolbar.focusable).toBe(1);
    expect(inToolbar.visited).toBeLessThanOrEqual(1);
    expect(stops.length).toBeLessThan(48);

    // Arrow keys walk the bar; the clone tool cannot run with nothing selected, and says why.
    await page.getByTestId('tool-select').focus();
    let reached = false;
    for (let i = 0; i < 30 && !reached; i++) {
      await page.keyboard.press('ArrowRight');
      reached = await page.getByTestId('clone-button').evaluate((el) => el === document.activeElement);
    }
    expect(reached).toBe(true);
    const clone = page.getByTestId('clone-button');
    await expect(clone).toBeDisabled();
    await expect(clone).toHaveAccessibleDescription(text('en', 'editor.commands.unavailable.clone'));
    await expect(page.getByRole('tooltip').filter({ hasText: text('en', 'editor.commands.unavailable.clone') })).toBeVisible();
    await saveShot(page, 'editor-disabled-reason-en');
  } finally {
    await context.close();
  }
});
