import { expect, test, type Browser, type Page } from '@playwright/test';
import type { DemoRole } from './accounts';
import { text } from './catalog';
import {
  addNode,
  demoMapId,
  edgeIds,
  nodeIds,
  openEditor as openEditorAt,
  pagePoint,
  together as editorsTogether,
  waitForEditor,
  type HookWindow,
} from './editing';
import { saveShot } from './shots';

const SIDEBAR_VIEWPORT = { width: 1400, height: 900 };
const openEditor = (browser: Browser, role: DemoRole, locale = 'en-US') =>
  openEditorAt(browser, role, { locale, viewport: SIDEBAR_VIEWPORT });
const together = (browser: Browser) => editorsTogether(browser, { viewport: SIDEBAR_VIEWPORT });

const nodeDesign = (page: Page, id: number) => page.evaluate((i) => (window as HookWindow).__strataEditor?.nodeDesign(i) ?? null, id);
const edgeDesign = (page: Page, id: number) => page.evaluate((i) => (window as HookWindow).__strataEditor?.edgeDesign(i) ?? null, id);
const nodeStyle = (page: Page, id: number) => page.evaluate((i) => (window as HookWindow).__strataEditor?.nodeStyle(i) ?? null, id);
const edgeStyle = (page: Page, id: number) => page.evaluate((i) => (window as HookWindow).__strataEditor?.edgeStyle(i) ?? null, id);
const nodeVisibility = (page: Page, id: number) =>
  page.evaluate((i) => (window as HookWindow).__strataEditor?.nodeVisibility(i) ?? null, id);
const edgeVisibility = (page: Page, id: number) =>
  page.evaluate((i) => (window as HookWindow).__strataEditor?.edgeVisibility(i) ?? null, id);
const nodeContent = (page: Page, id: number) => page.evaluate((i) => (window as HookWindow).__strataEditor?.nodeContent(i) ?? null, id);
const nodeLockExtent = (page: Page, id: number) =>
  page.evaluate((i) => (window as HookWindow).__strataEditor?.nodeLockExtent(i) ?? null, id);
const edgeContent = (page: Page, id: number) => page.evaluate((i) => (window as HookWindow).__strataEditor?.edgeContent(i) ?? null, id);
const templateNames = (page: Page) => page.evaluate(() => (window as HookWindow).__strataEditor?.templateNames() ?? []);
const mapSettings = (page: Page) => page.evaluate(() => (window as HookWindow).__strataEditor?.mapSettings() ?? null);
const globalDesign = (page: Page) => page.evaluate(() => (window as HookWindow).__strataEditor?.globalDesign() ?? null);
/** Whether every edge of the map is hidden (true), none is (false), or some are (null). */
const edgesHidden = (page: Page) =>
  page.evaluate(() => {
    const h = (window as HookWindow).__strataEditor;
    const flags = (h?.edgeIds() ?? []).map((e) => h?.edgeVisibility(e)?.hidden === true);
    return flags.every(Boolean) ? true : flags.some(Boolean) ? null : false;
  });

/** Connects two nodes with an edge; answers its stored id. */
async function connect(page: Page, from: number, to: number): Promise<number> {
  const before = new Set(await edgeIds(page));
  await page.keyboard.press('Escape');
  await page.getByTestId('menu-edgeConnection').click();
  for (const id of [from, to]) {
    const p = await pagePoint(page, id);
    if (!p) throw new Error(`node ${id} is not on the canvas`);
    await page.mouse.click(p.x, p.y);
  }
  let id = 0;
  await expect
    .poll(async () => {
      id = (await edgeIds(page)).find((e) => e > 0 && !before.has(e)) ?? 0;
      return id;
    })
    .toBeGreaterThan(0);
  await page.getByTestId('menu-edgeConnection').click();
  return id;
}

async function clickNode(page: Page, id: number): Promise<void> {
  const p = await pagePoint(page, id);
  if (!p) throw new Error(`node ${id} is not on the canvas`);
  await page.mouse.click(p.x, p.y);
}

/** Clicks an edge between two nodes (on its middle). */
async function clickEdgeBetween(page: Page, from: number, to: number): Promise<void> {
  const p = await pagePoint(page, from);
  const q = await pagePoint(page, to);
  if (!p || !q) throw new Error('nodes not on the canvas');
  await page.mouse.click((p.x + q.x) / 2, (p.y + q.y) / 2);
}

/** Opens a side menu option's sidebar (closing whatever panel was open). */
async function openSidebar(page: Page, option: string, testId: string) {
  await page.getByTestId(`menu-${option}`).click();
  const sidebar = page.getByTestId(testId);
  await expect(sidebar).toBeVisible();
  return sidebar;
}

test.describe('design sidebars', () => {
  test.use({ locale: 'en-US' });

  test("the client's fonts are offered in the font field and loaded for drawing", async ({ browser }) => {
    const { context, page } = await openEditor(browser, 'editor');
    const id = await addNode(page, 300, 240);
    const sidebar = await openSidebar(page, 'nodeDesign', 'node-design-sidebar');
    const field = sidebar.getByTestId('field-font_family');
    const listId = await field.getAttribute('list');
    expect(listId).not.toBeNull();
    const offered = await page
      .locator(`datalist[id="${listId}"] option`)
      .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    expect(offered.slice(0, 2)).toEqual(['Inter', 'Merriweather']);
    await field.fill('Merriweather');
    await field.press('Enter');
    await expect.poll(async () => (await nodeStyle(page, id))?.font_family).toBe('Merriweather');
    // Its faces were loaded from the server: the canvas draws with the font itself.
    await expect.poll(() => page.evaluate(() => document.fonts.check('700 16px Merriweather'))).toBe(true);
    await expect
      .poll(() =>
        page.evaluate(
          () => [...document.fonts].filter((f) => f.family.replace(/"/g, '') === 'Merriweather' && f.status === 'loaded').length,
        ),
      )
      .toBeGreaterThan(0);
    await context.close();
  });

  test('node design: a value is drawn, saved, seen by the other browser, and can be inherited again', async ({ browser }) => {
    const { a, b, close } = await together(browser);
    const id = await addNode(a, 260, 200);
    const sidebar = await openSidebar(a, 'nodeDesign', 'node-design-sidebar');
    await expect(sidebar.getByTestId('design-template')).toContainText('Follows no template');

    // Fill colour: own, drawn here and there.
    await expect(sidebar.getByTestId('source-bg_color')).not.toHaveAttribute('data-source', 'own');
    await sidebar.getByTestId('field-bg_color').fill('#ff0000');
    await expect(sidebar.getByTestId('source-bg_color')).toHaveAttribute('data-source', 'own');
    await expect.poll(async () => (await nodeStyle(a, id))?.bg_color).toBe('#ff0000');
    await expect.poll(async () => (await nodeStyle(b, id))?.bg_color, { timeout: 3000 }).toBe('#ff0000');

    // A circle keeps its sides equal; the title goes top left; the border is dashed; a shadow shows.
    await sidebar.getByTestId('field-width').fill('90');
    await sidebar.getByTestId('field-title_position-top-left').click();
    await sidebar.getByTestId('field-border_style').selectOption('dashed');
    await sidebar.getByTestId('field-shadow_enabled').check();
    await sidebar.getByTestId('field-media_opacity').fill('40');
    await expect
      .poll(async () => nodeStyle(b, id), { timeout: 3000 })
      .toMatchObject({
        width: 90,
        height: 90,
        title_position: 'top-left',
        border_style: 'dashed',
        shadow_enabled: true,
        media_opacity: 40,
      });

    // A web font by address: drawn with its family; one that cannot be loaded is only logged.
    const warnings: string[] = [];
    a.on('console', (m) => {
      if (m.type() === 'warning') warnings.push(m.text());
    });
    await sidebar.getByTestId('field-font_family').fill('Harbour Sans');
    await sidebar.getByTestId('field-font_family').press('Enter');
    await sidebar.getByTestId('field-font_url').fill('/fonts/harbour-sans.woff2');
    await sidebar.getByTestId('field-font_url').press('Enter');
    await expect
      .poll(async () => nodeStyle(b, id), { timeout: 3000 })
      .toMatchObject({ font_family: 'Harbour Sans', font_url: '/fonts/harbour-sans.woff2' });
    await expect.poll(() => warnings.some((w) => w.includes('Harbour Sans') && w.includes('could not be loaded'))).toBe(true);

    // A value it cannot take is named and not saved.
    await sidebar.getByTestId('field-media_opacity').fill('150');
    await expect(sidebar.getByRole('alert')).toContainText('Between 0 and 100');
    await a.waitForTimeout(900);
    expect((await nodeDesign(a, id))?.media_opacity).toBe(40);

    // Kept after a reload.
    await a.reload();
    await waitForEditor(a);
    await expect.poll(async () => nodeDesign(a, id)).toMatchObject({ bg_color: '#ff0000', width: 90, border_style: 'dashed' });

    // Inherited again: the own value goes, the drawn one is the global design's or the default.
    await clickNode(a, id);
    const again = await openSidebar(a, 'nodeDesign', 'node-design-sidebar');
    await again.getByTestId('reset-bg_color').click();
    await expect(again.getByTestId('source-bg_color')).not.toHaveAttribute('data-source', 'own');
    await expect.poll(async () => (await nodeDesign(b, id))?.bg_color, { timeout: 3000 }).toBeUndefined();
    await expect.poll(async () => (await nodeStyle(b, id))?.bg_color).not.toBe('#ff0000');
    await close();
  });

  test('a node another editor has selected opens read-only, with who holds it', async ({ browser }) => {
    const { a, b, close } = await together(browser);
    const id = await addNode(a, 420, 200);
    await openSidebar(a, 'nodeDesign', 'node-design-sidebar');
    const sidebar = await openSidebar(b, 'nodeDesign', 'node-design-sidebar');
    await expect.poll(() => pagePoint(b, id)).not.toBeNull();
    await clickNode(b, id);
    await expect(sidebar.getByTestId('sidebar-lock')).toContainText('is editing this');
    await expect(sidebar.getByTestId('field-bg_color')).toBeDisabled();
    await close();
  });

  test('edge design: arrow ends and colour are drawn, saved and synced', async ({ browser }) => {
    const { a, b, close } = await together(browser);
    const from = await addNode(a, 200, 480);
    const to = await addNode(a, 480, 480);
    const edge = await connect(a, from, to);
    await clickEdgeBetween(a, from, to);
    const sidebar = await openSidebar(a, 'edgeDesign', 'edge-design-sidebar');
    await sidebar.getByTestId('field-line_end').selectOption('sharp');
    await sidebar.getByTestId('field-line_end_size').fill('150');
    await sidebar.getByTestId('field-border_color').fill('#0000ff');
    await expect.poll(async () => edgeStyle(a, edge)).toMatchObject({ line_end: 'sharp', line_end_size: 150, border_color: '#0000ff' });
    await expect
      .poll(async () => edgeStyle(b, edge), { timeout: 3000 })
      .toMatchObject({ line_end: 'sharp', line_end_size: 150, border_color: '#0000ff' });
    // Label slots per language.
    await sidebar.getByTestId('label-middle').fill('ferry');
    await sidebar.getByTestId('label-lang-fr').click();
    await sidebar.getByTestId('label-end').fill('bac');
    await sidebar.getByTestId('label-end').press('Enter');
    await expect.poll(async () => edgeContent(b, edge), { timeout: 3000 }).toMatchObject({ en: { middle: 'ferry' }, fr: { end: 'bac' } });
    await a.reload();
    await waitForEditor(a);
    await expect.poll(async () => edgeDesign(a, edge)).toMatchObject({ line_end: 'sharp', line_end_size: 150 });
    expect(await edgeContent(a, edge)).toMatchObject({ en: { middle: 'ferry' }, fr: { end: 'bac' } });
    await close();
  });
});

test.describe('visibility sidebars', () => {
  test.use({ locale: 'en-US' });

  test('a range that would leave an edge without a common level asks first, then deletes it', async ({ browser }) => {
    const { a, b, close } = await together(browser);
    const levels = await a.getByTestId('level-select').locator('option').count();
    expect(levels).toBeGreaterThanOrEqual(2);
    const one = await addNode(a, 700, 200);
    const two = await addNode(a, 700, 420);
    const edge = await connect(a, one, two);

    // Node two on level 1 only: the edge still has level 1.
    await clickNode(a, two);
    const sidebar = await openSidebar(a, 'nodeVisibility', 'node-visibility-sidebar');
    await sidebar.getByTestId('visibility-max').selectOption('1');
    await expect.poll(async () => nodeVisibility(b, two), { timeout: 3000 }).toMatchObject({ min_level: 1, max_level: 1 });
    expect(await edgeIds(a)).toContain(edge);

    // Node one from level 2: the edge would connect nodes with no common level.
    await clickNode(a, one);
    await sidebar.getByTestId('visibility-min').selectOption('2');
    const dialog = a.getByTestId('confirm-dialog');
    await expect(dialog).toContainText('1 edge');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect((await nodeVisibility(a, one))?.min_level).toBe(1);
    expect(await edgeIds(a)).toContain(edge);

    await sidebar.getByTestId('visibility-min').selectOption('2');
    await dialog.getByRole('button', { name: 'Delete edges and save' }).click();
    await expect.poll(async () => (await nodeVisibility(b, one))?.min_level, { timeout: 3000 }).toBe(2);
    await expect.poll(async () => edgeIds(b)).not.toContain(edge);
    await close();
  });

  test('hiding a node hides it for the other browser; a failed save restores the range with a warning', async ({ browser }) => {
    const { a, b, close } = await together(browser);
    const id = await addNode(a, 900, 200);
    const sidebar = await openSidebar(a, 'nodeVisibility', 'node-visibility-sidebar');
    await sidebar.getByTestId('visibility-hidden').check();
    await expect.poll(async () => (await nodeVisibility(b, id))?.hidden, { timeout: 3000 }).toBe(true);
    await sidebar.getByTestId('visibility-hidden').uncheck();
    await expect.poll(async () => (await nodeVisibility(b, id))?.hidden, { timeout: 3000 }).toBe(false);

    const before = await nodeVisibility(a, id);
    await a.route('**/api/v1/maps/*/elements', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'internal', message: 'failed on purpose' } }),
      }),
    );
    await sidebar.getByTestId('visibility-max').selectOption('1');
    await expect(a.getByTestId('toast-warning')).toBeVisible();
    await expect.poll(() => nodeVisibility(a, id)).toEqual(before);
    await expect(sidebar.getByTestId('visibility-max')).toHaveValue(String(before?.max_level));
    await close();
  });

  test('edge visibility: hidden and range, synced', async ({ browser }) => {
    const { a, b, close } = await together(browser);
    const from = await addNode(a, 860, 300);
    const to = await addNode(a, 860, 600);
    const edge = await connect(a, from, to);
    await clickEdgeBetween(a, from, to);
    const sidebar = await openSidebar(a, 'edgeVisibility', 'edge-visibility-sidebar');
    await sidebar.getByTestId('visibility-hidden').check();
    await expect.poll(async () => (await edgeVisibility(b, edge))?.hidden, { timeout: 3000 }).toBe(true);
    await sidebar.getByTestId('visibility-max').selectOption('1');
    await expect.poll(async () => (await edgeVisibility(b, edge))?.max_level, { timeout: 3000 }).toBe(1);
    await close();
  });
});

test.describe('content form', () => {
  test.use({ locale: 'en-US' });

  test('content per language is saved, synced, kept, and marks the node occupied', async ({ browser }) => {
    const { a, b, close } = await together(browser);
    const id = await addNode(a, 300, 330);
    const form = await openSidebar(a, 'contentForm', 'content-form');
    await expect(form.getByTestId('content-title')).toBeVisible();
    // The content lock marks the node occupied for the other editor.
    await expect.poll(() => nodeLockExtent(b, id)).toBe('content');

    await form.getByTestId('content-title').fill('Harbour');
    await form.getByTestId('content-content').click();
    await a.keyboard.type('Ships come and go.');
    await form.getByTestId('content-node_search_terms').fill('port ,  ships,,port');
    await form.getByTestId('content-seo_description').fill('A harbour node');
    // A node with content cannot have a direct link, and the form says so.
    await expect(form.getByTestId('content-node_link_to')).toBeDisabled();
    await expect(form).toContainText('A node with content cannot have a direct link.');
    await form.getByTestId('content-lang-de').click();
    await form.getByTestId('content-title').fill('Hafen');
    await form.getByTestId('content-popup_type').selectOption('side-panel-large');
    await form.getByTestId('content-save').click();
    await expect(form.getByTestId('content-unsaved')).toBeHidden();

    await expect
      .poll(async () => nodeContent(b, id), { timeout: 3000 })
      .toMatchObject({ en: { title: 'Harbour', node_search_terms: 'port, ships' }, de: { title: 'Hafen' } });

    // Read whole again after a reload.
    await a.reload();
    await waitForEditor(a);
    await clickNode(a, id);
    const again = await openSidebar(a, 'contentForm', 'content-form');
    await expect(again.getByTestId('content-content')).toContainText('Ships come and go.');
    await expect(again.getByTestId('content-seo_description')).toHaveValue('A harbour node');
    await expect(again.getByTestId('content-popup_type')).toHaveValue('side-panel-large');
    await close();
  });

  test('the text links and cites a reference, and says what pasting leaves out', async ({ browser }) => {
    const { context, page } = await openEditor(browser, 'editor');
    // A reference of the map to cite (the references panel tells authors to cite with #ref-key).
    const mapId = await demoMapId(page.request);
    const key = `cite-${Date.now()}`;
    const read = await page.request.get(`/api/v1/maps/${mapId}/references`);
    const { references } = (await read.json()) as { references: unknown[] };
    const put = await page.request.put(`/api/v1/maps/${mapId}/references`, {
      headers: { 'If-Match': read.headers().etag ?? '*' },
      data: { references: [...references, { key, source: { en: 'Cited by a test' } }] },
    });
    expect(put.ok(), await put.text()).toBe(true);
    await page.reload();
    await waitForEditor(page);

    const id = await addNode(page, 520, 330);
    const form = await openSidebar(page, 'contentForm', 'content-form');
    await form.getByTestId('content-title').fill('Cited');
    const box = form.getByTestId('content-content');
    await box.click();
    await page.keyboard.type('Ships come and go.');
    await page.keyboard.press('ControlOrMeta+A');
    await form.getByTestId('content-content-tool-link').click();
    await form.getByTestId('content-content-link-url').fill('https://example.org/ships');
    await form.getByTestId('content-content-link-target').selectOption('same_window');
    await form.getByTestId('content-content-link-apply').click();
    // A link in the text is told apart from the words around it without its colour.
    const link = box.locator('a[href="https://example.org/ships"]');
    await expect(link).toHaveText('Ships come and go.');
    expect(await link.evaluate((a) => getComputedStyle(a).textDecorationLine)).toContain('underline');

    await box.press('End');
    await form.getByTestId('content-content-tool-cite').click();
    await form.getByTestId('content-content-cite-search').fill(key);
    await form.getByTestId('content-content-cite').getByRole('button', { name: `${key} · Cited by a test` }).click();
    await expect(box.locator(`a[href="#ref-${key}"]`)).toHaveText(`[${key}]`);

    // A pasted picture is left out, and the box says so.
    await box.evaluate((el) => {
      const data = new DataTransfer();
      data.setData('text/html', '<p>Pasted <img src="https://example.org/a.png"></p>');
      data.setData('text/plain', 'Pasted');
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    });
    await expect(form.getByTestId('content-content-left-out')).toHaveText(new RegExp(text('en', 'sidebar.content.paste.dropped')));
    await saveShot(page, 'content-form-link-cite-en');

    await form.getByTestId('content-save').click();
    await expect(form.getByTestId('content-unsaved')).toBeHidden();
    await expect
      .poll(async () => {
        const res = await page.request.get(`/api/v1/maps/${mapId}/nodes/${id}`);
        return ((await res.json()) as { content: Record<string, { content?: string }> }).content.en?.content ?? '';
      })
      .toContain(`href="#ref-${key}"`);
    const node = await page.request.get(`/api/v1/maps/${mapId}/nodes/${id}`);
    const saved = ((await node.json()) as { content: Record<string, { content?: string }> }).content.en?.content;
    expect(saved).toContain('href="https://example.org/ships"');
    expect(saved).toContain('target="_self"');
    expect(saved).toContain('Pasted');
    expect(saved).not.toContain('<img');
    await context.close();
  });

  test('unsaved content warns before switching options, and a link and content exclude each other', async ({ browser }) => {
    const { context, page } = await openEditor(browser, 'editor');
    await addNode(page, 520, 330);
    const form = await openSidebar(page, 'contentForm', 'content-form');
    await form.getByTestId('content-node_link_to').fill('https://example.org/harbour');
    await expect(form.getByTestId('content-content')).toHaveAttribute('contenteditable', 'false');
    await form.getByTestId('content-node_link_to').fill('ftp://nope');
    await expect(form.getByRole('alert')).toContainText('https://');
    await expect(form.getByTestId('content-save')).toBeDisabled();
    await form.getByTestId('content-node_link_to').fill('');
    await form.getByTestId('content-title').fill('Not yet saved');

    await page.getByTestId('menu-nodeDesign').click();
    const dialog = page.getByTestId('confirm-dialog');
    await expect(dialog).toContainText('Leave without saving?');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(form.getByTestId('content-title')).toHaveValue('Not yet saved');

    await page.getByTestId('menu-nodeDesign').click();
    await dialog.getByRole('button', { name: 'Discard and leave' }).click();
    await expect(page.getByTestId('node-design-sidebar')).toBeVisible();
    await context.close();
  });

  test('selecting another node while the content form has unsaved text warns first', async ({ browser }) => {
    const { context, page } = await openEditor(browser, 'editor');
    const first = await addNode(page, 520, 330);
    const second = await addNode(page, 760, 330);
    await clickNode(page, first);
    const form = await openSidebar(page, 'contentForm', 'content-form');
    await form.getByTestId('content-title').fill('Written for the first node');

    // Kept editing: the selection goes back to the form's node, the text stays.
    await clickNode(page, second);
    const dialog = page.getByTestId('confirm-dialog');
    await expect(dialog).toContainText('Leave without saving?');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(form.getByTestId('content-title')).toHaveValue('Written for the first node');
    await expect.poll(() => page.evaluate(() => (window as HookWindow).__strataEditor?.selectedNodes())).toEqual([first]);

    // Discarded: the form shows the node now selected.
    await clickNode(page, second);
    await dialog.getByRole('button', { name: 'Discard and leave' }).click();
    await expect(form.getByTestId('content-title')).toHaveValue('');
    await expect.poll(() => page.evaluate(() => (window as HookWindow).__strataEditor?.selectedNodes())).toEqual([second]);
    expect((await nodeContent(page, first))?.en?.title ?? '').not.toBe('Written for the first node');
    await context.close();
  });
});

test.describe('object templates', () => {
  test.use({ locale: 'en-US', actionTimeout: 10_000 });

  test('create from an object, apply, the equal-to-template rule, restore, manage, delete with objects on it', async ({ browser }) => {
    test.setTimeout(90_000);
    const { a, b, close } = await together(browser);
    const name = `Harbour style ${Date.now() % 100000}`;
    const one = await addNode(a, 160, 760);
    let design = await openSidebar(a, 'nodeDesign', 'node-design-sidebar');
    await design.getByTestId('field-bg_color').fill('#ff8800');
    await expect.poll(async () => (await nodeDesign(a, one))?.bg_color).toBe('#ff8800');

    // Created from the selected node: the node follows it, its own values cleared.
    let panel = await openSidebar(a, 'shapeTemplates', 'node-templates-sidebar');
    await panel.getByTestId('template-new-name').fill(name);
    await panel.getByTestId('template-create').click();
    await expect(panel.getByTestId('template-follows')).toContainText(name);
    await expect.poll(async () => templateNames(b), { timeout: 3000 }).toContain(name);
    await expect.poll(async () => (await nodeDesign(a, one))?.bg_color).toBeUndefined();
    expect((await nodeStyle(a, one))?.bg_color).toBe('#ff8800');

    // Applied to a second node, drawn with the template's colour in both browsers.
    const two = await addNode(a, 420, 760);
    panel = await openSidebar(a, 'shapeTemplates', 'node-templates-sidebar');
    const row = panel.getByRole('listitem').filter({ hasText: name });
    await row.getByTestId('template-apply').click();
    await expect(panel.getByTestId('template-follows')).toContainText(name);
    await expect.poll(async () => (await nodeStyle(b, two))?.bg_color, { timeout: 3000 }).toBe('#ff8800');

    // A value equal to the template's is saved as inherited; another one as the node's own.
    design = await openSidebar(a, 'nodeDesign', 'node-design-sidebar');
    await expect(design.getByTestId('source-bg_color')).toHaveAttribute('data-source', 'template');
    await design.getByTestId('field-font_size').fill('22');
    await design.getByTestId('field-bg_color').fill('#00aa00');
    await expect.poll(async () => (await nodeStyle(b, two))?.bg_color, { timeout: 3000 }).toBe('#00aa00');
    await design.getByTestId('field-bg_color').fill('#ff8800');
    await expect.poll(async () => nodeDesign(a, two)).not.toHaveProperty('bg_color');
    await expect(design.getByTestId('source-bg_color')).toHaveAttribute('data-source', 'template');

    // Restored: the own font size goes too.
    panel = await openSidebar(a, 'shapeTemplates', 'node-templates-sidebar');
    await panel.getByTestId('template-restore').click();
    await expect.poll(async () => (await nodeDesign(b, two))?.font_size, { timeout: 3000 }).toBeUndefined();

    // Managed: the template's design changes, its objects follow in both browsers.
    const manage = await openSidebar(a, 'manageTemplates', 'manage-templates-sidebar');
    await manage.getByRole('button', { name }).click();
    await manage.getByTestId('field-border_width').fill('6');
    await expect.poll(async () => (await nodeStyle(b, one))?.border_width, { timeout: 3000 }).toBe(6);
    await expect.poll(async () => (await nodeStyle(b, two))?.border_width, { timeout: 3000 }).toBe(6);

    // Deleted with two nodes on it: they follow no template and fall back to the inherited values.
    panel = await openSidebar(a, 'shapeTemplates', 'node-templates-sidebar');
    await panel.getByRole('listitem').filter({ hasText: name }).getByTestId('template-delete').click();
    const dialog = a.getByTestId('confirm-dialog');
    await expect(dialog).toContainText('2 objects use it');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(async () => templateNames(b), { timeout: 3000 }).not.toContain(name);
    await expect.poll(async () => (await nodeDesign(b, one))?.object_template, { timeout: 3000 }).toBe('0');
    await expect.poll(async () => (await nodeStyle(b, two))?.bg_color).not.toBe('#ff8800');

    // Undone: the template is back under its id, and both nodes follow it again, in both browsers.
    await a.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(async () => templateNames(b), { timeout: 3000 }).toContain(name);
    await expect.poll(async () => (await nodeStyle(b, two))?.bg_color, { timeout: 3000 }).toBe('#ff8800');
    await expect.poll(async () => (await nodeDesign(b, one))?.object_template, { timeout: 3000 }).not.toBe('0');
    await expect(a.getByTestId('save-state')).toHaveAttribute('data-state', 'saved');
    await close();
  });

  test('edge templates: apply one of the map’s and restore', async ({ browser }) => {
    const { a, b, close } = await together(browser);
    const from = await addNode(a, 160, 560);
    const to = await addNode(a, 160, 760);
    const edge = await connect(a, from, to);
    await clickEdgeBetween(a, from, to);
    const panel = await openSidebar(a, 'edgeTemplates', 'edge-templates-sidebar');
    const first = panel.getByRole('listitem').first();
    const tname = (await first.getByTestId('template-name').textContent()) ?? '';
    await first.getByTestId('template-apply').click();
    await expect(panel.getByTestId('template-follows')).toContainText(tname);
    await expect.poll(async () => (await edgeDesign(b, edge))?.object_template, { timeout: 3000 }).not.toBe('0');
    await panel.getByTestId('template-detach').click();
    await expect.poll(async () => (await edgeDesign(b, edge))?.object_template ?? '0', { timeout: 3000 }).toBe('0');
    await close();
  });
});

test.describe('map and global settings', () => {
  test.use({ locale: 'en-US' });

  test('map settings: saved, synced and kept; a second browser sees the section lock and opens it read-only', async ({ browser }) => {
    const { a, b, close } = await together(browser);
    const sidebar = await openSidebar(a, 'mapSettings', 'map-settings-sidebar');
    await expect(b.getByTestId('menu-mapSettings')).toHaveAttribute('data-locked-by', /.+/);
    const other = await openSidebar(b, 'mapSettings', 'map-settings-sidebar');
    await expect(other.getByTestId('sidebar-lock')).toContainText('Demo editor');
    await expect(other.getByTestId('map-bg_color')).toBeDisabled();

    await sidebar.getByTestId('map-bg_color').fill('#fff7e6');
    await sidebar.getByTestId('map-media_repeat').selectOption('repeat-x');
    await sidebar.getByTestId('map-mark_visited').check();
    await sidebar.getByTestId('map-width').fill('99');
    await expect(sidebar.getByRole('alert')).toContainText('Between 100 and 100000');
    await expect
      .poll(async () => (await mapSettings(b))?.design, { timeout: 3000 })
      .toMatchObject({ bg_color: '#fff7e6', media_repeat: 'repeat-x' });
    await expect(other.getByTestId('map-bg_color')).toHaveValue('#fff7e6');

    // More levels, then back: the level choice follows in the other browser.
    const levels = (await mapSettings(a))?.visibility_levels ?? 0;
    await sidebar.getByTestId('map-levels').selectOption(String(levels + 1));
    await expect(b.getByTestId('level-select').locator('option')).toHaveCount(levels + 1, { timeout: 3000 });
    await sidebar.getByTestId('map-levels').selectOption(String(levels));
    await expect(b.getByTestId('level-select').locator('option')).toHaveCount(levels, { timeout: 3000 });

    // Closing releases the lock.
    await a.getByTestId('menu-mapSettings').click();
    await expect(b.getByTestId('menu-mapSettings')).not.toHaveAttribute('data-locked-by', /.+/);
    await a.reload();
    await waitForEditor(a);
    expect((await mapSettings(a))?.design).toMatchObject({ bg_color: '#fff7e6' });
    await close();
  });

  test('global settings: node defaults are drawn in both browsers; other sections are stored', async ({ browser }) => {
    const { a, b, close } = await together(browser);
    const id = await addNode(a, 620, 560);
    const sidebar = await openSidebar(a, 'globalSettings', 'global-settings-sidebar');
    await expect(b.getByTestId('menu-globalSettings')).toHaveAttribute('data-locked-by', /.+/);
    await sidebar.getByTestId('field-font_size').fill('19');
    await expect.poll(async () => (await nodeStyle(b, id))?.font_size, { timeout: 3000 }).toBe(19);

    await sidebar.getByTestId('global-section').selectOption('edges');
    await sidebar.getByTestId('field-line_end').selectOption('dot');
    await expect.poll(async () => (await globalDesign(b))?.edges, { timeout: 3000 }).toMatchObject({ line_end: 'dot' });

    await sidebar.getByTestId('global-section').selectOption('table_of_contents');
    await sidebar.getByTestId('global-table_of_contents-depth').fill('5');
    await expect(sidebar.getByRole('alert')).toContainText('Between 1 and 4');
    await sidebar.getByTestId('global-table_of_contents-depth').fill('3');
    await sidebar.getByTestId('global-table_of_contents-enabled').check();
    await expect.poll(async () => (await globalDesign(b))?.table_of_contents, { timeout: 3000 }).toEqual({ depth: 3, enabled: true });

    // Back to the defaults.
    await sidebar.getByTestId('global-section').selectOption('nodes');
    await sidebar.getByTestId('reset-font_size').click();
    await sidebar.getByTestId('global-section').selectOption('edges');
    await sidebar.getByTestId('reset-line_end').click();
    await expect.poll(async () => (await nodeStyle(b, id))?.font_size, { timeout: 3000 }).not.toBe(19);
    await close();
  });
});

test.describe('layers panel', () => {
  test.use({ locale: 'en-US' });

  test('all edges can be hidden and locked at once', async ({ browser }) => {
    const { a, b, close } = await together(browser);
    await a.getByTestId('menu-layers').click();
    const all = a.getByTestId('all-edges');
    await all.getByTestId('all-edges-hidden').check();
    await expect.poll(() => edgesHidden(b), { timeout: 3000 }).toBe(true);
    await all.getByTestId('all-edges-hidden').uncheck();
    await all.getByTestId('all-edges-locked').check();
    await expect.poll(() => edgesHidden(b), { timeout: 3000 }).toBe(false);
    await all.getByTestId('all-edges-locked').uncheck();
    await expect(all.getByTestId('all-edges-locked')).not.toBeChecked();
    await close();
  });
});

for (const [lang, locale] of [
  ['en', 'en-US'],
  ['de', 'de-DE'],
  ['fr', 'fr-FR'],
] as const) {
  test(`the sidebars in ${lang} (screenshots)`, async ({ browser }) => {
    const { context, page } = await openEditor(browser, 'editor', locale);
    const dir = `sidebars/${lang}`;
    const one = await addNode(page, 260, 640);
    const two = await addNode(page, 520, 640);
    await connect(page, one, two);
    await clickNode(page, one);
    await openSidebar(page, 'nodeDesign', 'node-design-sidebar');
    await saveShot(page, `${dir}-node-design`);
    await openSidebar(page, 'nodeVisibility', 'node-visibility-sidebar');
    await saveShot(page, `${dir}-node-visibility`);
    const form = await openSidebar(page, 'contentForm', 'content-form');
    await form.getByTestId('content-title').fill('Harbour');
    await expect(form.getByTestId('content-content')).toBeVisible();
    await saveShot(page, `${dir}-content-form`);
    await form.getByTestId('content-save').click();
    await openSidebar(page, 'shapeTemplates', 'node-templates-sidebar');
    await saveShot(page, `${dir}-shape-templates`);
    const manage = await openSidebar(page, 'manageTemplates', 'manage-templates-sidebar');
    await manage.getByRole('button').filter({ hasNotText: '×' }).nth(0).click();
    await saveShot(page, `${dir}-manage-templates`);
    await openSidebar(page, 'mapSettings', 'map-settings-sidebar');
    await saveShot(page, `${dir}-map-settings`);
    const global = await openSidebar(page, 'globalSettings', 'global-settings-sidebar');
    await saveShot(page, `${dir}-global-settings`);
    await global.getByTestId('global-section').selectOption('popups');
    await saveShot(page, `${dir}-global-settings-popups`);
    await clickEdgeBetween(page, one, two);
    await openSidebar(page, 'edgeDesign', 'edge-design-sidebar');
    await saveShot(page, `${dir}-edge-design`);
    await openSidebar(page, 'edgeVisibility', 'edge-visibility-sidebar');
    await saveShot(page, `${dir}-edge-visibility`);
    await page.getByTestId('menu-layers').click();
    await saveShot(page, `${dir}-layers`);
    await context.close();
  });
}
