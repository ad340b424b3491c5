// Rights withdrawn while an editor has the map open reach their browser within a second (the
// live channel closes or turns read-only, their locks go), and an admin breaks another editor's
// lock. Two browsers each; one run per language, with screenshots to look at.
import { expect, type Page } from '@playwright/test';
import { test } from '@playwright/test';
import { openEditor } from './editing';
import { saveShot } from './shots';

const LOCALES = [
  { lang: 'en', locale: 'en-US', readOnly: 'Read only', revoked: 'You no longer have access to this map', broken: 'has taken over' },
  {
    lang: 'de',
    locale: 'de-DE',
    readOnly: 'Nur lesen',
    revoked: 'Sie haben keinen Zugriff mehr auf diese Karte',
    broken: 'hat übernommen',
  },
  { lang: 'fr', locale: 'fr-FR', readOnly: 'Lecture seule', revoked: 'Vous n’avez plus accès à cette carte', broken: 'a repris' },
];

const mapIdOf = (page: Page) => Number(new URL(page.url()).pathname.split('/').pop());

async function editorUserId(admin: Page): Promise<number> {
  const res = await admin.request.get('/api/v1/clients/demo/users?limit=200');
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as { users: { id: number; email: string }[] };
  const editor = body.users.find((u) => u.email === 'editor@demo.example.org');
  if (!editor) throw new Error('no demo editor among the members');
  return editor.id;
}

/** Sets the demo editor's access to the map, as the admin; answers when the server has it. */
async function setAccess(admin: Page, mapId: number, userId: number, access: 'none' | 'read' | 'edit') {
  const res = await admin.request.patch(`/api/v1/maps/${mapId}/permissions`, {
    data: { users: { [`/api/v1/users/${userId}`]: access } },
    headers: { Origin: new URL(admin.url()).origin },
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function openMapSettings(page: Page) {
  await page.getByTestId('menu-mapSettings').click();
  const sidebar = page.getByTestId('map-settings-sidebar');
  await expect(sidebar).toBeVisible();
  return sidebar;
}

for (const l of LOCALES) {
  test.describe(`live rights (${l.lang})`, () => {
    // Two browsers, each signing in and loading the editor: more than one browser's time.
    test.setTimeout(90_000);
    test('an admin lowers, then removes, an editor’s map access while they edit', async ({ browser }) => {
      const ed = await openEditor(browser, 'editor', { locale: l.locale });
      const adm = await openEditor(browser, 'admin', { locale: l.locale });
      const a = ed.page;
      const b = adm.page;
      const mapId = mapIdOf(b);
      const userId = await editorUserId(b);
      try {
        // A lock left by an earlier test's browser is kept for the live channel's 10 s grace.
        await expect(a.getByTestId('menu-mapSettings')).not.toHaveAttribute('data-locked-by', /.+/, { timeout: 15_000 });
        await openMapSettings(a);
        await expect(b.getByTestId('menu-mapSettings')).toHaveAttribute('data-locked-by', /.+/);

        // The rights change on the open socket: a second one raced the first on the server
        // (refused as a duplicate while the first was closing, or missing the next change).
        const sockets: string[] = [];
        a.on('websocket', (ws) => {
          if (ws.url().includes('/api/v1/live')) sockets.push(ws.url());
        });

        // Read: the editor's map turns read-only and the section lock goes, within a second.
        await setAccess(b, mapId, userId, 'read');
        await expect(b.getByTestId('menu-mapSettings')).not.toHaveAttribute('data-locked-by', /.+/, { timeout: 1000 });
        await expect(a.getByTestId('editor')).toHaveAttribute('data-can-edit', 'false', { timeout: 1000 });
        await expect(a.getByText(l.readOnly, { exact: true })).toBeVisible();
        await saveShot(a, `live-read-only-${l.lang}`);
        expect(sockets).toEqual([]);

        // None: the socket is closed for good and the editor is told why, within a second.
        await setAccess(b, mapId, userId, 'none');
        const dialog = a.getByTestId('revoked-dialog');
        await expect(dialog).toBeVisible({ timeout: 1000 });
        await expect(dialog).toContainText(l.revoked);
        await saveShot(a, `live-access-revoked-${l.lang}`);
        // No reconnect loop: the dialog stays, and the admin sees the editor gone.
        await expect(b.getByTestId('presence-avatar')).toHaveCount(1);
        await a.waitForTimeout(1500);
        await expect(dialog).toBeVisible();
      } finally {
        await setAccess(b, mapId, userId, 'edit');
        await Promise.all([ed.context.close(), adm.context.close()]);
      }
    });

    test('an admin breaks an editor’s lock and the editor is told', async ({ browser }) => {
      const ed = await openEditor(browser, 'editor', { locale: l.locale });
      const adm = await openEditor(browser, 'admin', { locale: l.locale });
      const a = ed.page;
      const b = adm.page;
      try {
        await openMapSettings(a);
        await expect(b.getByTestId('menu-mapSettings')).toHaveAttribute('data-locked-by', /.+/);
        const other = await openMapSettings(b);
        await expect(other.getByTestId('sidebar-lock')).toContainText('Demo editor');
        await expect(other.getByTestId('map-bg_color')).toBeDisabled();
        // The editor sees no such action on a lock of the admin's.
        await expect(a.getByTestId('break-lock')).toHaveCount(0);
        await saveShot(b, `live-break-lock-${l.lang}`);

        await other.getByTestId('break-lock').click();
        await expect(a.getByTestId('toast-warning')).toContainText(l.broken);
        await expect(other.getByTestId('sidebar-lock')).toHaveCount(0);
        await expect(other.getByTestId('map-bg_color')).toBeEnabled();
        // The admin holds the section now; the editor sees it locked.
        await expect(a.getByTestId('menu-mapSettings')).toHaveAttribute('data-locked-by', /.+/);
        await saveShot(a, `live-lock-broken-${l.lang}`);
        // Closed, so that the next test's admin, back within the grace period, does not keep it.
        await b.getByTestId('menu-mapSettings').click();
        await expect(a.getByTestId('menu-mapSettings')).not.toHaveAttribute('data-locked-by', /.+/);
      } finally {
        await Promise.all([ed.context.close(), adm.context.close()]);
      }
    });
  });
}
