// Versions and the map protocol in the editor: the live status as the map changes, keeping,
// publishing, restoring and resetting versions with other editors present, and the protocol
// (admins only). Every test that publishes the demo map takes it down again, so that the other
// specs find it unpublished.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { LOCALES, text } from './catalog';
import { addNode, nodeIds, openEditor, together, type HookWindow } from './editing';
import { saveShot } from './shots';

async function ok(res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<unknown> {
  expect(res.ok(), `${res.url()}: ${res.status()} ${await res.text()}`).toBe(true);
  return res.json();
}

/** The demo map's id, as the editor page has it open. */
function mapIdOf(page: Page): number {
  const id = Number(/\/editor\/(\d+)/.exec(page.url())?.[1]);
  if (!id) throw new Error(`not in the editor: ${page.url()}`);
  return id;
}

/** Takes the demo map's live version down and its live toggle off, for the specs that follow. */
async function unpublish(api: APIRequestContext, mapId: number): Promise<void> {
  await ok(await api.patch(`/api/v1/maps/${mapId}/live`, { data: { live: false } }));
  await ok(await api.delete(`/api/v1/maps/${mapId}/publication/live`));
}

async function openPanel(page: Page, option: 'versions' | 'protocol') {
  const panel = page.getByTestId(`${option}-sidebar`);
  if (!(await panel.isVisible())) await page.getByTestId(`menu-${option}`).click();
  await expect(panel).toBeVisible();
  return panel;
}

const hasNode = (page: Page, id: number) => page.evaluate((i) => (window as HookWindow).__strataEditor?.nodeIds().includes(i) ?? false, id);

test('the live status goes from up to date to changed as the preview changes', async ({ browser }) => {
  const { context, page } = await openEditor(browser, 'editor');
  const mapId = mapIdOf(page);
  let added = 0;
  try {
    const panel = await openPanel(page, 'versions');
    await expect(panel.getByTestId('live-status')).toHaveAttribute('data-status', 'not_published');
    await panel.getByTestId('version-name').fill('First edition');
    await panel.getByTestId('versions-publish').click();
    await expect(panel.getByTestId('live-status')).toHaveAttribute('data-status', 'up_to_date');
    await expect(panel.getByTestId('live-version')).toContainText('First edition');
    await expect(panel.getByTestId('version-row').first()).toContainText('First edition');
    await expect(panel.getByTestId('version-row').first().getByTestId('version-live')).toBeVisible();

    added = await addNode(page, 420, 520);
    await openPanel(page, 'versions');
    await expect(panel.getByTestId('live-status')).toHaveAttribute('data-status', 'changed');
    await expect(panel.getByTestId('live-status')).toHaveText('The map has changed since it was published.');
    await expect(panel.getByTestId('versions-publish')).toHaveText('Sync with live');
    // The publishing sections show the same status.
    await page.getByTestId('menu-seo').click();
    await expect(page.getByTestId('publishing-sidebar').getByTestId('live-status')).toHaveAttribute('data-status', 'changed');
  } finally {
    if (added) await page.request.delete(`/api/v1/maps/${mapId}/nodes/${added}`);
    await unpublish(page.request, mapId);
    await context.close();
  }
});

test('a restored version reaches every editor present without a reload', async ({ browser }) => {
  const { a, b, close } = await together(browser);
  const mapId = mapIdOf(a);
  try {
    const panel = await openPanel(a, 'versions');
    const name = `Before the harbour ${Date.now().toString(36)}`;
    await panel.getByTestId('version-name').fill(name);
    await panel.getByTestId('version-description').fill('Kept before adding a node');
    await panel.getByTestId('version-save').click();
    const row = panel.getByTestId('version-row').filter({ hasText: name });
    await expect(row).toContainText('Kept before adding a node');
    await expect(row).toHaveAttribute('data-kind', 'saved');

    const added = await addNode(a, 380, 480);
    await expect.poll(() => hasNode(b, added)).toBe(true);
    const before = (await nodeIds(b)).length;

    await openPanel(a, 'versions');
    await row.getByTestId('version-restore').click();
    const confirm = a.getByTestId('confirm-dialog');
    await expect(confirm).toContainText('Every editor present reloads the map');
    await confirm.getByRole('button', { name: 'Restore' }).click();
    await expect(a.getByTestId('toast-success').filter({ hasText: `The map is restored to “${name}”.` })).toBeVisible();

    // B is told, and both canvases lose the node, without anyone reloading the page.
    await expect(b.getByTestId('toast-warning').filter({ hasText: 'restored the map to an earlier version' })).toBeVisible();
    await expect.poll(() => hasNode(b, added)).toBe(false);
    await expect.poll(() => hasNode(a, added)).toBe(false);
    expect((await nodeIds(b)).length).toBe(before - 1);
    // Undo cannot bring back what the restore replaced.
    await expect(a.getByRole('button', { name: 'Undo' })).toBeDisabled();
  } finally {
    await close();
  }
});

test('reset preview to live puts the live version back in the editor', async ({ browser }) => {
  const { context, page } = await openEditor(browser, 'editor');
  const mapId = mapIdOf(page);
  try {
    const panel = await openPanel(page, 'versions');
    await panel.getByTestId('versions-publish').click();
    await expect(panel.getByTestId('live-status')).toHaveAttribute('data-status', 'up_to_date');
    // Nothing to reset to while the preview is the live version.
    await expect(panel.getByTestId('versions-reset')).toHaveCount(0);

    const added = await addNode(page, 460, 460);
    await openPanel(page, 'versions');
    await expect(panel.getByTestId('live-status')).toHaveAttribute('data-status', 'changed');
    await panel.getByTestId('versions-reset').click();
    const confirm = page.getByTestId('confirm-dialog');
    await expect(confirm).toContainText('Every editor present reloads the map');
    await confirm.getByRole('button', { name: 'Reset to live' }).click();
    await expect(page.getByTestId('toast-success').filter({ hasText: 'The preview is the live version again.' })).toBeVisible();
    await expect.poll(() => hasNode(page, added)).toBe(false);
    await expect(panel.getByTestId('live-status')).toHaveAttribute('data-status', 'up_to_date');

    // Taken down, after a confirmation.
    await panel.getByTestId('versions-take-down').click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Take it down' }).click();
    await expect(panel.getByTestId('live-status')).toHaveAttribute('data-status', 'not_published');
  } finally {
    await unpublish(page.request, mapId);
    await context.close();
  }
});

test('an admin reads the map protocol; a student may not, and may not publish', async ({ browser }) => {
  const admin = await openEditor(browser, 'admin');
  const page = admin.page;
  const mapId = mapIdOf(page);
  const me = (await ok(await page.request.get('/api/v1/auth/session'))) as { name: string };
  let added = 0;
  try {
    added = await addNode(page, 500, 420);
    const panel = await openPanel(page, 'protocol');
    const newest = panel.getByTestId('protocol-entry').first();
    await expect(newest).toHaveAttribute('data-type', 'node_created');
    await expect(newest.getByTestId('protocol-type')).toHaveText('Node created');
    await expect(newest.getByTestId('protocol-who')).toContainText(me.name);
    await expect(newest.getByTestId('protocol-what')).toContainText('Nodes: 1');
    // Older pages, one after another, in order.
    const shown = await panel.getByTestId('protocol-entry').count();
    expect(shown).toBeGreaterThan(0);
    const more = panel.getByTestId('protocol-more');
    if (await more.isVisible()) {
      await more.click();
      await expect.poll(() => panel.getByTestId('protocol-entry').count()).toBeGreaterThan(shown);
    }
    const revisions = await panel
      .getByTestId('protocol-entry')
      .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-revision'))));
    expect(revisions).toEqual([...revisions].sort((x, y) => y - x));
  } finally {
    if (added) await page.request.delete(`/api/v1/maps/${mapId}/nodes/${added}`);
    await admin.context.close();
  }

  const student = await openEditor(browser, 'student');
  try {
    const option = student.page.getByTestId('menu-protocol');
    await expect(option).toBeDisabled();
    await expect(option).toHaveAccessibleDescription('Needs the Administrator role');
    expect((await student.page.request.get(`/api/v1/maps/${mapId}/protocol`)).status()).toBe(403);
    // The versions are there to read; publishing and restoring are an admin's to ask for.
    const panel = await openPanel(student.page, 'versions');
    await expect(panel).toContainText('Ask an admin.');
    await expect(panel.getByTestId('version-restore')).toHaveCount(0);
    await expect(panel.getByTestId('versions-publish')).toHaveCount(0);
  } finally {
    await student.context.close();
  }
});

for (const { lang, locale } of LOCALES) {
  test(`the versions and protocol panels in ${lang} (screenshots)`, async ({ browser }) => {
    const { context, page } = await openEditor(browser, 'admin', { locale });
    const mapId = mapIdOf(page);
    let added = 0;
    try {
      await ok(
        await page.request.post(`/api/v1/maps/${mapId}/publish`, {
          data: { name: `${lang}: a published version with a long name`, description: 'What changed, in a few words.' },
        }),
      );
      const panel = await openPanel(page, 'versions');
      await expect(panel.getByTestId('live-status')).toHaveText(text(lang, 'sidebar.publishing.status.up_to_date'));
      // Another change: the panel offers syncing and resetting.
      const node = (await ok(
        await page.request.post(`/api/v1/maps/${mapId}/nodes`, {
          data: { design: { shape: 'circle' }, geometry: { center: { x: 80, y: 80 } } },
        }),
      )) as { id: number };
      added = node.id;
      await expect(panel.getByTestId('live-status')).toHaveText(text(lang, 'sidebar.publishing.status.changed'));
      await expect(panel.getByTestId('versions-reset')).toHaveText(text(lang, 'sidebar.versions.reset'));
      await expect(panel.getByTestId('versions-publish')).toHaveText(text(lang, 'sidebar.versions.sync'));
      await expect(panel.getByTestId('version-row').first()).toContainText(text(lang, 'sidebar.versions.kind.published'));
      await expect(panel.getByTestId('version-row').first()).toContainText(text(lang, 'sidebar.versions.restore'));
      await saveShot(page, `versions-${lang}`);
      const protocol = await openPanel(page, 'protocol');
      await expect(protocol.getByTestId('protocol-entry').first().getByTestId('protocol-type')).toHaveText(
        text(lang, 'sidebar.protocol.types.node_created'),
      );
      await expect(protocol.getByTestId('protocol-entry').nth(1).getByTestId('protocol-type')).toHaveText(
        text(lang, 'sidebar.protocol.types.map_published'),
      );
      await saveShot(page, `protocol-${lang}`);
    } finally {
      if (added) await page.request.delete(`/api/v1/maps/${mapId}/nodes/${added}`);
      await unpublish(page.request, mapId);
      await context.close();
    }
  });
}
