// Selecting and arranging on the canvas as in tldraw or Figma: a box dragged on empty canvas
// selects what lies inside (Shift adds), Ctrl/⌘+A selects the level's nodes, the arrow keys
// nudge, Delete deletes undoably; handles resize, drags snap, align and distribute.
import { expect, test, type Page } from '@playwright/test';
import { LOCALES } from './catalog';
import { waitForEditor, openEditor, toolbarTool, type HookWindow } from './editing';
import { saveShot } from './shots';
import { dragFrom, selectionMap } from './selectionMap';

const hook = (page: Page) => ({
  selectedNodes: () => page.evaluate(() => (window as HookWindow).__strataEditor?.selectedNodes() ?? []),
  selectedEdges: () => page.evaluate(() => (window as HookWindow).__strataEditor?.selectedEdges() ?? []),
  nodeCount: () => page.evaluate(() => (window as HookWindow).__strataEditor?.nodeCount() ?? -1),
  edgeCount: () => page.evaluate(() => (window as HookWindow).__strataEditor?.edgeCount() ?? -1),
  design: (id: number) => page.evaluate((i) => (window as HookWindow).__strataEditor?.nodeDesign(i) ?? null, id),
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

/** Two nodes side by side at the same height (x 300 and 700), and the scale the canvas shows them at. */
async function pairMap(page: Page, name: string, b: { shape?: 'circle' | 'rectangle'; width?: number } = {}) {
  const map = await selectionMap(page.request, `${name} ${Date.now() % 100000}`, [
    { x: 300, y: 300, title: 'Anchor' },
    { x: 700, y: 500, title: 'Mover', ...b },
  ]);
  await page.goto(`/editor/${map.id}`);
  await waitForEditor(page);
  const h = hook(page);
  const [pa, pb] = await Promise.all(map.nodes.map((id) => h.pagePoint(id)));
  if (!pa || !pb) throw new Error('nodes not shown');
  return { map, h, pa, pb, scale: (pb.x - pa.x) / 400 };
}

test.describe('resizing, snapping and arranging', () => {
  test.use({ locale: 'en-US' });
  test.describe.configure({ timeout: 90_000 });

  test('a corner handle resizes a node; a circle stays round; undo gives the size back', async ({ browser }) => {
    const { context, page } = await openEditor(browser, 'editor');
    try {
      const { map, h, pb, scale } = await pairMap(page, 'Resize', { shape: 'circle', width: 120 });
      const circle = map.nodes[1] ?? 0;
      await page.mouse.click(pb.x, pb.y);
      await expect.poll(h.selectedNodes).toEqual([circle]);
      // The south-east handle: half the size out from the centre, plus the outline.
      const handle = { x: pb.x + 60 * scale + 3, y: pb.y + 60 * scale + 3 };
      await dragFrom(page, handle, { x: handle.x + 60, y: handle.y + 10 });
      await expect.poll(async () => (await h.design(circle))?.width as number).toBeGreaterThan(150);
      const d = await h.design(circle);
      expect(d?.height).toBe(d?.width);
      // The opposite (north-west) corner stayed: the centre moved by half the growth.
      const grown = ((d?.width as number) - 120) / 2;
      const c = await h.center(circle);
      expect(Math.abs((c?.x ?? 0) - (700 + grown))).toBeLessThanOrEqual(1);
      expect(Math.abs((c?.y ?? 0) - (500 + grown))).toBeLessThanOrEqual(1);
      await page.keyboard.press('Control+z');
      await expect.poll(async () => (await h.design(circle))?.width).toBe(120);
      expect(await h.center(circle)).toEqual({ x: 700, y: 500 });
    } finally {
      await context.close();
    }
  });

  test('a drag snaps to another node’s centre, and with Alt it does not', async ({ browser }) => {
    const { context, page } = await openEditor(browser, 'editor');
    try {
      const { map, h, pa, pb, scale } = await pairMap(page, 'Snap');
      const mover = map.nodes[1] ?? 0;
      // With Alt held, the node goes just where it is dropped, 3 px right of the anchor's centre line.
      await page.keyboard.down('Alt');
      await dragFrom(page, pb, { x: pa.x + 3, y: pb.y });
      await page.keyboard.up('Alt');
      await expect.poll(async () => (await h.center(mover))?.x).not.toBe(700);
      const loose = (await h.center(mover))?.x ?? 0;
      expect(loose).not.toBe(300);
      expect(Math.abs(loose - 300)).toBeLessThanOrEqual(3 / scale + 1);
      // Without it, the same nearness pulls the centre onto the anchor's.
      const now = await h.pagePoint(mover);
      await dragFrom(page, now, { x: now.x + 1, y: now.y + 20 });
      await expect.poll(async () => (await h.center(mover))?.x).toBe(300);
    } finally {
      await context.close();
    }
  });

  test('align and distribute move the selection as one undo step', async ({ browser }) => {
    const { context, page } = await openEditor(browser, 'editor');
    try {
      const { map, h, pa, pb } = await pairMap(page, 'Align', { width: 80 });
      const [anchor, mover] = map.nodes as [number, number];
      await expect(page.getByTestId('arrange-buttons')).toBeHidden();
      await dragFrom(page, { x: pa.x - 80, y: pa.y - 60 }, { x: pb.x + 80, y: pb.y + 60 });
      await expect.poll(h.selectedNodes).toEqual([anchor, mover]);
      await expect(page.getByTestId('distribute-horizontal')).toBeDisabled();
      await expect(page.getByTestId('distribute-horizontal')).toHaveAccessibleDescription('Select three or more nodes to distribute them');
      await page.getByTestId('align-left').click();
      // The anchor's left edge is at 240: the 80 wide mover's centre goes to 280.
      await expect.poll(() => h.center(mover)).toEqual({ x: 280, y: 500 });
      expect(await h.center(anchor)).toEqual({ x: 300, y: 300 });
      await page.getByTestId('align-top').click();
      await expect.poll(() => h.center(mover)).toEqual({ x: 280, y: 300 });
      await page.keyboard.press('Control+z');
      await expect.poll(() => h.center(mover)).toEqual({ x: 280, y: 500 });
      // The snap toggle is remembered.
      await (await toolbarTool(page, 'snap-toggle')).click();
      await expect(page.getByTestId('snap-toggle')).toHaveAttribute('aria-pressed', 'false');
      await page.reload();
      await waitForEditor(page);
      await expect(await toolbarTool(page, 'snap-toggle')).toHaveAttribute('aria-pressed', 'false');
      await page.getByTestId('snap-toggle').click();
    } finally {
      await context.close();
    }
  });
});

for (const { lang, locale } of LOCALES) {
  test(`box selection, handles and guides in ${lang} (screenshots)`, async ({ browser }) => {
    test.setTimeout(90_000);
    const { context, page } = await openEditor(browser, 'editor', { locale });
    try {
      const { map, h, pa, pb } = await pairMap(page, `Shots ${lang}`, { width: 80 });
      // A box being dragged around both: they are selected, the arrange buttons enabled.
      await page.mouse.move(pa.x - 80, pa.y - 60);
      await page.mouse.down();
      await page.mouse.move(pa.x, pa.y + 40, { steps: 4 });
      await page.mouse.move(pb.x + 80, pb.y + 60, { steps: 4 });
      await expect.poll(h.selectedNodes).toEqual(map.nodes);
      await saveShot(page, `editor-selection-box-${lang}`);
      await page.mouse.up();
      // One node selected (its handles), dragged near the other's centre line: the guide shows.
      await page.mouse.click(pb.x, pb.y);
      await page.mouse.move(pb.x, pb.y);
      await page.mouse.down();
      await page.mouse.move(pa.x + 2, pb.y - 40, { steps: 8 });
      await saveShot(page, `editor-selection-guides-${lang}`);
      await page.mouse.up();
    } finally {
      await context.close();
    }
  });
}
