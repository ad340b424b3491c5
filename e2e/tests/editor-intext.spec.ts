// Text on the canvas: a node's title edited in place (double-click, or Enter on the selected
// node), saved on Enter or a click elsewhere and seen live by another editor, cancelled by Esc,
// undone by Ctrl+Z; and the canvas language switch, with titles missing in it shown dimmed.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { LOCALES } from './catalog';
import { openEditor, pagePoint, waitForEditor, type HookWindow } from './editing';
import { intextMap, type IntextMap } from './intextMap';
import { saveShot } from './shots';

const title = (page: Page, id: number, lang: string) =>
  page.evaluate(
    ({ i, l }) => {
      const c = (window as HookWindow).__strataEditor?.nodeContent(i);
      return (c?.[l]?.title as string | undefined) ?? '';
    },
    { i: id, l: lang },
  );
const drawn = (page: Page, id: number) => page.evaluate((i) => (window as HookWindow).__strataEditor?.nodeTitle(i) ?? null, id);
const lockExtent = (page: Page, id: number) => page.evaluate((i) => (window as HookWindow).__strataEditor?.nodeLockExtent(i) ?? null, id);
const lockColor = (page: Page, id: number) => page.evaluate((i) => (window as HookWindow).__strataEditor?.nodeLockColor(i) ?? null, id);

async function dblclickNode(page: Page, id: number): Promise<void> {
  const p = await pagePoint(page, id);
  if (!p) throw new Error(`node ${id} is not on the canvas`);
  await page.mouse.dblclick(p.x, p.y);
}

async function clickNode(page: Page, id: number): Promise<void> {
  const p = await pagePoint(page, id);
  if (!p) throw new Error(`node ${id} is not on the canvas`);
  await page.mouse.click(p.x, p.y);
}

/** The editor and the admin on a map of their own, each seeing the other. */
async function twoOnMap(browser: Browser, name: string): Promise<{ a: Page; b: Page; map: IntextMap; close: () => Promise<unknown> }> {
  const one = await openEditor(browser, 'editor');
  const two = await openEditor(browser, 'admin');
  const map = await intextMap(one.page.request, name);
  for (const page of [one.page, two.page]) {
    await page.goto(`/editor/${map.id}?lang=en`);
    await waitForEditor(page);
  }
  await expect(one.page.getByTestId('presence-avatar')).toHaveCount(2);
  await expect(two.page.getByTestId('presence-avatar')).toHaveCount(2);
  return { a: one.page, b: two.page, map, close: () => Promise.all([one.context.close(), two.context.close()]) };
}

test.describe('titles edited on the canvas', () => {
  test.use({ locale: 'en-US' });
  // Two browsers and a map of their own each: more than the default on a busy machine.
  test.describe.configure({ timeout: 90_000 });

  test('a double-click edits the title in place: saved on Enter, seen by the other editor, undone by Ctrl+Z', async ({ browser }) => {
    const { a, b, map, close } = await twoOnMap(browser, `In place ${Date.now() % 100000}`);
    try {
      await dblclickNode(a, map.hall);
      const field = a.getByTestId('intext-title');
      await expect(field).toBeFocused();
      await expect(field).toHaveValue('Town hall');
      // The field lies over the node.
      const box = await field.boundingBox();
      const at = await pagePoint(a, map.hall);
      expect(box && at && Math.abs(box.x + box.width / 2 - at.x) < 4 && Math.abs(box.y + box.height / 2 - at.y) < 4).toBe(true);
      // While it is open the node's content is held, as the content form holds it.
      await expect.poll(() => lockExtent(b, map.hall)).toBe('content');

      await field.fill('Town square');
      await a.keyboard.press('Enter');
      await expect(field).toBeHidden();
      expect(await title(a, map.hall, 'en')).toBe('Town square');
      await expect.poll(() => title(b, map.hall, 'en')).toBe('Town square');
      await expect.poll(async () => (await drawn(b, map.hall))?.text).toBe('Town square');
      // The other languages are left alone.
      expect(await title(a, map.hall, 'de')).toBe('Rathaus');
      // Closed, the node is held for its appearance only (it stays selected).
      await expect.poll(() => lockExtent(b, map.hall)).toBe('appearance');

      await a.keyboard.press('Control+z');
      await expect.poll(() => title(a, map.hall, 'en')).toBe('Town hall');
      await expect.poll(() => title(b, map.hall, 'en')).toBe('Town hall');
    } finally {
      await close();
    }
  });

  test('Esc cancels; Enter on the selected node opens the field; a click elsewhere saves', async ({ browser }) => {
    const { context, page } = await openEditor(browser, 'editor');
    try {
      const map = await intextMap(page.request, `Esc ${Date.now() % 100000}`);
      await page.goto(`/editor/${map.id}?lang=en`);
      await waitForEditor(page);
      await clickNode(page, map.hall);
      await page.keyboard.press('Enter');
      const field = page.getByTestId('intext-title');
      await expect(field).toBeFocused();
      // The title is selected whole, as in other editors: typing replaces it.
      await page.keyboard.type('Annex');
      await expect(field).toHaveValue('Annex');
      await page.keyboard.press('Escape');
      await expect(field).toBeHidden();
      // Esc in the field closes it only: the node stays selected.
      expect(await page.evaluate(() => (window as HookWindow).__strataEditor?.selectedNodes())).toEqual([map.hall]);
      expect(await title(page, map.hall, 'en')).toBe('Town hall');

      await page.keyboard.press('Enter');
      await expect(field).toBeFocused();
      await field.fill('Old town hall');
      await page.getByTestId('editor-canvas').click({ position: { x: 10, y: 10 } });
      await expect(field).toBeHidden();
      expect(await title(page, map.hall, 'en')).toBe('Old town hall');
      // Saved on the server, not only shown: a fresh load has it.
      await page.reload();
      await waitForEditor(page);
      await expect.poll(() => title(page, map.hall, 'en')).toBe('Old town hall');
    } finally {
      await context.close();
    }
  });

  test('a node another editor holds is not edited in place, and the note says who holds it', async ({ browser }) => {
    const { a, b, map, close } = await twoOnMap(browser, `Held ${Date.now() % 100000}`);
    try {
      await clickNode(b, map.hall);
      await expect.poll(() => lockColor(a, map.hall)).not.toBeNull();
      await dblclickNode(a, map.hall);
      await expect(a.getByTestId('intext-refused')).toContainText('Demo admin');
      await expect(a.getByTestId('intext-title')).toBeHidden();
    } finally {
      await close();
    }
  });

  test('the canvas in German: German titles, an English fallback dimmed, and an in-place edit writes the German title', async ({
    browser,
  }) => {
    const { context, page } = await openEditor(browser, 'editor');
    try {
      const map = await intextMap(page.request, `Deutsch ${Date.now() % 100000}`);
      await page.goto(`/editor/${map.id}`);
      await waitForEditor(page);
      const select = page.getByTestId('canvas-language');
      await expect(select).toHaveValue('en');
      expect(await drawn(page, map.hall)).toMatchObject({ text: 'Town hall', language: 'en', fallback: false, alpha: 1 });

      await select.selectOption('de');
      await expect.poll(async () => (await drawn(page, map.hall))?.text).toBe('Rathaus');
      const fallback = await drawn(page, map.bakery);
      expect(fallback).toMatchObject({ text: 'Bakery', language: 'en', fallback: true });
      expect(fallback?.alpha).toBeLessThan(1);
      await expect(page).toHaveURL(/[?&]lang=de\b/);

      await dblclickNode(page, map.bakery);
      const field = page.getByTestId('intext-title');
      await expect(field).toHaveValue('');
      await expect(field).toHaveAttribute('placeholder', 'Bakery');
      await field.fill('Bäckerei');
      await page.keyboard.press('Enter');
      await expect(field).toBeHidden();
      expect(await title(page, map.bakery, 'de')).toBe('Bäckerei');
      expect(await title(page, map.bakery, 'en')).toBe('Bakery');
      await expect.poll(async () => await drawn(page, map.bakery)).toMatchObject({ text: 'Bäckerei', language: 'de', fallback: false });

      // The content form opens on the canvas's language.
      await page.getByTestId('menu-contentForm').click();
      await expect(page.getByTestId('content-lang-de')).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByTestId('content-title')).toHaveValue('Bäckerei');

      // The choice survives a reload (lang= in the address).
      await page.reload();
      await waitForEditor(page);
      await expect(page.getByTestId('canvas-language')).toHaveValue('de');
      await expect.poll(async () => (await drawn(page, map.hall))?.text).toBe('Rathaus');
    } finally {
      await context.close();
    }
  });
});

for (const { lang, locale } of LOCALES) {
  test(`the in-place title editor and the canvas language in ${lang} (screenshot)`, async ({ browser }) => {
    const { context, page } = await openEditor(browser, 'editor', { locale });
    try {
      const map = await intextMap(page.request, `Shot ${lang} ${Date.now() % 100000}`);
      await page.goto(`/editor/${map.id}?lang=${lang}`);
      await waitForEditor(page);
      await expect(page.getByTestId('canvas-language')).toHaveValue(lang);
      await dblclickNode(page, map.hall);
      await expect(page.getByTestId('intext-title')).toBeFocused();
      await saveShot(page, `editor-intext-${lang}`);
    } finally {
      await context.close();
    }
  });
}
