// The clipboard in the editor: Ctrl/⌘+C, X, V and D of nodes with the edges between them, within a
// map and between maps in two tabs; a paste lands at the pointer as one undo step, and the
// clipboard carries the titles as plain text for other programs.
import { expect, test, type Page } from '@playwright/test';
import { openEditor, waitForEditor, type HookWindow } from './editing';
import { dragFrom, selectionMap } from './selectionMap';

const hook = (page: Page) => ({
  selectedNodes: () => page.evaluate(() => (window as HookWindow).__strataEditor?.selectedNodes() ?? []),
  selectedEdges: () => page.evaluate(() => (window as HookWindow).__strataEditor?.selectedEdges() ?? []),
  nodeIds: () => page.evaluate(() => (window as HookWindow).__strataEditor?.nodeIds() ?? []),
  nodeCount: () => page.evaluate(() => (window as HookWindow).__strataEditor?.nodeCount() ?? -1),
  edgeCount: () => page.evaluate(() => (window as HookWindow).__strataEditor?.edgeCount() ?? -1),
  edgeEnds: (id: number) => page.evaluate((i) => (window as HookWindow).__strataEditor?.edgeEnds(i) ?? null, id),
  edgeIds: () => page.evaluate(() => (window as HookWindow).__strataEditor?.edgeIds() ?? []),
  center: (id: number) => page.evaluate((i) => (window as HookWindow).__strataEditor?.nodeCenter(i) ?? null, id),
  title: (id: number, lang: string) =>
    page.evaluate(([i, l]) => (window as HookWindow).__strataEditor?.nodeContent(i as number)?.[l as string]?.title ?? null, [id, lang]),
  pagePoint: async (id: number) => {
    const p = await page.evaluate((i) => (window as HookWindow).__strataEditor?.nodePagePoint(i) ?? null, id);
    if (!p) throw new Error(`node ${id} is not on the canvas`);
    return p;
  },
});

async function openMap(page: Page, id: number): Promise<void> {
  await page.goto(`/editor/${id}`);
  await waitForEditor(page);
}

/** Selects the nodes with a box around them all. */
async function boxAround(page: Page, ids: number[]): Promise<void> {
  const h = hook(page);
  const points = await Promise.all(ids.map((id) => h.pagePoint(id)));
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  await dragFrom(page, { x: Math.min(...xs) - 90, y: Math.min(...ys) - 70 }, { x: Math.max(...xs) + 90, y: Math.max(...ys) + 70 });
  await expect.poll(h.selectedNodes).toEqual([...ids].sort((a, b) => a - b));
}

test.describe('the clipboard in the editor', () => {
  test.use({ locale: 'en-US' });
  // Each makes maps of its own through the API first.
  test.describe.configure({ timeout: 90_000 });

  test('nodes copied in one map are pasted in another tab at the pointer, as one undo step', async ({ browser }) => {
    const { context, page: a } = await openEditor(browser, 'editor');
    try {
      const stamp = Date.now() % 100000;
      const source = await selectionMap(
        a.request,
        `Copy from ${stamp}`,
        [
          { x: 300, y: 300, title: 'Alpha' },
          { x: 700, y: 500, title: 'Beta', shape: 'circle', width: 90 },
          { x: 1200, y: 300, title: 'Left behind' },
        ],
        [
          [0, 1],
          [1, 2],
        ],
        { levels: 3 },
      );
      const target = await selectionMap(a.request, `Paste into ${stamp}`, [{ x: 1000, y: 600, title: 'Already here' }], [], {
        levels: 1,
      });
      await openMap(a, source.id);
      await boxAround(a, source.nodes.slice(0, 2));
      await a.keyboard.press('Control+c');

      const b = await context.newPage();
      await openMap(b, target.id);
      const hb = hook(b);
      const canvas = await b.getByTestId('editor-canvas').boundingBox();
      if (!canvas) throw new Error('no canvas');
      const at = { x: canvas.x + canvas.width * 0.3, y: canvas.y + canvas.height * 0.4 };
      await b.mouse.move(at.x, at.y);
      await b.keyboard.press('Control+v');
      await expect.poll(hb.nodeCount).toBe(3);
      await expect.poll(hb.edgeCount).toBe(1);
      // Saved: the new nodes have the server's ids, and are selected.
      let made: number[] = [];
      await expect
        .poll(async () => {
          made = (await hb.nodeIds()).filter((id) => id > 0 && id !== target.nodes[0]);
          return made.length;
        })
        .toBe(2);
      await expect.poll(async () => [...(await hb.selectedNodes())].sort()).toEqual([...made].sort());
      const titles = await Promise.all(made.map((id) => hb.title(id, 'en')));
      expect(titles.sort()).toEqual(['Alpha', 'Beta']);
      const [edge] = await hb.edgeIds();
      expect(await hb.edgeEnds(edge ?? 0)).toEqual({ from_id: Math.min(...made), to_id: Math.max(...made) });
      // Centred on the pointer: the middle of the two nodes is where the pointer was.
      const [p, q] = await Promise.all(made.map((id) => hb.pagePoint(id)));
      expect(Math.abs((p?.x ?? 0) + (q?.x ?? 0) - 2 * at.x)).toBeLessThan(4);
      expect(Math.abs((p?.y ?? 0) + (q?.y ?? 0) - 2 * at.y)).toBeLessThan(4);

      // One undo takes the whole paste back.
      await b.keyboard.press('Control+z');
      await expect.poll(hb.nodeCount).toBe(1);
      await expect.poll(hb.edgeCount).toBe(0);

      // Other programs get the titles, one a line.
      await a.bringToFront();
      await a.evaluate(() => {
        const area = document.createElement('textarea');
        area.id = 'plain-paste';
        document.body.append(area);
        area.focus();
      });
      await a.keyboard.press('Control+v');
      await expect(a.locator('#plain-paste')).toHaveValue('Alpha\nBeta');
    } finally {
      await context.close();
    }
  });

  test('cut and paste moves nodes within a map; Ctrl+D duplicates them with their edge', async ({ browser }) => {
    const { context, page } = await openEditor(browser, 'editor');
    try {
      const map = await selectionMap(
        page.request,
        `Cut ${Date.now() % 100000}`,
        [
          { x: 300, y: 300, title: 'Gamma' },
          { x: 600, y: 300, title: 'Delta' },
          { x: 900, y: 700, title: 'Epsilon' },
        ],
        [[0, 1]],
      );
      await openMap(page, map.id);
      const h = hook(page);
      await boxAround(page, map.nodes.slice(0, 2));
      await page.keyboard.press('Control+d');
      await expect.poll(h.nodeCount).toBe(5);
      await expect.poll(h.edgeCount).toBe(2);
      let copies: number[] = [];
      await expect
        .poll(async () => {
          copies = (await h.nodeIds()).filter((id) => id > 0 && !map.nodes.includes(id));
          return copies.length;
        })
        .toBe(2);
      const centres = await Promise.all(copies.map((id) => h.center(id)));
      expect(centres).toContainEqual({ x: 330, y: 330 });
      expect(centres).toContainEqual({ x: 630, y: 330 });
      await page.keyboard.press('Control+z');
      await expect.poll(h.nodeCount).toBe(3);

      // Cut: gone at once (no question: the clipboard has them), back where the pointer is.
      await boxAround(page, map.nodes.slice(0, 2));
      await page.keyboard.press('Control+x');
      await expect.poll(h.nodeCount).toBe(1);
      await expect.poll(h.edgeCount).toBe(0);
      const canvas = await page.getByTestId('editor-canvas').boundingBox();
      if (!canvas) throw new Error('no canvas');
      await page.mouse.move(canvas.x + canvas.width / 2, canvas.y + canvas.height / 2);
      await page.keyboard.press('Control+v');
      await expect.poll(h.nodeCount).toBe(3);
      await expect.poll(h.edgeCount).toBe(1);
      await expect.poll(async () => (await h.selectedNodes()).length).toBe(2);
    } finally {
      await context.close();
    }
  });
});
