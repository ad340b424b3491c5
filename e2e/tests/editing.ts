// Driving the editor in browser tests: opening a map, the read-only test hook
// (window.__strataEditor, web/src/editor/canvas/editorTestHook.ts), adding and dragging nodes.
import { expect, type APIRequestContext, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { signInAs, type DemoRole } from './accounts';

// The editor's read-only test hook (web/src/editor/canvas/editorTestHook.ts, window.__strataEditor).
export interface Range {
  min_level: number;
  max_level: number;
  hidden: boolean;
}
export interface EditorHook {
  nodeCount(): number;
  edgeCount(): number;
  nodeIds(): number[];
  edgeIds(): number[];
  /** A node's centre in page coordinates, or null. */
  nodePagePoint(id: number): { x: number; y: number } | null;
  nodeCenter(id: number): { x: number; y: number } | null;
  /** The colour of another editor's lock on a node, or null. */
  nodeLockColor(id: number): string | null;
  nodeDesign(id: number): Record<string, unknown> | null;
  edgeDesign(id: number): Record<string, unknown> | null;
  nodeStyle(id: number): Record<string, unknown> | null;
  edgeStyle(id: number): Record<string, unknown> | null;
  nodeVisibility(id: number): Range | null;
  edgeVisibility(id: number): Range | null;
  edgeEnds(id: number): { from_id: number; to_id: number } | null;
  nodeContent(id: number): Record<string, Record<string, unknown>> | null;
  edgeContent(id: number): Record<string, Record<string, unknown>> | null;
  templateNames(): string[];
  mapSettings(): { design: Record<string, unknown>; visibility_levels: number; measurement: { width: number; height: number } };
  globalDesign(): Record<string, Record<string, unknown>>;
  nodeLockExtent(id: number): string | null;
  selectedNodes(): number[];
  selectedEdges(): number[];
  level(): number;
  /** The title the canvas draws for a node: text, language, whether it is a dimmed fallback. */
  nodeTitle(id: number): { text: string; language: string | null; fallback: boolean; alpha: number } | null;
  focusedNode(): number | null;
  camera(): { x: number; y: number; scale: number; width: number; height: number };
  tool(): { kind: string; shape?: string };
}
export type HookWindow = Window & { __strataEditor?: EditorHook };

export const MAP = /Welcome to Strata/;

export interface EditorOptions {
  locale?: string;
  /** Another server than the suite's (its own process). */
  baseURL?: string;
  viewport?: { width: number; height: number };
}

/** Signs in as the role and opens the demo map in the editor. */
export async function openEditor(
  browser: Browser,
  role: DemoRole,
  options: EditorOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    locale: options.locale ?? 'en-US',
    ...(options.baseURL && { baseURL: options.baseURL }),
    ...(options.viewport && { viewport: options.viewport }),
  });
  const page = await context.newPage();
  await signInAs(page, role);
  // Straight to the demo map's editor: the overview's own tests go through its cards.
  const map = { id: await demoMapId(page.request) };
  await page.goto(`/editor/${map.id}`);
  await waitForEditor(page);
  return { context, page };
}

/**
 * The demo map's id, looked for on every page of the demo client's overview: it lists the newest
 * maps first, and the tests make many, so the demo map may be on a later page.
 */
export async function demoMapId(request: APIRequestContext): Promise<number> {
  let cursor: string | null = null;
  do {
    const res = await request.get('/api/v1/clients/demo/maps', { params: { limit: 200, ...(cursor !== null && { cursor }) } });
    expect(res.ok()).toBe(true);
    const page = (await res.json()) as { maps: { id: number; name: string }[]; next_cursor: string | null };
    const map = page.maps.find((m) => MAP.test(m.name));
    if (map) return map.id;
    cursor = page.next_cursor;
  } while (cursor !== null);
  throw new Error('the demo map is not listed');
}

export async function waitForEditor(page: Page): Promise<void> {
  await expect(page.getByTestId('editor-canvas')).toBeVisible();
  await page.waitForFunction(() => (window as HookWindow).__strataEditor !== undefined);
}

/** Two editors on the demo map, each seeing the other present. */
export async function together(browser: Browser, options: EditorOptions = {}) {
  const a = await openEditor(browser, 'editor', options);
  const b = await openEditor(browser, 'admin', options);
  await expect(a.page.getByTestId('presence-avatar')).toHaveCount(2);
  await expect(b.page.getByTestId('presence-avatar')).toHaveCount(2);
  return { a: a.page, b: b.page, close: () => Promise.all([a.context.close(), b.context.close()]) };
}

export const edgeIds = (page: Page) => page.evaluate(() => (window as HookWindow).__strataEditor?.edgeIds() ?? []);
export const nodeIds = (page: Page) => page.evaluate(() => (window as HookWindow).__strataEditor?.nodeIds() ?? []);
export const nodeCount = (page: Page) => page.evaluate(() => (window as HookWindow).__strataEditor?.nodeCount() ?? -1);
export const edgeCount = (page: Page) => page.evaluate(() => (window as HookWindow).__strataEditor?.edgeCount() ?? -1);
export const center = (page: Page, id: number) => page.evaluate((i) => (window as HookWindow).__strataEditor?.nodeCenter(i) ?? null, id);
export const pagePoint = (page: Page, id: number) =>
  page.evaluate((i) => (window as HookWindow).__strataEditor?.nodePagePoint(i) ?? null, id);
export const lockColor = (page: Page, id: number) =>
  page.evaluate((i) => (window as HookWindow).__strataEditor?.nodeLockColor(i) ?? null, id);

/** Adds a circle where the canvas is clicked (x, y from its top-left); answers its stored id. */
export async function addNode(page: Page, x: number, y: number): Promise<number> {
  const before = new Set(await nodeIds(page));
  if (!(await page.getByTestId('add-node-panel').isVisible())) await page.getByTestId('menu-addNode').click();
  await page.getByTestId('shape-circle').click();
  // The panel floats over the map: x counts from its edge, where the map is seen.
  const panel = await page.getByTestId('add-node-panel').boundingBox();
  const canvas = await page.getByTestId('editor-canvas').boundingBox();
  const covered = panel && canvas ? Math.max(0, panel.x + panel.width - canvas.x) : 0;
  await page.getByTestId('editor-canvas').click({ position: { x: x + covered, y } });
  // The add-node tool stays for more nodes; the callers go on selecting and dragging.
  await page.keyboard.press('Escape');
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

export async function dragNode(page: Page, id: number, dx: number, dy: number): Promise<void> {
  const p = await pagePoint(page, id);
  if (!p) throw new Error(`node ${id} is not on the canvas`);
  await page.mouse.move(p.x, p.y);
  await page.mouse.down();
  for (let i = 1; i <= 8; i++) await page.mouse.move(p.x + (dx * i) / 8, p.y + (dy * i) / 8);
  await page.mouse.up();
}

/**
 * A tool of the editor's toolbar, by test id: on the bar, or in its "More" panel when the bar is
 * too narrow for it (long German labels, a 900 px window). Opens the panel when needed.
 */
export async function toolbarTool(page: Page, testId: string): Promise<Locator> {
  const tool = page.getByTestId(testId);
  if ((await tool.count()) === 0) {
    await page.getByTestId('toolbar-more').click();
    await expect(page.getByTestId('toolbar-more-panel')).toBeVisible();
  }
  return tool;
}
