// The zoomable read-only map (the viewer) on the demo map's working copy: levels follow the zoom,
// nodes open their content in the reader's language, search finds them.
import { expect, test, type Page } from '@playwright/test';
import { signInAs } from './accounts';
import { demoMapId } from './editing';
import { saveShot } from './shots';
import { clickableNode, type HookWindow, type ViewerHook } from './viewerHook';

interface DemoNode {
  id: number;
  visibility: { min_level: number; max_level: number; hidden: boolean };
  content: Record<string, { title?: string; node_search_terms?: string } | undefined>;
}

/** Opens the demo map's preview; answers its nodes. */
async function openPreview(page: Page): Promise<DemoNode[]> {
  const map = { id: await demoMapId(page.request) };
  const doc = (await (await page.request.get(`/api/v1/maps/${map.id}`)).json()) as { nodes: DemoNode[] };
  await page.goto(`/preview/${map.id}`);
  await expect(page.getByTestId('viewer-canvas')).toBeVisible();
  await page.waitForFunction(() => (window as HookWindow).__strataViewer !== undefined);
  return doc.nodes;
}

const hook = <T>(page: Page, fn: (h: ViewerHook, arg: number) => T, arg = 0) =>
  page.evaluate(([f, a]) => new Function('h', 'a', `return (${f})(h, a)`)((window as HookWindow).__strataViewer, a) as T, [
    fn.toString(),
    arg,
  ] as const);

test.describe('the viewer', () => {
  test.use({ locale: 'en-US' });

  test('zooming moves through the levels: elements appear and disappear', async ({ page }) => {
    await signInAs(page, 'editor');
    const nodes = await openPreview(page);
    const deeper = nodes.find((n) => n.visibility.min_level === 2 && !n.visibility.hidden);
    const topOnly = nodes.find((n) => n.visibility.max_level === 1 && !n.visibility.hidden);
    if (!deeper || !topOnly) throw new Error('the demo map lacks nodes of level 2 or of level 1 only');
    expect(await hook(page, (h) => h.level())).toBe(1);
    expect(await hook(page, (h, id) => h.nodeShown(id), deeper.id)).toBe(false);
    expect(await hook(page, (h, id) => h.nodeShown(id), topOnly.id)).toBe(true);

    await page.getByRole('button', { name: 'Zoom in' }).click();
    await expect(page.getByTestId('viewer-level')).toContainText('2 of');
    // During the fade both show; after it, only the new level's.
    await expect.poll(() => hook(page, (h) => h.fading())).toBe(false);
    expect(await hook(page, (h, id) => h.nodeShown(id), deeper.id)).toBe(true);
    expect(await hook(page, (h, id) => h.nodeShown(id), topOnly.id)).toBe(false);

    await page.getByRole('button', { name: 'Fit to map' }).click();
    await expect(page.getByTestId('viewer-level')).toContainText('1 of');
  });

  test('a node opens its content, in the language the reader picks', async ({ page }) => {
    await signInAs(page, 'editor');
    const nodes = await openPreview(page);
    const level1 = nodes.filter((n) => n.visibility.min_level === 1 && !n.visibility.hidden && n.content.de?.title);
    const { node, x, y } = await clickableNode(page, level1);
    await page.mouse.click(x, y);
    const popup = page.getByTestId('node-popup');
    await expect(popup.getByRole('heading')).toHaveText(node.content.en?.title ?? '');
    await page.getByTestId('viewer-language').selectOption('de');
    await expect(popup.getByRole('heading')).toHaveText(node.content.de?.title ?? '');
    await expect(popup).toHaveAttribute('lang', 'de');
    await page.keyboard.press('Escape');
    await expect(popup).toBeHidden();
  });

  test('search finds a node by its title and opens it', async ({ page }) => {
    await signInAs(page, 'editor');
    const nodes = await openPreview(page);
    const node = nodes.find((n) => !n.visibility.hidden && n.content.en?.title);
    const title = node?.content.en?.title ?? '';
    await page.getByTestId('viewer-search').fill(title);
    await page.getByRole('listbox').getByRole('button', { name: title, exact: true }).click();
    await expect(page.getByTestId('node-popup').getByRole('heading')).toHaveText(title);
    // The node found is centred and outlined, without the editor's resize handles.
    await saveShot(page, 'viewer-search-opened');
  });
});

for (const [lang, locale] of [
  ['en', 'en-US'],
  ['de', 'de-DE'],
  ['fr', 'fr-FR'],
] as const) {
  test(`the viewer in ${lang} (screenshot)`, async ({ browser }) => {
    const context = await browser.newContext({ locale });
    const page = await context.newPage();
    await signInAs(page, 'editor');
    const nodes = await openPreview(page);
    const node = nodes.find((n) => n.visibility.min_level === 1 && !n.visibility.hidden);
    const p = node ? await hook(page, (h, id) => h.nodePagePoint(id), node.id) : null;
    if (!p) throw new Error('no node drawn');
    await page.mouse.click(p.x, p.y);
    await expect(page.getByTestId('node-popup')).toBeVisible();
    await page.getByTestId('viewer-search').fill('a');
    await saveShot(page, `viewer-${lang}`);
    await context.close();
  });
}
