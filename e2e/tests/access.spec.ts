// Keyboard and screen-reader access to the map: Tab goes through the nodes of the level in reading
// order (next links first), each ringed and named in a live region; the outline view lists the
// nodes and edges as a tree, in the editor and signed out in the public map; side panels float
// over the map without moving it.
import { expect, test, type Page } from '@playwright/test';
import { accessMap, removeAccessMaps, type AccessMap } from './accessMap';
import { LOCALES, text, type Lang } from './catalog';
import { openEditor, toolbarTool, waitForEditor, type HookWindow } from './editing';
import { saveShot } from './shots';

const hook = (page: Page) => ({
  selected: () => page.evaluate(() => (window as HookWindow).__strataEditor?.selectedNodes() ?? []),
  focused: () => page.evaluate(() => (window as HookWindow).__strataEditor?.focusedNode() ?? null),
  camera: () => page.evaluate(() => (window as HookWindow).__strataEditor?.camera() ?? null),
});

/** What the live region says of a node. */
function said(lang: Lang, title: string, shape: string, level: number, position: number): string {
  const node = text(lang, 'access.node', {
    title,
    shape: text(lang, `editor.shapes.${shape}`),
    level: text(lang, 'access.level', { level, count: 2 }),
  });
  return text(lang, 'access.position', { node, position, count: 3 });
}

/** Tabs from the side menu's last button onto the canvas. */
async function tabIntoEditorCanvas(page: Page): Promise<void> {
  await page.locator('[data-testid="side-menu"] button:not([disabled])').last().focus();
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('editor-canvas')).toBeFocused();
}

async function openMap(page: Page, map: AccessMap): Promise<void> {
  await page.goto(`/editor/${map.id}`);
  await waitForEditor(page);
}

test.describe('keyboard access', () => {
  test.use({ locale: 'en-US' });

  test('Tab reaches the nodes in reading order and the live region names each; Enter selects', async ({ browser }) => {
    const { context, page } = await openEditor(browser, 'editor');
    try {
      const map = await accessMap(page.request, `Access ${Date.now() % 100000}`);
      await openMap(page, map);
      const announcer = page.getByTestId('canvas-announcer');
      await expect(page.getByTestId('editor-canvas')).toHaveAttribute('aria-describedby', /.+/);

      await tabIntoEditorCanvas(page);
      await expect(announcer).toHaveText(said('en', 'Beta', 'rectangle', 1, 1));
      expect(await hook(page).focused()).toBe(map.beta);
      // Beta's next link goes to Gamma, though Alpha is next by position.
      await page.keyboard.press('Tab');
      await expect(announcer).toHaveText(said('en', 'Gamma', 'rectangle', 1, 2));
      await page.keyboard.press('Tab');
      await expect(announcer).toHaveText(said('en', 'Alpha', 'circle', 1, 3));
      expect(await hook(page).focused()).toBe(map.alpha);
      await page.keyboard.press('Shift+Tab');
      await expect(announcer).toHaveText(said('en', 'Gamma', 'rectangle', 1, 2));
      expect(await hook(page).focused()).toBe(map.gamma);

      // Enter selects the focused node (nothing else selected it).
      expect(await hook(page).selected()).toEqual([]);
      await page.keyboard.press('Enter');
      await expect.poll(hook(page).selected).toEqual([map.gamma]);

      // Past the last node, Tab leaves the canvas: the keyboard is not trapped; the ring goes.
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await expect(page.getByTestId('editor-canvas')).not.toBeFocused();
      expect(await hook(page).focused()).toBeNull();
      // Shift+Tab comes back onto the last node.
      await page.keyboard.press('Shift+Tab');
      await expect(page.getByTestId('editor-canvas')).toBeFocused();
      await expect(announcer).toHaveText(said('en', 'Alpha', 'circle', 1, 3));

      // A click focuses the canvas without the keyboard's ring.
      await page.getByTestId('editor-canvas').click({ position: { x: 5, y: 5 } });
      expect(await hook(page).focused()).toBeNull();
    } finally {
      await removeAccessMaps(page.request);
      await context.close();
    }
  });

  test('the outline lists the nodes by level with their edges; activating one selects it', async ({ browser }) => {
    const { context, page } = await openEditor(browser, 'editor');
    try {
      const map = await accessMap(page.request, `Outline ${Date.now() % 100000}`);
      await openMap(page, map);
      await (await toolbarTool(page, 'outline-toggle')).click();
      const tree = page.getByRole('tree');
      await expect(tree).toBeVisible();
      const items = tree.getByRole('treeitem');
      await expect(items).toHaveText(['Level 1 · 3 nodes', 'Beta', 'Gamma', 'Alpha', 'Level 2 · 1 node']);

      // A click on a node selects it on the canvas.
      await tree.getByRole('treeitem', { name: 'Alpha' }).click();
      await expect.poll(hook(page).selected).toEqual([map.alpha]);

      // The keys of a tree: down to Gamma, Enter selects it; right opens Alpha's edges.
      await tree.focus();
      await page.keyboard.press('Home');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      await expect(tree.getByRole('treeitem', { name: 'Gamma' })).toHaveAttribute('aria-selected', 'true');
      await page.keyboard.press('Enter');
      await expect.poll(hook(page).selected).toEqual([map.gamma]);
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowRight');
      await expect(items).toHaveText(['Level 1 · 3 nodes', 'Beta', 'Gamma', 'Alpha', '→ Gamma', 'Level 2 · 1 node']);
      // The arrows are the tree's: the map's nudge or shortcuts do not see them; the selection stays.
      await expect.poll(hook(page).selected).toEqual([map.gamma]);
      await page.keyboard.press('End');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      // Delta is on level 2 only: the canvas goes there to select it.
      await expect.poll(hook(page).selected).toEqual([map.delta]);
      await expect(page.getByTestId('level-select')).toHaveValue('2');
    } finally {
      await removeAccessMaps(page.request);
      await context.close();
    }
  });

  test('opening a side panel leaves the map where it is and its size unchanged', async ({ browser }) => {
    const { context, page } = await openEditor(browser, 'editor');
    try {
      const canvas = page.getByTestId('editor-canvas');
      const before = { camera: await hook(page).camera(), box: await canvas.boundingBox() };
      for (const option of ['layers', 'mapSettings', 'globalSettings']) {
        await page.getByTestId(`menu-${option}`).click();
        await expect(page.locator('aside').first()).toBeVisible();
        expect(await hook(page).camera()).toEqual(before.camera);
        expect(await canvas.boundingBox()).toEqual(before.box);
        await page.getByTestId(`menu-${option}`).click();
      }
    } finally {
      await removeAccessMaps(page.request);
      await context.close();
    }
  });

  test('signed out, the public map takes Tab and Enter, and its outline opens a node’s popup', async ({ browser }) => {
    const { context, page } = await openEditor(browser, 'editor');
    const map = await accessMap(page.request, `Public access ${Date.now() % 100000}`);
    const address = `access-${Date.now().toString(36)}`;
    expect(
      (await page.request.patch(`/api/v1/maps/${map.id}/publication`, { data: { url: address, access_mode: 'accessible' } })).ok(),
    ).toBe(true);
    expect((await page.request.patch(`/api/v1/maps/${map.id}/live`, { data: { live: true } })).ok()).toBe(true);
    expect((await page.request.post(`/api/v1/maps/${map.id}/publish`, { data: { name: 'Access' } })).ok()).toBe(true);
    const reader = await browser.newContext({ locale: 'en-US' });
    try {
      const readerPage = await reader.newPage();
      await readerPage.goto(`/m/${address}`);
      const canvas = readerPage.getByTestId('viewer-canvas');
      await expect(canvas).toBeVisible();
      const toggle = readerPage.getByTestId('outline-toggle');
      // The bar's last control (the map is in two languages) comes right before the canvas.
      await readerPage.getByTestId('viewer-language').focus();
      await readerPage.keyboard.press('Tab');
      await expect(canvas).toBeFocused();
      await expect(readerPage.getByTestId('canvas-announcer')).toHaveText(said('en', 'Beta', 'rectangle', 1, 1));
      await readerPage.keyboard.press('Tab');
      await readerPage.keyboard.press('Enter');
      await expect(readerPage.getByTestId('node-popup').getByRole('heading')).toHaveText('Gamma');
      // Esc closes the popup and the keyboard is back on the canvas, on the same node.
      await readerPage.keyboard.press('Escape');
      await expect(readerPage.getByTestId('node-popup')).toBeHidden();
      await expect(canvas).toBeFocused();
      await expect(readerPage.getByTestId('canvas-announcer')).toHaveText(said('en', 'Gamma', 'rectangle', 1, 2));

      await toggle.click();
      const tree = readerPage.getByRole('tree');
      await expect(tree.getByRole('treeitem')).toHaveText(['Level 1 · 3 nodes', 'Beta', 'Gamma', 'Alpha', 'Level 2 · 1 node']);
      await tree.getByRole('treeitem', { name: 'Alpha' }).click();
      await expect(readerPage.getByTestId('node-popup').getByRole('heading')).toHaveText('Alpha');
      await saveShot(readerPage, 'access-viewer-outline-en');
    } finally {
      await page.request.patch(`/api/v1/maps/${map.id}/live`, { data: { live: false } });
      await reader.close();
      await removeAccessMaps(page.request);
      await context.close();
    }
  });
});

for (const { lang, locale } of LOCALES) {
  test(`the outline and the keyboard's ring in ${lang} (screenshot)`, async ({ browser }) => {
    const { context, page } = await openEditor(browser, 'editor', { locale });
    try {
      const map = await accessMap(page.request, `Outline ${lang} ${Date.now() % 100000}`);
      await openMap(page, map);
      await (await toolbarTool(page, 'outline-toggle')).click();
      await tabIntoEditorCanvas(page);
      // The canvas draws the interface's language where the map has it (en and de here).
      const title = (name: string) => (lang === 'de' ? `${name} (de)` : name);
      await expect(page.getByTestId('canvas-announcer')).toHaveText(said(lang, title('Beta'), 'rectangle', 1, 1));
      await page.keyboard.press('Tab');
      await expect(page.getByTestId('canvas-announcer')).toHaveText(said(lang, title('Gamma'), 'rectangle', 1, 2));
      // Gamma lay beneath the outline: the view moved it out beside the panel.
      const outline = await page.getByTestId('outline').boundingBox();
      await expect
        .poll(
          async () =>
            (await page.evaluate((id) => (window as HookWindow).__strataEditor?.nodePagePoint(id) ?? null, map.gamma))?.x ?? Infinity,
        )
        .toBeLessThan((outline?.x ?? 0) - 40);
      await saveShot(page, `access-outline-${lang}`);
    } finally {
      await removeAccessMaps(page.request);
      await context.close();
    }
  });
}
