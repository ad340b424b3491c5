import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { signInAs, type DemoRole } from './accounts';
import { saveShot } from './shots';

// The editor's read-only test hook (web/src/editor/Editor.tsx, window.__strataEditor).
interface EditorHook {
  nodeCount(): number;
  edgeCount(): number;
  nodeIds(): number[];
  nodePagePoint(id: number): { x: number; y: number } | null;
  nodeCenter(id: number): { x: number; y: number } | null;
  nodeLockColor(id: number): string | null;
}
type HookWindow = Window & { __strataEditor?: EditorHook };

const MAP = /Welcome to Strata/;

async function openEditor(browser: Browser, role: DemoRole, locale = 'en-US'): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ locale });
  const page = await context.newPage();
  await signInAs(page, role);
  await page.getByRole('link', { name: MAP }).click();
  await expect(page.getByTestId('editor-canvas')).toBeVisible();
  await page.waitForFunction(() => (window as HookWindow).__strataEditor !== undefined);
  return { context, page };
}

/** Two editors on the demo map, each seeing the other present. */
async function together(browser: Browser) {
  const a = await openEditor(browser, 'editor');
  const b = await openEditor(browser, 'admin');
  await expect(a.page.getByTestId('presence-avatar')).toHaveCount(2);
  await expect(b.page.getByTestId('presence-avatar')).toHaveCount(2);
  return { a: a.page, b: b.page, close: () => Promise.all([a.context.close(), b.context.close()]) };
}

const nodeIds = (page: Page) => page.evaluate(() => (window as HookWindow).__strataEditor?.nodeIds() ?? []);
const nodeCount = (page: Page) => page.evaluate(() => (window as HookWindow).__strataEditor?.nodeCount() ?? -1);
const edgeCount = (page: Page) => page.evaluate(() => (window as HookWindow).__strataEditor?.edgeCount() ?? -1);
const center = (page: Page, id: number) =>
  page.evaluate((i) => (window as HookWindow).__strataEditor?.nodeCenter(i) ?? null, id);
const pagePoint = (page: Page, id: number) =>
  page.evaluate((i) => (window as HookWindow).__strataEditor?.nodePagePoint(i) ?? null, id);
const lockColor = (page: Page, id: number) =>
  page.evaluate((i) => (window as HookWindow).__strataEditor?.nodeLockColor(i) ?? null, id);

/** Adds a circle where the canvas is clicked (x, y from its top-left); answers its stored id. */
async function addNode(page: Page, x: number, y: number): Promise<number> {
  const before = new Set(await nodeIds(page));
  if (!(await page.getByTestId('add-node-panel').isVisible())) await page.getByTestId('menu-addNode').click();
  await page.getByTestId('shape-circle').click();
  await page.getByTestId('editor-canvas').click({ position: { x, y } });
  let id = 0;
  await expect
    .poll(async () => {
      const fresh = (await nodeIds(page)).filter((n) => n > 0 && !before.has(n));
      id = fresh[0] ?? 0;
      return id;
    })
    .toBeGreaterThan(0);
  return id;
}

async function dragNode(page: Page, id: number, dx: number, dy: number): Promise<void> {
  const p = await pagePoint(page, id);
  if (!p) throw new Error(`node ${id} is not on the canvas`);
  await page.mouse.move(p.x, p.y);
  await page.mouse.down();
  for (let i = 1; i <= 8; i++) await page.mouse.move(p.x + (dx * i) / 8, p.y + (dy * i) / 8);
  await page.mouse.up();
}

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
    const { context, page } = await openEditor(browser, 'editor', locale);
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
