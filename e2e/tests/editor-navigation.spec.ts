// Moving around the editor's map the way other editors' users expect: middle-button and
// Space+drag pans, a trackpad's scroll pans and its pinch (Ctrl+wheel) zooms, a setting makes a
// mouse wheel zoom, Shift+1/2/0 and Ctrl+=/− zoom the map, the minimap moves the view, and the
// tools: the add-node tool stays and keeps its shape, and each tool has its key.
import { expect, test, type Page } from '@playwright/test';
import { LOCALES } from './catalog';
import { nodeIds, openEditor, pagePoint, toolbarTool, type HookWindow } from './editing';
import { saveShot } from './shots';

type Camera = { x: number; y: number; scale: number; width: number; height: number };

const camera = (page: Page): Promise<Camera> =>
  page.evaluate(() => {
    const hook = (window as HookWindow).__strataEditor;
    if (!hook) throw new Error('no editor');
    return hook.camera();
  });
const tool = (page: Page) => page.evaluate(() => (window as HookWindow).__strataEditor?.tool() ?? null);
const nodeShape = (page: Page, id: number) => page.evaluate((i) => (window as HookWindow).__strataEditor?.nodeDesign(i)?.shape ?? null, id);
/** The world point at the middle of the view. */
const viewCentre = (c: Camera) => ({ x: c.x + c.width / 2 / c.scale, y: c.y + c.height / 2 / c.scale });

async function canvasBox(page: Page) {
  const box = await page.getByTestId('editor-canvas').boundingBox();
  if (!box) throw new Error('no canvas');
  return box;
}

/** A drag in small steps from (x, y) by (dx, dy), page coordinates. */
async function dragBy(page: Page, x: number, y: number, dx: number, dy: number, button: 'left' | 'middle' = 'left') {
  await page.mouse.move(x, y);
  await page.mouse.down({ button });
  for (let i = 1; i <= 10; i++) await page.mouse.move(x + (dx * i) / 10, y + (dy * i) / 10);
  await page.mouse.up({ button });
}

test.describe('navigating the editor', () => {
  test.use({ locale: 'en-US' });
  // Several reloads of the editor each: room for a machine busy with other runs.
  test.describe.configure({ timeout: 60_000 });

  test('the middle button and Space + drag pan the view, even from over a node', async ({ browser }) => {
    const { context, page } = await openEditor(browser, 'editor');
    try {
      const box = await canvasBox(page);
      const before = await camera(page);
      await dragBy(page, box.x + box.width / 2, box.y + box.height / 2, -150, -90, 'middle');
      const afterMiddle = await camera(page);
      expect(afterMiddle.scale).toBe(before.scale);
      expect(afterMiddle.x).toBeCloseTo(before.x + 150 / before.scale, 0);
      expect(afterMiddle.y).toBeCloseTo(before.y + 90 / before.scale, 0);

      // Space held: a left drag that starts on a node moves the view, not the node.
      const id = (await nodeIds(page)).find((n) => n > 0);
      if (id === undefined) throw new Error('the demo map has no node');
      const at = await pagePoint(page, id);
      if (!at) throw new Error('the node is not on the canvas');
      const nodeBefore = await page.evaluate((i) => (window as HookWindow).__strataEditor?.nodeCenter(i) ?? null, id);
      await page.keyboard.down('Space');
      await expect(page.getByTestId('editor-canvas')).toHaveCSS('cursor', 'grab');
      await dragBy(page, at.x, at.y, 120, 60);
      await page.keyboard.up('Space');
      const afterSpace = await camera(page);
      expect(afterSpace.x).toBeCloseTo(afterMiddle.x - 120 / before.scale, 0);
      expect(afterSpace.y).toBeCloseTo(afterMiddle.y - 60 / before.scale, 0);
      expect(await page.evaluate((i) => (window as HookWindow).__strataEditor?.nodeCenter(i) ?? null, id)).toEqual(nodeBefore);
      // Space scrolled nothing and typed nothing.
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
    } finally {
      await context.close();
    }
  });

  test('a trackpad scroll pans, a pinch (Ctrl+wheel) zooms, and the setting makes the wheel zoom', async ({ browser }) => {
    const { context, page } = await openEditor(browser, 'editor');
    try {
      const box = await canvasBox(page);
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      const start = await camera(page);
      await page.mouse.wheel(40, 30);
      await expect.poll(async () => (await camera(page)).x).toBeCloseTo(start.x + 40 / start.scale, 1);
      const panned = await camera(page);
      expect(panned.y).toBeCloseTo(start.y + 30 / start.scale, 1);
      expect(panned.scale).toBe(start.scale);
      // A plain vertical wheel pans too, by default.
      await page.mouse.wheel(0, 100);
      await expect.poll(async () => (await camera(page)).y).toBeCloseTo(panned.y + 100 / start.scale, 1);
      expect((await camera(page)).scale).toBe(start.scale);

      await page.keyboard.down('Control');
      await page.mouse.wheel(0, -50);
      await page.keyboard.up('Control');
      await expect.poll(async () => (await camera(page)).scale).toBeGreaterThan(start.scale * 1.3);

      // For a mouse: the setting in the shortcuts panel makes the wheel zoom, and is kept.
      await page.keyboard.press('?');
      await page.getByTestId('wheel-zooms').check();
      await page.keyboard.press('Escape');
      const zoomed = await camera(page);
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.wheel(0, 200);
      await expect.poll(async () => (await camera(page)).scale).toBeLessThan(zoomed.scale * 0.9);
      await page.reload();
      await expect(page.getByTestId('editor-canvas')).toBeVisible({ timeout: 15_000 });
      await page.keyboard.press('?');
      await expect(page.getByTestId('wheel-zooms')).toBeChecked();
    } finally {
      await context.close();
    }
  });

  test('Shift+1 fits, Shift+0 shows 100 %, Shift+2 fits the selection, Ctrl+= and Ctrl+− zoom the map', async ({ browser }) => {
    const { context, page } = await openEditor(browser, 'editor');
    try {
      const fitted = await camera(page);
      await page.keyboard.press('Control+Equal');
      await expect.poll(async () => (await camera(page)).scale).toBeCloseTo(fitted.scale * 1.25, 3);
      await page.keyboard.press('Control+Minus');
      await page.keyboard.press('Control+Minus');
      await expect.poll(async () => (await camera(page)).scale).toBeCloseTo(fitted.scale * 0.8, 3);
      await page.keyboard.press('Shift+Digit0');
      await expect.poll(async () => (await camera(page)).scale).toBe(1);
      await page.keyboard.press('Shift+Digit1');
      await expect.poll(async () => (await camera(page)).scale).toBeCloseTo(fitted.scale, 5);
      await expect(page.getByTestId('zoom-figure')).toHaveText(`${Math.round(fitted.scale * 100)} %`);

      // A selected node: Shift+2 brings it to the middle, larger.
      const id = (await nodeIds(page)).find((n) => n > 0);
      if (id === undefined) throw new Error('the demo map has no node');
      const at = await pagePoint(page, id);
      if (!at) throw new Error('the node is not on the canvas');
      await page.mouse.click(at.x, at.y);
      await expect.poll(() => page.evaluate(() => (window as HookWindow).__strataEditor?.selectedNodes() ?? [])).toEqual([id]);
      await page.keyboard.press('Shift+Digit2');
      await expect.poll(async () => (await camera(page)).scale).toBeGreaterThan(fitted.scale);
      const c = viewCentre(await camera(page));
      const node = await page.evaluate((i) => (window as HookWindow).__strataEditor?.nodeCenter(i) ?? null, id);
      if (!node) throw new Error('no centre');
      expect(Math.abs(c.x - node.x)).toBeLessThan(30);
      expect(Math.abs(c.y - node.y)).toBeLessThan(30);
    } finally {
      await context.close();
    }
  });

  test('the minimap, once shown and remembered, moves the view where it is clicked or dragged', async ({ browser }) => {
    const { context, page } = await openEditor(browser, 'editor');
    try {
      await expect(page.getByTestId('minimap')).toBeHidden();
      await (await toolbarTool(page, 'minimap-toggle')).click();
      await expect(page.getByTestId('minimap-toggle')).toHaveAttribute('aria-pressed', 'true');
      await page.keyboard.press('Control+Equal');
      await page.keyboard.press('Control+Equal');
      const map = page.getByTestId('minimap-canvas');
      const box = await map.boundingBox();
      if (!box) throw new Error('no minimap');
      const scale = (await camera(page)).scale;
      await map.click({ position: { x: 30, y: box.height / 2 } });
      const left = viewCentre(await camera(page));
      await map.click({ position: { x: box.width - 30, y: box.height / 2 } });
      const right = viewCentre(await camera(page));
      expect(right.x).toBeGreaterThan(left.x + 50);
      expect(right.y).toBeCloseTo(left.y, 0);
      expect((await camera(page)).scale).toBe(scale);
      // A drag on it follows the pointer.
      await dragBy(page, box.x + box.width - 30, box.y + box.height / 2, -(box.width - 60), 0);
      const back = viewCentre(await camera(page));
      expect(back.x).toBeCloseTo(left.x, 0);

      await page.reload();
      await expect(page.getByTestId('minimap')).toBeVisible({ timeout: 15_000 });
    } finally {
      await context.close();
    }
  });

  test('the add-node tool places node after node in the shape chosen last, until Esc', async ({ browser }) => {
    const { context, page } = await openEditor(browser, 'editor');
    try {
      await page.keyboard.press('n');
      await expect.poll(() => tool(page)).toEqual({ kind: 'addNode', shape: 'circle' });
      await page.getByTestId('tool-shape').click();
      await page.getByTestId('tool-shape-rectangle').click();
      await expect.poll(() => tool(page)).toEqual({ kind: 'addNode', shape: 'rectangle' });
      const before = new Set(await nodeIds(page));
      const canvas = page.getByTestId('editor-canvas');
      for (const x of [300, 420, 540]) await canvas.click({ position: { x, y: 620 } });
      let added: number[] = [];
      await expect
        .poll(async () => {
          added = (await nodeIds(page)).filter((n) => n > 0 && !before.has(n));
          return added.length;
        })
        .toBe(3);
      for (const id of added) expect(await nodeShape(page, id)).toBe('rectangle');
      expect(await tool(page)).toEqual({ kind: 'addNode', shape: 'rectangle' });
      await expect(page.getByTestId('tool-addNode')).toHaveAttribute('aria-pressed', 'true');

      await page.keyboard.press('Escape');
      await expect.poll(() => tool(page)).toEqual({ kind: 'select' });
      // The shape is remembered, across a reload too.
      await page.reload();
      await expect(page.getByTestId('editor-canvas')).toBeVisible({ timeout: 15_000 });
      await expect(page.getByTestId('tool-addNode')).toHaveAttribute('data-shape', 'rectangle');
      await page.getByTestId('tool-addNode').click();
      await expect.poll(() => tool(page)).toEqual({ kind: 'addNode', shape: 'rectangle' });
    } finally {
      await context.close();
    }
  });

  test('each tool has its key: V select, N add node, C connect', async ({ browser }) => {
    const { context, page } = await openEditor(browser, 'editor');
    try {
      await page.keyboard.press('c');
      await expect.poll(() => tool(page)).toEqual({ kind: 'connect' });
      await expect(page.getByTestId('connect-hint')).toBeVisible();
      await expect(page.getByTestId('tool-connect')).toHaveAttribute('aria-pressed', 'true');
      await page.keyboard.press('n');
      await expect.poll(async () => (await tool(page))?.kind).toBe('addNode');
      await expect(page.getByTestId('connect-hint')).toBeHidden();
      await page.keyboard.press('v');
      await expect.poll(() => tool(page)).toEqual({ kind: 'select' });
      await expect(page.getByTestId('tool-select')).toHaveAttribute('aria-pressed', 'true');
      // In a text field the keys type.
      await page.keyboard.press('Control+f');
      await page.getByTestId('editor-search-field').fill('');
      await page.keyboard.type('cnv');
      await expect(page.getByTestId('editor-search-field')).toHaveValue('cnv');
      expect(await tool(page)).toEqual({ kind: 'select' });
      // The shortcuts panel lists every tool's key.
      await page.keyboard.press('Escape');
      await page.keyboard.press('?');
      const panel = page.getByTestId('shortcuts-panel');
      await expect(panel).toBeVisible();
      expect(await panel.locator('kbd').allTextContents()).toEqual(expect.arrayContaining(['V', 'N', 'C', 'Shift + 2', 'Shift + 0']));
    } finally {
      await context.close();
    }
  });
});

for (const { lang, locale } of LOCALES) {
  test(`the minimap, the tools and the shortcuts in ${lang} (screenshot)`, async ({ browser }) => {
    const { context, page } = await openEditor(browser, 'editor', { locale });
    try {
      await (await toolbarTool(page, 'minimap-toggle')).click();
      // Where the toggle was under More (de, fr), Esc closes the panel again.
      if (await page.getByTestId('toolbar-more-panel').isVisible()) await page.keyboard.press('Escape');
      await expect(page.getByTestId('minimap')).toBeVisible();
      await page.keyboard.press('n');
      await page.keyboard.press('?');
      await expect(page.getByTestId('shortcuts-panel')).toBeVisible();
      await page.getByTestId('tool-shape').click();
      await expect(page.getByTestId('tool-shape-rectangle')).toBeVisible();
      // The minimap draws its nodes a moment after the map changes.
      await page.waitForTimeout(500);
      await saveShot(page, `editor-navigation-${lang}`);
    } finally {
      await context.close();
    }
  });
}
