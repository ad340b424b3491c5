// The save state is always in view and tells the truth: saved, saving, offline with the changes
// kept on this device, or failing and retrying. Edits made offline survive a reload of the tab.
import { expect, type Page, type Route } from '@playwright/test';
import { test } from '@playwright/test';
import { dragNode, nodeIds, openEditor, pagePoint } from './editing';
import { saveShot } from './shots';

const LOCALES = [
  { lang: 'en', locale: 'en-US', saved: 'All changes saved', offline: '1 change kept on this device', failing: 'the server is busy' },
  {
    lang: 'de',
    locale: 'de-DE',
    saved: 'Alle Änderungen gespeichert',
    offline: '1 Änderung auf diesem Gerät aufbewahrt',
    failing: 'Der Server ist ausgelastet',
  },
  {
    lang: 'fr',
    locale: 'fr-FR',
    saved: 'Toutes les modifications sont enregistrées',
    offline: '1 modification conservée sur cet appareil',
    failing: 'le serveur est surchargé',
  },
];

const ELEMENTS = '**/api/v1/maps/*/elements';

/** A node of the demo map in view, to move. */
async function someNode(page: Page): Promise<number> {
  for (const id of await nodeIds(page)) {
    const p = await pagePoint(page, id);
    if (p && p.x > 400 && p.x < 1000 && p.y > 200 && p.y < 650) return id;
  }
  throw new Error('no node in view');
}

for (const l of LOCALES) {
  test(`the save state in each of its states (${l.lang})`, async ({ browser }) => {
    const { context, page } = await openEditor(browser, 'editor', { locale: l.locale });
    const state = page.getByTestId('save-state');
    try {
      await expect(state).toHaveAttribute('data-state', 'saved');
      await expect(state).toHaveText(l.saved);
      await saveShot(page, `save-state-saved-${l.lang}`);
      const id = await someNode(page);

      // Saving: the answer is held back until the state was seen.
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route(ELEMENTS, async (route: Route) => {
        await held;
        await route.continue();
      });
      await dragNode(page, id, 30, 0);
      await expect(state).toHaveAttribute('data-state', 'saving');
      await saveShot(page, `save-state-saving-${l.lang}`);
      release();
      await expect(state).toHaveAttribute('data-state', 'saved');
      await page.unroute(ELEMENTS);

      // Offline: no answer at all; the change is kept, counted, and saved once the server answers.
      await page.route(ELEMENTS, (route) => route.abort('internetdisconnected'));
      await dragNode(page, id, 30, 0);
      await expect(state).toHaveAttribute('data-state', 'offline');
      await expect(state).toContainText(l.offline);
      await saveShot(page, `save-state-offline-${l.lang}`);
      await page.unroute(ELEMENTS);
      await expect(state).toHaveAttribute('data-state', 'saved', { timeout: 10_000 });

      // Failing: the server is busy (503); the change stays and is tried again.
      await page.route(ELEMENTS, (route) =>
        route.fulfill({
          status: 503,
          contentType: 'application/json',
          headers: { 'Retry-After': '1' },
          body: JSON.stringify({ error: { code: 'busy', message: 'busy' } }),
        }),
      );
      await dragNode(page, id, 30, 0);
      await expect(state).toHaveAttribute('data-state', 'failing');
      await expect(state).toContainText(l.failing);
      await saveShot(page, `save-state-failing-${l.lang}`);
      await page.unroute(ELEMENTS);
      await expect(state).toHaveAttribute('data-state', 'saved', { timeout: 10_000 });
      // No success toast drowns the ones that matter.
      await expect(page.getByTestId('toast-success')).toHaveCount(0);
    } finally {
      await context.close();
    }
  });
}

test('a node created offline survives a reload and is stored once the server answers', async ({ browser }) => {
  const { context, page } = await openEditor(browser, 'editor');
  const mapId = Number(new URL(page.url()).pathname.split('/').pop());
  const stored = async () => {
    const res = await page.request.get(`/api/v1/maps/${mapId}`);
    return ((await res.json()) as { nodes: unknown[] }).nodes.length;
  };
  try {
    const before = await stored();
    const NODES = `**/api/v1/maps/${mapId}/nodes`;
    await page.route(NODES, (route) => (route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.continue()));
    await page.getByTestId('menu-addNode').click();
    await page.getByTestId('shape-circle').click();
    await page.getByTestId('editor-canvas').click({ position: { x: 640, y: 560 } });
    await expect.poll(async () => (await nodeIds(page)).filter((n) => n < 0).length).toBe(1);
    await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'offline');

    // The tab is reloaded while the server still cannot take the node: it is shown again.
    await page.reload();
    await expect(page.getByTestId('editor-canvas')).toBeVisible();
    await expect.poll(async () => (await nodeIds(page)).filter((n) => n < 0).length).toBe(1);
    await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'offline');
    expect(await stored()).toBe(before);

    // Back online: the kept node is stored, once.
    await page.unroute(NODES);
    await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved', { timeout: 20_000 });
    await expect.poll(stored).toBe(before + 1);
    await expect.poll(async () => (await nodeIds(page)).filter((n) => n < 0).length).toBe(0);
  } finally {
    await context.close();
  }
});
