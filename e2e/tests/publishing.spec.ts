// Publishing a map and reading it at its public address, signed out.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signInAs } from './accounts';
import { MAP } from './editing';
import { saveShot } from './shots';

interface ViewerHook {
  level(): number;
  nodePagePoint(id: number): { x: number; y: number } | null;
}
type HookWindow = Window & { __strataViewer?: ViewerHook };

async function demoMap(api: APIRequestContext): Promise<{ id: number; nodes: { id: number; visibility: { min_level: number; hidden: boolean }; content: Record<string, { title?: string } | undefined> }[] }> {
  const { maps } = (await (await api.get('/api/v1/clients/demo/maps')).json()) as { maps: { id: number; name: string }[] };
  const map = maps.find((m) => MAP.test(m.name));
  if (!map) throw new Error('the demo map is not listed');
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
  const node = map.nodes.find((n) => n.visibility.min_level === 1 && !n.visibility.hidden && n.content.de?.title);
  if (!node) throw new Error('no node at level 1');
  const p = await readerPage.evaluate((id) => (window as HookWindow).__strataViewer?.nodePagePoint(id) ?? null, node.id);
  if (!p) throw new Error('the node is not drawn');
  await readerPage.mouse.click(p.x, p.y);
  await expect(readerPage.getByTestId('node-popup').getByRole('heading')).toHaveText(node.content.de?.title ?? '');
  await saveShot(readerPage, 'public-map-de');

  // Members only: the signed-out reader is asked to sign in.
  await ok(await api.patch(`/api/v1/maps/${map.id}/publication`, { data: { access_mode: 'limited' } }));
  await readerPage.reload();
  await expect(readerPage.getByText('Melden Sie sich an, um diese Karte zu lesen')).toBeVisible();

  // Taken down: the address is not there for anyone.
  await ok(await api.delete(`/api/v1/maps/${map.id}/publication/live`));
  await page.goto(`/m/${address}`);
  await expect(page.getByText('This map is not here')).toBeVisible();
  await reader.close();
  // The demo map's live seat is other tests' to take.
  await ok(await api.patch(`/api/v1/maps/${map.id}/live`, { data: { live: false } }));
});
