import { expect, test } from '@playwright/test';
import { addNode, center, dragNode, edgeCount, lockColor, nodeCount, nodeIds, openEditor, pagePoint, together } from './editing';
import { saveShot } from './shots';

test.describe('the editor, two browsers on one map', () => {
  test.use({ locale: 'en-US' });

  test('a node added in one browser shows in the other within a second', async ({ browser }) => {
    const { a, b, close } = await together(browser);
    const before = await nodeCount(b);
    await addNode(a, 160, 160);
    await expect.poll(() => nodeCount(b), { timeout: 1000 }).toBe(before + 1);
    await close();
  });

  test('a node dragged in one browser moves in the other', async ({ browser }) => {
    const { a, b, close } = await together(browser);
    const id = await addNode(a, 300, 160);
    await expect.poll(() => center(b, id)).not.toBeNull();
    const start = await center(a, id);
    if (!start) throw new Error('no centre');
    await dragNode(a, id, 80, 60);
    await expect.poll(async () => (await center(a, id))?.x ?? 0).toBeGreaterThan(start.x + 20);
    const moved = await center(a, id);
    await expect.poll(() => center(b, id), { timeout: 2000 }).toEqual(moved);
    await close();
  });

  test('a node selected in one browser is locked in the other and cannot be dragged there', async ({ browser }) => {
    const { a, b, close } = await together(browser);
    // A new node is selected by whoever placed it, which takes its lock.
    const id = await addNode(a, 440, 160);
    await expect.poll(() => lockColor(b, id)).not.toBeNull();
    await expect.poll(() => lockColor(a, id)).toBeNull();
    const start = await center(b, id);
    await dragNode(b, id, 90, 90);
    await b.waitForTimeout(500);
    expect(await center(b, id)).toEqual(start);
    expect(await center(a, id)).toEqual(start);

    // Deselected (Esc, then a click on empty space): the lock goes.
    await a.keyboard.press('Escape');
    await expect.poll(() => lockColor(b, id)).toBeNull();
    await close();
  });

  test('an edge connected in one browser shows in the other', async ({ browser }) => {
    const { a, b, close } = await together(browser);
    const from = await addNode(a, 160, 420);
    const to = await addNode(a, 420, 420);
    await a.keyboard.press('Escape');
    const edgesBefore = await edgeCount(b);
    await a.getByTestId('menu-edgeConnection').click();
    await expect(a.getByTestId('connect-hint')).toBeVisible();
    const p1 = await pagePoint(a, from);
    const p2 = await pagePoint(a, to);
    if (!p1 || !p2) throw new Error('nodes not on the canvas');
    await a.mouse.click(p1.x, p1.y);
    await a.mouse.click(p2.x, p2.y);
    await expect.poll(() => edgeCount(b)).toBe(edgesBefore + 1);
    // Choosing the option again closes it.
    await a.getByTestId('menu-edgeConnection').click();
    await expect(a.getByTestId('connect-hint')).toBeHidden();
    await close();
  });
});

test.describe('viewing', () => {
  test.use({ locale: 'en-US', hasTouch: true });

  const zoomFigure = async (page: import('@playwright/test').Page) =>
    Number((await page.getByTestId('zoom-figure').textContent())?.replace(/[^0-9]/g, ''));

  test('two fingers pinching apart zoom in, and together zoom out', async ({ browser }) => {
    const { context, page } = await openEditor(browser, 'editor');
    const box = await page.getByTestId('editor-canvas').boundingBox();
    if (!box) throw new Error('no canvas');
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    const cdp = await context.newCDPSession(page);
    const pinch = async (from: number, to: number) => {
      const points = (d: number) => [
        { x: cx - d, y: cy, id: 1 },
        { x: cx + d, y: cy, id: 2 },
      ];
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: points(from) });
      for (let i = 1; i <= 10; i++) {
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: points(from + ((to - from) * i) / 10) });
      }
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    };
    const start = await zoomFigure(page);
    await pinch(40, 160);
    await expect.poll(() => zoomFigure(page)).toBeGreaterThan(start * 3);
    const zoomed = await zoomFigure(page);
    await pinch(160, 40);
    await expect.poll(() => zoomFigure(page)).toBeLessThan(zoomed / 3);
    await context.close();
  });
});

test.describe('saving', () => {
  test.use({ locale: 'en-US' });

  test('a move that fails to save reverts with a toast', async ({ browser }) => {
    const { context, page } = await openEditor(browser, 'editor');
    const id = await addNode(page, 580, 160);
    const start = await center(page, id);
    await page.route('**/api/v1/maps/*/elements', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'internal', message: 'failed on purpose' } }),
      }),
    );
    await dragNode(page, id, 60, 60);
    await expect(page.getByTestId('toast-error')).toContainText('The node could not be moved');
    await expect.poll(() => center(page, id)).toEqual(start);
    await context.close();
  });

  test('deleting asks first, and removes the node', async ({ browser }) => {
    const { context, page } = await openEditor(browser, 'editor');
    const id = await addNode(page, 700, 300);
    await page.getByTestId('delete-button').click();
    const dialog = page.getByTestId('confirm-dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(async () => (await nodeIds(page)).includes(id)).toBe(false);
    await context.close();
  });
});

for (const [lang, locale] of [
  ['en', 'en-US'],
  ['de', 'de-DE'],
  ['fr', 'fr-FR'],
] as const) {
  test(`the editor in ${lang} (screenshot)`, async ({ browser }) => {
    const { context, page } = await openEditor(browser, 'editor', { locale });
    await page.getByTestId('menu-addNode').click();
    await expect(page.getByTestId('add-node-panel')).toBeVisible();
    await saveShot(page, `editor-${lang}`);
    await page.getByTestId('menu-layers').click();
    await expect(page.getByTestId('layers-panel')).toBeVisible();
    await page.keyboard.press('?');
    await expect(page.getByTestId('shortcuts-panel')).toBeVisible();
    await saveShot(page, `editor-${lang}-layers`);
    await context.close();
  });
}
