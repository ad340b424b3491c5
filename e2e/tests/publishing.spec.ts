// Publishing a map and reading it at its public address, signed out.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiAsDemo, signInAs, uniqueEmail } from './accounts';
import { LOCALES, text } from './catalog';
import { addNode, openEditor, demoMapId } from './editing';
import { waitForLink } from './outbox';
import { saveShot } from './shots';
import { clickableNode, type HookWindow } from './viewerHook';

async function demoMap(api: APIRequestContext): Promise<{
  id: number;
  nodes: {
    id: number;
    visibility: { min_level: number; max_level: number; hidden: boolean };
    content: Record<string, { title?: string } | undefined>;
  }[];
}> {
  const map = { id: await demoMapId(api) };
  const doc = (await (await api.get(`/api/v1/maps/${map.id}`)).json()) as Awaited<ReturnType<typeof demoMap>>;
  return { ...doc, id: map.id };
}

async function ok(res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<unknown> {
  expect(res.ok(), `${res.url()}: ${res.status()} ${await res.text()}`).toBe(true);
  return res.json();
}

test('a published map is read signed out at its address, in German, and follows its access mode', async ({ page, browser }) => {
  await signInAs(page, 'editor');
  const api = page.request;
  const map = await demoMap(api);
  const address = `welcome-${Date.now().toString(36)}`;
  await ok(await api.patch(`/api/v1/maps/${map.id}/publication`, { data: { url: address, access_mode: 'accessible' } }));
  await ok(await api.patch(`/api/v1/maps/${map.id}/live`, { data: { live: true } }));
  const published = (await ok(await api.post(`/api/v1/maps/${map.id}/publish`, { data: { name: 'First' } }))) as { status: string };
  expect(published.status).toBe('up_to_date');

  // A reader without an account, in German.
  const reader = await browser.newContext({ locale: 'de-DE' });
  const readerPage: Page = await reader.newPage();
  await readerPage.goto(`/m/${address}`);
  await expect(readerPage.getByTestId('viewer-canvas')).toBeVisible();
  await readerPage.waitForFunction(() => (window as HookWindow).__strataViewer !== undefined);
  const level1 = map.nodes.filter((n) => n.visibility.min_level === 1 && !n.visibility.hidden && n.content.de?.title);
  const { node, x, y } = await clickableNode(readerPage, level1);
  await readerPage.mouse.click(x, y);
  await expect(readerPage.getByTestId('node-popup').getByRole('heading')).toHaveText(node.content.de?.title ?? '');
  await saveShot(readerPage, 'public-map-de');

  // Zooming in moves to level 2: its nodes appear, those of level 1 only go.
  const deeper = map.nodes.find((n) => n.visibility.min_level === 2 && !n.visibility.hidden);
  const topOnly = map.nodes.find((n) => n.visibility.max_level === 1 && !n.visibility.hidden);
  if (!deeper || !topOnly) throw new Error('the demo map lacks nodes of level 2 or of level 1 only');
  const shown = (id: number) => readerPage.evaluate((i) => (window as HookWindow).__strataViewer?.nodeShown(i) ?? false, id);
  await readerPage.keyboard.press('Escape');
  await expect(readerPage.getByTestId('node-popup')).toHaveCount(0);
  expect([await shown(deeper.id), await shown(topOnly.id)]).toEqual([false, true]);
  await readerPage.getByRole('button', { name: text('de', 'editor.zoom.in') }).click();
  await expect(readerPage.getByTestId('viewer-level')).toContainText('2 von');
  await expect.poll(() => readerPage.evaluate(() => (window as HookWindow).__strataViewer?.fading() ?? true)).toBe(false);
  expect([await shown(deeper.id), await shown(topOnly.id)]).toEqual([true, false]);
  await readerPage.getByRole('button', { name: text('de', 'editor.zoom.out') }).click();
  await expect(readerPage.getByTestId('viewer-level')).toContainText('1 von');
  await expect.poll(() => shown(topOnly.id)).toBe(true);

  // From the map overview: the preview of the working copy, and the live map at its address.
  await page.goto('/clients/demo');
  await expect(page.getByTestId('live-status').first()).toHaveText('Published version is up to date');
  await page.getByRole('button', { name: 'Preview' }).first().click();
  await page.getByTestId('open-preview').click();
  await expect(page).toHaveURL(new RegExp(`/preview/${map.id}$`));
  await expect(page.getByTestId('viewer-canvas')).toBeVisible();
  await page.goto('/clients/demo');
  await page.getByRole('button', { name: 'Live view' }).first().click();
  await page.getByTestId('open-live').click();
  await expect(page).toHaveURL(new RegExp(`/m/${address}$`));
  await expect(page.getByTestId('viewer-canvas')).toBeVisible();

  // Members only: the signed-out reader is asked to sign in.
  await ok(await api.patch(`/api/v1/maps/${map.id}/publication`, { data: { access_mode: 'limited' } }));
  await readerPage.reload();
  await expect(readerPage.getByText('Melden Sie sich an, um diese Karte zu lesen')).toBeVisible();

  // Taken down: the address is not there for anyone.
  await ok(await api.delete(`/api/v1/maps/${map.id}/publication/live`));
  await page.goto(`/m/${address}`);
  await expect(page.getByRole('heading', { name: 'This map is not here' })).toBeVisible();
  await saveShot(page, 'public-map-not-found-en');
  await reader.close();
  // The demo map's live seat is other tests' to take.
  await ok(await api.patch(`/api/v1/maps/${map.id}/live`, { data: { live: false } }));
});

test('a partial map: a reader registers and reads it; with the seats taken the next is told so', async ({ page, browser, baseURL }) => {
  await signInAs(page, 'editor');
  const api = page.request;
  const map = await demoMap(api);
  const superuser = await apiAsDemo(baseURL ?? '', 'superuser');
  const admin = await apiAsDemo(baseURL ?? '', 'admin');
  const address = `readers-${Date.now().toString(36)}`;
  type Quotas = { quotas: Record<string, { max: number | null; count: number }> };
  const before = ((await ok(await superuser.get('/api/v1/clients/demo/quotas'))) as Quotas).quotas.active_readers;
  const readerIds: number[] = [];
  const reader = await browser.newContext({ locale: 'fr-FR' });
  const late = await browser.newContext({ locale: 'en-GB' });
  try {
    await ok(await api.patch(`/api/v1/maps/${map.id}/publication`, { data: { url: address, access_mode: 'partial' } }));
    await ok(await api.patch(`/api/v1/maps/${map.id}/live`, { data: { live: true } }));
    await ok(await api.post(`/api/v1/maps/${map.id}/publish`, { data: { name: 'For readers' } }));
    // One seat left.
    await ok(await superuser.patch('/api/v1/clients/demo/quotas', { data: { active_readers: (before?.count ?? 0) + 1 } }));

    // A reader without an account registers, in French, and reads the map.
    const rp = await reader.newPage();
    await rp.goto(`/m/${address}`);
    await expect(rp.getByRole('heading', { name: 'Inscrivez-vous pour lire cette carte' })).toBeVisible();
    await rp.getByTestId('gate-submit').click();
    await expect(rp.getByText('Ce champ est obligatoire.').first()).toBeVisible();
    await saveShot(rp, 'reader-register-fr');
    const email = uniqueEmail('reader');
    await rp.getByTestId('gate-name').fill('Rita Lectrice');
    await rp.getByTestId('gate-email').fill(email);
    await rp.getByTestId('gate-password').fill('a long enough password');
    await rp.getByTestId('gate-password_confirmation').fill('a long enough password');
    await rp.getByTestId('gate-submit').click();
    // A pending sign-up until the link mailed to the address is followed: then signed in, on the map.
    await expect(rp.getByRole('heading', { name: text('fr', 'viewer.gate.pendingTitle') })).toBeVisible();
    await expect(rp.getByTestId('gate-pending')).toHaveText(text('fr', 'viewer.gate.pendingHint'));
    await saveShot(rp, 'reader-pending-fr');
    expect((await rp.request.get('/api/v1/auth/session')).status()).toBe(401);
    await rp.goto(await waitForLink(email, '/verify-email'));
    await expect(rp).toHaveURL(new RegExp(`/m/${address}$`));
    await expect(rp.getByTestId('viewer-canvas')).toBeVisible();
    const me = (await ok(await rp.request.get('/api/v1/auth/session'))) as { id: number };
    readerIds.push(me.id);

    // The seats are taken: the next reader is told so, and the address they typed has no account.
    const lp = await late.newPage();
    await lp.goto(`/m/${address}`);
    await lp.getByTestId('gate-name').fill('Late Reader');
    const lateEmail = uniqueEmail('late');
    await lp.getByTestId('gate-email').fill(lateEmail);
    await lp.getByTestId('gate-password').fill('a long enough password');
    await lp.getByTestId('gate-password_confirmation').fill('a long enough password');
    await lp.getByTestId('gate-submit').click();
    await expect(lp.getByTestId('gate-error')).toHaveText('This map has all the readers it can take. Ask whoever shared it.');
    await saveShot(lp, 'reader-seats-taken-en');

    // Registering with an address that has an account turns to signing in with it.
    await lp.getByTestId('gate-email').fill(email);
    await lp.getByTestId('gate-submit').click();
    await expect(lp.getByRole('heading', { name: 'Sign in to read this map' })).toBeVisible();
    await expect(lp.getByTestId('gate-email')).toHaveValue(email);
    await lp.getByTestId('gate-password').fill('a long enough password');
    await lp.getByTestId('gate-submit').click();
    await expect(lp.getByTestId('viewer-canvas')).toBeVisible();

    // A reader is no member: the organisation's maps stay closed to them.
    expect((await rp.request.get('/api/v1/clients/demo/maps')).status()).toBe(404);
    expect((await rp.request.get(`/api/v1/maps/${map.id}`)).status()).toBe(404);

    // The admin sees the reader apart from the members, and frees the seat.
    const adminPage = await browser.newPage({ locale: 'de-DE' });
    await signInAs(adminPage, 'admin');
    await adminPage.goto('/clients/demo/settings');
    await adminPage.getByRole('tab', { name: text('de', 'clientSettings.tabs.users') }).click();
    const row = adminPage.getByTestId('reader-row').filter({ hasText: email });
    await expect(row).toContainText('Rita Lectrice');
    await expect(adminPage.getByTestId('member-row').filter({ hasText: email })).toHaveCount(0);
    await saveShot(adminPage, 'client-readers-de');
    await row.getByRole('button', { name: text('de', 'clientSettings.remove') }).click();
    await adminPage
      .getByTestId('confirm-dialog')
      .getByRole('button', { name: text('de', 'clientSettings.remove') })
      .click();
    await expect(adminPage.getByText(text('de', 'clientSettings.readers.removed', { email }))).toBeVisible();
    await expect(row).toHaveCount(0);
    readerIds.length = 0;
    await adminPage.close();
    // Removed, the reader is asked to become one again.
    await rp.reload();
    await expect(rp.getByTestId('gate-submit')).toHaveText(text('fr', 'viewer.gate.join'));
  } finally {
    for (const id of readerIds) await admin.delete(`/api/v1/clients/demo/readers/${id}`);
    await superuser.patch('/api/v1/clients/demo/quotas', { data: { active_readers: before?.max ?? null } });
    await api.delete(`/api/v1/maps/${map.id}/publication/live`);
    await api.patch(`/api/v1/maps/${map.id}/publication`, { data: { access_mode: 'limited' } });
    await api.patch(`/api/v1/maps/${map.id}/live`, { data: { live: false } });
    await reader.close();
    await late.close();
    await superuser.dispose();
    await admin.dispose();
  }
});

/**
 * A site of its own on a loopback port whose page embeds the address; answers its origin. Strata is
 * served at 127.0.0.1, so a site at host localhost is another site, for which the frame is a
 * third party.
 */
async function embeddingSite(
  src: string,
  host: '127.0.0.1' | 'localhost' = '127.0.0.1',
): Promise<{ origin: string; close: () => Promise<void> }> {
  const server = createServer((_req, res) => {
    res.setHeader('Content-Type', 'text/html');
    res.end(`<!doctype html><title>Site</title><iframe id="map" src="${src}" width="1000" height="700"></iframe>`);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://${host}:${port}`,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

test('an embed is shown on an allowed site and refused by the browser elsewhere', async ({ page, browser, baseURL }) => {
  await signInAs(page, 'editor');
  const api = page.request;
  const map = await demoMap(api);
  const address = `embed-${Date.now().toString(36)}`;
  const partner = await embeddingSite(`${baseURL}/m/${address}`);
  const elsewhere = await embeddingSite(`${baseURL}/m/${address}`);
  await ok(
    await api.patch(`/api/v1/maps/${map.id}/publication`, {
      data: { url: address, access_mode: 'accessible', embed_domains: partner.origin },
    }),
  );
  await ok(await api.patch(`/api/v1/maps/${map.id}/live`, { data: { live: true } }));
  await ok(await api.post(`/api/v1/maps/${map.id}/publish`, { data: {} }));
  try {
    const context = await browser.newContext();
    const shown = await context.newPage();
    await shown.goto(`${partner.origin}/`);
    await expect(shown.frameLocator('#map').getByTestId('viewer-canvas')).toBeVisible();

    const refused = await context.newPage();
    const blocked = refused.waitForEvent('console', (m) => /frame-ancestors/.test(m.text()));
    await refused.goto(`${elsewhere.origin}/`);
    await blocked;
    await expect(refused.frameLocator('#map').getByTestId('viewer-canvas')).toHaveCount(0);

    // Callable only when embedded: the partner's page still shows it; opened directly, it is refused in the reader's language.
    await ok(await api.patch(`/api/v1/maps/${map.id}/publication`, { data: { embed_only: true } }));
    await shown.reload();
    await expect(shown.frameLocator('#map').getByTestId('viewer-canvas')).toBeVisible();
    for (const { lang, locale } of LOCALES) {
      const direct = await browser.newContext({ locale });
      const page = await direct.newPage();
      const res = await page.goto(`/m/${address}`);
      expect(res?.status()).toBe(403);
      await expect(page.getByRole('heading', { name: text(lang, 'viewer.embedOnly') })).toBeVisible();
      await expect(page.getByTestId('viewer-canvas')).toHaveCount(0);
      await saveShot(page, `embed-only-refused-${lang}`);
      await direct.close();
    }
    await context.close();
  } finally {
    await ok(await api.delete(`/api/v1/maps/${map.id}/publication/live`));
    await ok(await api.patch(`/api/v1/maps/${map.id}/publication`, { data: { embed_only: false, embed_domains: '' } }));
    await ok(await api.patch(`/api/v1/maps/${map.id}/live`, { data: { live: false } }));
    await partner.close();
    await elsewhere.close();
  }
});

test('a member signs in inside a members-only map embedded on another site, and reads it there', async ({ page, browser, baseURL }) => {
  await signInAs(page, 'editor');
  const api = page.request;
  const map = await demoMap(api);
  const address = `members-embed-${Date.now().toString(36)}`;
  const partner = await embeddingSite(`${baseURL}/m/${address}`, 'localhost');
  await ok(
    await api.patch(`/api/v1/maps/${map.id}/publication`, {
      data: { url: address, access_mode: 'limited', embed_domains: partner.origin },
    }),
  );
  await ok(await api.patch(`/api/v1/maps/${map.id}/live`, { data: { live: true } }));
  await ok(await api.post(`/api/v1/maps/${map.id}/publish`, { data: {} }));
  const context = await browser.newContext({ locale: 'fr-FR' });
  try {
    const site = await context.newPage();
    await site.goto(`${partner.origin}/`);
    const frame = site.frameLocator('#map');
    await expect(frame.getByRole('heading', { name: 'Connectez-vous pour lire cette carte' })).toBeVisible();
    await frame.getByTestId('gate-email').fill('guest@demo.example.org');
    await frame.getByTestId('gate-password').fill('wrong password');
    await frame.getByTestId('gate-submit').click();
    await expect(frame.getByTestId('gate-error')).toBeVisible();
    await frame.getByTestId('gate-password').fill('demo-guest');
    await frame.getByTestId('gate-submit').click();
    await expect(frame.getByTestId('viewer-canvas')).toBeVisible();
    // The map is drawn in the frame: a node of level 1 has its place on the page.
    const node = map.nodes.find((n) => n.visibility.min_level === 1 && !n.visibility.hidden);
    const mapFrame = site.frame({ url: new RegExp(`/m/${address}$`) });
    if (!node || !mapFrame) throw new Error('no node of level 1, or no frame');
    await mapFrame.waitForFunction((id) => (window as HookWindow).__strataViewer?.nodePagePoint(id) != null, node.id);
    await saveShot(site, 'embedded-members-map-fr');
    // The frame's cookie is the embedding site's alone: Strata's own pages still ask to sign in.
    const own = await context.newPage();
    await own.goto(`/m/${address}`);
    await expect(own.getByRole('heading', { name: 'Connectez-vous pour lire cette carte' })).toBeVisible();
  } finally {
    await context.close();
    await ok(await api.delete(`/api/v1/maps/${map.id}/publication/live`));
    await ok(await api.patch(`/api/v1/maps/${map.id}/publication`, { data: { access_mode: 'limited', embed_domains: '' } }));
    await ok(await api.patch(`/api/v1/maps/${map.id}/live`, { data: { live: false } }));
    await partner.close();
  }
});

test('an editor sets the address and access, publishes from the editor, and sees the status change', async ({ browser }) => {
  const { context, page } = await openEditor(browser, 'editor');
  const address = `editor-${Date.now().toString(36)}`;
  await page.getByTestId('menu-mapUrl').click();
  const sidebar = page.getByTestId('publishing-sidebar');
  await sidebar.getByTestId('publication-url').fill(address);
  await sidebar.getByTestId('publication-save').click();
  await expect(sidebar.getByTestId('public-link')).toHaveText(new RegExp(`/m/${address}$`));

  await page.getByTestId('menu-mapAccess').click();
  await sidebar.getByTestId('access-accessible').check();
  await sidebar.getByTestId('embed-domains').fill('example.org; script-src *');
  await sidebar.getByTestId('publication-save').click();
  await expect(sidebar.getByTestId('publishing-problem')).toContainText('Sites that may embed it');
  await sidebar.getByTestId('embed-domains').fill('partner.example.org');
  await sidebar.getByTestId('publication-save').click();
  await expect(sidebar.getByTestId('publishing-problem')).toHaveCount(0);

  await sidebar.getByTestId('publish-button').click();
  await expect(sidebar.getByTestId('live-status')).toHaveAttribute('data-status', 'up_to_date');

  // Published, but not live in the overview: readers find nothing there yet, and the sidebar says so.
  const reader = await browser.newPage();
  await reader.goto(`/m/${address}`);
  await expect(reader.getByRole('heading', { name: 'This map is not here' })).toBeVisible();
  await expect(sidebar.getByTestId('not-live')).toContainText('Readers cannot open it yet');
  await sidebar.getByTestId('make-live').click();
  await expect(sidebar.getByTestId('not-live')).toHaveCount(0);
  await reader.reload();
  await expect(reader.getByTestId('viewer-canvas')).toBeVisible();
  await reader.close();

  // A change to the working copy: the live version is behind.
  await addNode(page, 500, 300);
  await page.getByTestId('menu-embedCode').click();
  await expect(page.getByTestId('publishing-sidebar').getByTestId('live-status')).toHaveAttribute('data-status', 'changed');
  await expect(page.getByTestId('embed-code')).toHaveValue(new RegExp(`<iframe src="http://[^"]+/m/${address}"`));
  await saveShot(page, 'editor-publishing-en');

  // A student may set SEO texts but not publish.
  const student = await openEditor(browser, 'student');
  await student.page.getByTestId('menu-seo').click();
  const seo = student.page.getByTestId('publishing-sidebar');
  await expect(seo.getByTestId('publish-button')).toHaveCount(0);
  await expect(seo).toContainText('Ask an admin');
  await seo.getByTestId('seo-description').fill('A map of how we grow');
  await expect(seo.getByTestId('seo-count')).toContainText('20 characters');
  await student.context.close();

  await page.getByTestId('menu-mapAccess').click();
  await page.getByTestId('publishing-sidebar').getByTestId('take-down-button').click();
  await expect(page.getByTestId('publishing-sidebar').getByTestId('live-status')).toHaveAttribute('data-status', 'not_published');
  // The demo map's live seat is other tests' to take.
  const mapId = /\/editor\/(\d+)/.exec(page.url())?.[1];
  await ok(await page.request.patch(`/api/v1/maps/${mapId}/live`, { data: { live: false } }));
  await context.close();
});
