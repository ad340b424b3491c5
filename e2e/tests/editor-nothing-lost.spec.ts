// Dialogs say what will happen, and what they promise holds: the number of levels lowered says
// how many ranges are squeezed and is undone with them; deleting a level counts what exists only
// on it and is undone with it; deleting nodes counts them and their edges, and undo brings them back, also after a reload.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { test } from '@playwright/test';
import { edgeCount, waitForEditor, type HookWindow, type Range } from './editing';
import { openEditor } from './editing';
import { saveShot } from './shots';

async function ok(res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<unknown> {
  expect(res.ok(), `${res.url()}: ${res.status()} ${await res.text()}`).toBe(true);
  return res.json();
}

/** A map of its own: three levels, two nodes only on level 2 joined by an edge, one on all levels. */
async function ownMap(api: APIRequestContext, name: string): Promise<{ id: number; only: number[]; all: number }> {
  const map = (await ok(
    await api.post('/api/v1/clients/demo/maps', { data: { name, measurement: { width: 2000, height: 1000 }, visibility_levels: 3 } }),
  )) as { id: number };
  const node = async (x: number, min: number, max: number) =>
    (
      (await ok(
        await api.post(`/api/v1/maps/${map.id}/nodes`, {
          data: {
            design: { shape: 'circle' },
            geometry: { center: { x, y: 400 } },
            visibility: { min_level: min, max_level: max, hidden: false },
          },
        }),
      )) as { id: number }
    ).id;
  const a = await node(600, 2, 2);
  const b = await node(1000, 2, 2);
  const all = await node(1400, 1, 3);
  await ok(await api.post(`/api/v1/maps/${map.id}/edges/`, { data: { node: { from_id: a, to_id: b } } }));
  return { id: map.id, only: [a, b], all };
}

const ranges = (page: Page, ids: number[]) =>
  page.evaluate((xs) => xs.map((i) => (window as HookWindow).__strataEditor?.nodeVisibility(i) ?? null), ids);

test.describe('dialogs that tell the truth', () => {
  test.use({ locale: 'en-US' });

  test('lowering the number of levels asks with what is squeezed, and undo brings the ranges back', async ({ browser }) => {
    const { context, page } = await openEditor(browser, 'editor');
    const { id, only, all } = await ownMap(page.request, `Levels ${Date.now() % 100000}`);
    try {
      await page.goto(`/editor/${id}`);
      await waitForEditor(page);
      const before: (Range | null)[] = await ranges(page, [...only, all]);

      await page.getByTestId('menu-mapSettings').click();
      await page.getByTestId('map-levels').selectOption('1');
      const dialog = page.getByTestId('confirm-dialog');
      await expect(dialog).toContainText('3 nodes and 1 edge lie on levels that go');
      await saveShot(page, 'levels-lower-dialog-en');
      await dialog.getByRole('button', { name: 'Use 1 level' }).click();
      await expect.poll(() => ranges(page, [all])).toEqual([{ min_level: 1, max_level: 1, hidden: false }]);
      await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved');

      await page.getByRole('button', { name: 'Undo' }).click();
      await expect.poll(() => ranges(page, [...only, all])).toEqual(before);
      await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved');
      // Stored so: read again from the server.
      await page.reload();
      await waitForEditor(page);
      await expect.poll(() => ranges(page, [...only, all])).toEqual(before);
      await expect(page.getByTestId('level-select').locator('option')).toHaveCount(3);
    } finally {
      await page.request.delete(`/api/v1/maps/${id}`);
      await context.close();
    }
  });

  test('deleting nodes counts them and their edges; undo brings them back, also after a reload', async ({ browser }) => {
    const { context, page } = await openEditor(browser, 'editor');
    const { id, only } = await ownMap(page.request, `Undo ${Date.now() % 100000}`);
    const stored = async () =>
      (await ok(await page.request.get(`/api/v1/maps/${id}`))) as { nodes: { id: number }[]; edges: { id: number }[] };
    try {
      await ok(
        await page.request.patch(`/api/v1/maps/${id}/elements`, {
          data: { nodes: [{ id: only[0], content: { en: { title: 'Kept title' } } }] },
        }),
      );
      await page.goto(`/editor/${id}`);
      await waitForEditor(page);
      await page.getByTestId('level-select').selectOption('2');
      const before = await stored();

      // Both level-2 nodes selected (shift-click), then deleted through the dialog.
      for (const [i, n] of only.entries()) {
        const p = await page.evaluate((x) => (window as HookWindow).__strataEditor?.nodePagePoint(x) ?? null, n);
        if (!p) throw new Error(`node ${n} is not in view`);
        if (i > 0) await page.keyboard.down('Shift');
        await page.mouse.click(p.x, p.y);
        if (i > 0) await page.keyboard.up('Shift');
      }
      await page.getByTestId('delete-button').click();
      const dialog = page.getByTestId('confirm-dialog');
      await expect(dialog).toContainText('2 nodes and 1 edge will be deleted');
      await saveShot(page, 'delete-dialog-en');
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await expect(page.getByTestId('toast-success')).toHaveText('2 nodes deleted');
      await expect.poll(async () => (await stored()).nodes.length).toBe(before.nodes.length - 2);

      // Undone: the nodes come back with their ids and the edge between them, stored.
      await page.getByRole('button', { name: 'Undo' }).click();
      await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved');
      await expect.poll(async () => (await stored()).nodes.map((n) => n.id).sort()).toEqual(before.nodes.map((n) => n.id).sort());
      expect((await stored()).edges.map((e) => e.id)).toEqual(before.edges.map((e) => e.id));
      await page.reload();
      await waitForEditor(page);
      await expect
        .poll(() => ranges(page, only))
        .toEqual([
          { min_level: 2, max_level: 2, hidden: false },
          { min_level: 2, max_level: 2, hidden: false },
        ]);
      // With its content, as it was.
      const node = (await ok(await page.request.get(`/api/v1/maps/${id}/nodes/${only[0]}`))) as { content: { en?: { title?: string } } };
      expect(node.content.en?.title).toBe('Kept title');
    } finally {
      await page.request.delete(`/api/v1/maps/${id}`);
      await context.close();
    }
  });

  test('deleting a level counts the nodes and edges that exist only on it; undo brings them back', async ({ browser }) => {
    const { context, page } = await openEditor(browser, 'editor');
    const { id, only, all } = await ownMap(page.request, `Layer ${Date.now() % 100000}`);
    try {
      await page.goto(`/editor/${id}`);
      await waitForEditor(page);
      const before: (Range | null)[] = await ranges(page, [...only, all]);
      await page.getByTestId('menu-layers').click();
      await page.getByTestId('layer-2').getByRole('button', { name: 'Delete level 2' }).click();
      const dialog = page.getByTestId('confirm-dialog');
      await expect(dialog).toContainText('2 nodes and 1 edge exist only on this level and are deleted with it. You can undo this.');
      await saveShot(page, 'layer-delete-dialog-en');
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await expect.poll(() => ranges(page, only)).toEqual([null, null]);
      await expect.poll(() => ranges(page, [all])).toEqual([{ min_level: 1, max_level: 2, hidden: false }]);
      await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved');

      // Undone: the level, its nodes and their edge come back with their ids and ranges, and stay after a reload.
      await page.getByRole('button', { name: 'Undo' }).click();
      await expect.poll(() => ranges(page, [...only, all])).toEqual(before);
      await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved');
      await page.reload();
      await waitForEditor(page);
      expect(await ranges(page, [...only, all])).toEqual(before);
      expect(await edgeCount(page)).toBe(1);
      await page.getByTestId('menu-layers').click();
      // Level 1 keeps nothing of its own: its dialog says only that the levels move down.
      await page.getByTestId('layer-1').getByRole('button', { name: 'Delete level 1' }).click();
      await expect(dialog).toContainText('The levels above it move down by one');
      await expect(dialog).not.toContainText('exist only on this level');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
    } finally {
      await page.request.delete(`/api/v1/maps/${id}`);
      await context.close();
    }
  });
});
