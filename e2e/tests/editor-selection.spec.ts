// Selecting and arranging on the canvas as in tldraw or Figma: a box dragged on empty canvas
// selects what lies inside (Shift adds), Ctrl/⌘+A selects the level's nodes, the arrow keys
// nudge, Delete deletes undoably; handles resize, drags snap, align and distribute.
import { expect, test, type Page } from '@playwright/test';
import { waitForEditor, openEditor, type HookWindow } from './editing';
import { dragFrom, selectionMap } from './selectionMap';

const hook = (page: Page) => ({
  selectedNodes: () => page.evaluate(() => (window as HookWindow).__strataEditor?.selectedNodes() ?? []),
  selectedEdges: () => page.evaluate(() => (window as HookWindow).__strataEditor?.selectedEdges() ?? []),
  nodeCount: () => page.evaluate(() => (window as HookWindow).__strataEditor?.nodeCount() ?? -1),
  edgeCount: () => page.evaluate(() => (window as HookWindow).__strataEditor?.edgeCount() ?? -1),
  center: (id: number) => page.evaluate((i) => (window as HookWindow).__strataEditor?.nodeCenter(i) ?? null, id),
  pagePoint: async (id: number) => {
    const p = await page.evaluate((i) => (window as HookWindow).__strataEditor?.nodePagePoint(i) ?? null, id);
    if (!p) throw new Error(`node ${id} is not on the canvas`);
    return p;
  },
});

/** Three nodes in a row and one far below; edges 0–1, 1–2, 2–3. */
async function rowMap(page: Page, name: string) {
  const map = await selectionMap(
    page.request,
    `${name} ${Date.now() % 100000}`,
    [
      { x: 300, y: 300, title: 'One' },
      { x: 600, y: 300, title: 'Two' },
      { x: 900, y: 300, title: 'Three' },
      { x: 600, y: 800, title: 'Four' },
    ],
    [
      [0, 1],
      [1, 2],
      [2, 3],
    ],
  );
  await page.goto(`/editor/${map.id}`);
  await waitForEditor(page);
  return map;
}

test.describe('selection on the canvas', () => {
  test.use({ locale: 'en-US' });
  // Each makes maps of its own through the API first.
  test.describe.configure({ timeout: 90_000 });

  test('a box selects what lies inside, Delete removes it and undo brings it back', async ({ browser }) => {
    const { context, page } = await openEditor(browser, 'editor');
    try {
      const map = await rowMap(page, 'Box');
      const h = hook(page);
      const [one, two, three, four] = map.nodes as [number, number, number, number];
      const p1 = await h.pagePoint(one);
      const p2 = await h.pagePoint(two);
      const p4 = await h.pagePoint(four);
      // From above-left of One to below-right of Two: One, Two and the edge between them.
      await dragFrom(page, { x: p1.x - 70, y: p1.y - 60 }, { x: p2.x + 70, y: p2.y + 60 });
      await expect.poll(h.selectedNodes).toEqual([one, two]);
      await expect.poll(h.selectedEdges).toEqual([map.edges[0]]);
      // Shift adds Four with another box.
      await page.keyboard.down('Shift');
      await dragFrom(page, { x: p4.x - 70, y: p4.y - 60 }, { x: p4.x + 70, y: p4.y + 60 });
      await page.keyboard.up('Shift');
      await expect.poll(h.selectedNodes).toEqual([one, two, four]);

      await page.keyboard.press('Delete');
      await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Delete' }).click();
      await expect.poll(h.nodeCount).toBe(1);
      await expect.poll(h.edgeCount).toBe(0);
      await page.keyboard.press('Control+z');
      await expect.poll(h.nodeCount).toBe(4);
      await expect.poll(h.edgeCount).toBe(3);
      // Stored: a reload shows them all.
      await page.reload();
      await waitForEditor(page);
      await expect.poll(h.nodeCount).toBe(4);
      expect(await h.center(three)).toEqual({ x: 900, y: 300 });
    } finally {
      await context.close();
    }
  });

  test('Ctrl+A selects every node of the level; the arrow keys nudge by 1 and by 10 with Shift', async ({ browser }) => {
    const { context, page } = await openEditor(browser, 'editor');
    try {
      const map = await rowMap(page, 'Nudge');
      const h = hook(page);
      const [one, two] = map.nodes as [number, number];
      await page.getByTestId('editor-canvas').click({ position: { x: 5, y: 5 } });
      await page.keyboard.press('Control+a');
      await expect.poll(h.selectedNodes).toEqual(map.nodes);
      await expect.poll(h.selectedEdges).toEqual(map.edges);

      const p1 = await h.pagePoint(one);
      await page.mouse.click(p1.x, p1.y);
      await expect.poll(h.selectedNodes).toEqual([one]);
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => h.center(one)).toEqual({ x: 301, y: 300 });
      await page.keyboard.press('Shift+ArrowDown');
      await page.keyboard.press('Shift+ArrowDown');
      await expect.poll(() => h.center(one)).toEqual({ x: 301, y: 320 });
      await page.keyboard.press('ArrowLeft');
      await expect.poll(() => h.center(one)).toEqual({ x: 300, y: 320 });
      expect(await h.center(two)).toEqual({ x: 600, y: 300 });
      // Presses one after another are one step: one undo takes them all back.
      await page.keyboard.press('Control+z');
      await expect.poll(() => h.center(one)).toEqual({ x: 300, y: 300 });
      await page.keyboard.press('Control+y');
      await expect.poll(() => h.center(one)).toEqual({ x: 300, y: 320 });
      await page.reload();
      await waitForEditor(page);
      await expect.poll(() => h.center(one)).toEqual({ x: 300, y: 320 });
    } finally {
      await context.close();
    }
  });
});
