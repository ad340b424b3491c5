// Media on the canvas and in the reader's map (issue 21): pictures uploaded to the library are
// drawn on their nodes and as the map's background, in the editor and, published, for a
// signed-out reader, whose node popup plays a film uploaded likewise.
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { firstPixel, solidPng } from '../fixtures/png.mjs';
import { signInAs } from './accounts';
import { text } from './catalog';
import { saveShot } from './shots';

async function ok(res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<unknown> {
  expect(res.ok(), `${res.url()}: ${res.status()} ${await res.text()}`).toBe(true);
  return res.json();
}

/** A second of WebM film, recorded by the browser from a canvas (no film files on this machine). */
async function webm(page: Page): Promise<Buffer> {
  const b64 = await page.evaluate(async () => {
    const c = document.createElement('canvas');
    c.width = 320;
    c.height = 180;
    const ctx = c.getContext('2d');
    if (!ctx) throw new Error('no 2d canvas');
    const rec = new MediaRecorder(c.captureStream(25), { mimeType: 'video/webm' });
    const chunks: Blob[] = [];
    rec.ondataavailable = (e) => chunks.push(e.data);
    let f = 0;
    const draw = () => {
      ctx.fillStyle = `hsl(${(f * 12) % 360} 70% 50%)`;
      ctx.fillRect(0, 0, 320, 180);
      f++;
    };
    draw();
    rec.start();
    const timer = setInterval(draw, 40);
    await new Promise((r) => setTimeout(r, 1200));
    const stopped = new Promise((r) => (rec.onstop = r));
    rec.stop();
    await stopped;
    clearInterval(timer);
    const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
    let s = '';
    for (const byte of bytes) s += String.fromCharCode(byte);
    return btoa(s);
  });
  return Buffer.from(b64, 'base64');
}

async function upload(api: APIRequestContext, name: string, mimeType: string, buffer: Buffer): Promise<{ key: string; type: string }> {
  return (await ok(await api.post('/api/v1/clients/demo/media', { multipart: { file: { name, mimeType, buffer } } }))) as {
    key: string;
    type: string;
  };
}

const RED = [214, 40, 40] as const;
const BLUE = [40, 90, 200] as const;
/** The picture another editor gives the node while the first looks on. */
const SECOND = [40, 170, 70] as const;
const TITLES = { en: 'Harbour film', de: 'Hafenfilm', fr: 'Film du port' };

/** The colour of a canvas's pixel under a page point. */
function pixelAt(page: Page, testId: string, x: number, y: number): Promise<number[]> {
  return page.evaluate(
    ([id, px, py]) => {
      const c = document.querySelector<HTMLCanvasElement>(`[data-testid="${id}"]`);
      const ctx = c?.getContext('2d');
      if (!c || !ctx) return [];
      const r = c.getBoundingClientRect();
      const k = c.width / r.width;
      return [...ctx.getImageData(Math.round((px - r.left) * k), Math.round((py - r.top) * k), 1, 1).data];
    },
    [testId, x, y] as const,
  );
}

const near = (got: number[], want: readonly number[]) => want.every((v, i) => Math.abs((got[i] ?? -999) - v) <= 12);

/** A map of its own: a node with a picture, one with a film, the background picture. */
async function prepare(api: APIRequestContext, page: Page) {
  const red = await upload(api, 'red.png', 'image/png', solidPng(600, 400, RED));
  const blue = await upload(api, 'blue.png', 'image/png', solidPng(300, 300, BLUE));
  const film = await upload(api, 'film.webm', 'video/webm', await webm(page));
  expect([red.type, blue.type, film.type]).toEqual(['image', 'image', 'video']);
  const map = (await ok(
    await api.post('/api/v1/clients/demo/maps', {
      data: { name: `Media ${Date.now().toString(36)}`, measurement: { width: 1200, height: 900 }, visibility_levels: 1 },
    }),
  )) as { id: number };
  await ok(await api.patch(`/api/v1/maps/${map.id}`, { data: { languages: ['en', 'de', 'fr'] } }));
  const node = async (x: number, y: number, design: Record<string, unknown>) =>
    (
      (await ok(
        await api.post(`/api/v1/maps/${map.id}/nodes`, {
          data: {
            design: { shape: 'rectangle' },
            geometry: { center: { x, y } },
            visibility: { min_level: 1, max_level: 1, hidden: false },
          },
        }),
      )) as { id: number }
    ).id;
  const picture = await node(300, 300, {});
  const movie = await node(800, 300, {});
  const content = Object.fromEntries(Object.entries(TITLES).map(([l, title]) => [l, { title, content: `<p>${title}.</p>` }]));
  await ok(
    await api.patch(`/api/v1/maps/${map.id}/elements`, {
      data: {
        nodes: [
          { id: picture, design: { width: 240, height: 160, media: red.key, media_cropped: true, bg_color: '#ffffff' } },
          { id: movie, design: { width: 160, height: 100 }, content },
        ],
        map: { design: { media: blue.key, media_size: 'cover', media_repeat: 'no-repeat', media_position: 'center' } },
      },
    }),
  );
  // The film is the node's media too (the canvas shows no picture of it, the popup plays it).
  await ok(await api.patch(`/api/v1/maps/${map.id}/elements`, { data: { nodes: [{ id: movie, design: { media: film.key } }] } }));
  return { mapId: map.id, picture, movie, keys: [red.key, blue.key, film.key] };
}

async function expectDrawn(page: Page, canvasId: string, hookName: '__strataEditor' | '__strataViewer', picture: number) {
  const point = () =>
    page.evaluate(
      ([h, id]) =>
        (window as unknown as Record<string, { nodePagePoint(id: number): { x: number; y: number } | null }>)[h]?.nodePagePoint(id),
      [hookName, picture] as const,
    );
  await expect.poll(point).not.toBeNull();
  const p = await point();
  if (!p) throw new Error('the node is not drawn');
  // The node's picture (red) at its centre; the background (blue) well away from the nodes.
  await expect.poll(async () => near(await pixelAt(page, canvasId, p.x, p.y), RED), { timeout: 10_000 }).toBe(true);
  await expect.poll(async () => near(await pixelAt(page, canvasId, p.x, p.y + 220), BLUE), { timeout: 10_000 }).toBe(true);
}

async function reader(browser: Browser, address: string, lang: 'en' | 'de' | 'fr', movie: number) {
  const context = await browser.newContext({ locale: { en: 'en-US', de: 'de-DE', fr: 'fr-FR' }[lang] });
  const page = await context.newPage();
  await page.goto(`/m/${address}`);
  await expect(page.getByTestId('viewer-canvas')).toBeVisible();
  await page.waitForFunction(() => (window as unknown as { __strataViewer?: unknown }).__strataViewer !== undefined);
  return { context, page, movie };
}

test('pictures on nodes and the background are drawn in the editor and for a signed-out reader, whose popup plays the film', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await signInAs(page, 'editor');
  const api = page.request;
  const { mapId, picture, movie, keys } = await prepare(api, page);
  try {
    await page.goto(`/editor/${mapId}`);
    await expect(page.getByTestId('editor-canvas')).toBeVisible();
    await page.waitForFunction(() => (window as unknown as { __strataEditor?: unknown }).__strataEditor !== undefined);
    await expectDrawn(page, 'editor-canvas', '__strataEditor', picture);
    await saveShot(page, 'media-editor-canvas');

    // A second editor has the map open when the first gives the node another picture: it shows
    // there as soon as the change arrives over the live channel.
    const other = await browser.newContext();
    try {
      const second = await other.newPage();
      await signInAs(second, 'admin');
      await second.goto(`/editor/${mapId}`);
      await expect(second.getByTestId('editor-canvas')).toBeVisible();
      await second.waitForFunction(() => (window as unknown as { __strataEditor?: unknown }).__strataEditor !== undefined);
      await expectDrawn(second, 'editor-canvas', '__strataEditor', picture);
      const green = await upload(api, 'green.png', 'image/png', solidPng(600, 400, SECOND));
      keys.push(green.key);
      await ok(await api.patch(`/api/v1/maps/${mapId}/nodes/${picture}`, { data: { design: { media: green.key } } }));
      const centre = await second.evaluate(
        (id) =>
          (
            window as unknown as { __strataEditor: { nodePagePoint(id: number): { x: number; y: number } | null } }
          ).__strataEditor.nodePagePoint(id),
        picture,
      );
      if (!centre) throw new Error('the node is not drawn in the second editor');
      await expect
        .poll(async () => near(await pixelAt(second, 'editor-canvas', centre.x, centre.y), SECOND), { timeout: 10_000 })
        .toBe(true);
    } finally {
      await other.close();
    }
    // Back to the red picture for the reader's part.
    await ok(await api.patch(`/api/v1/maps/${mapId}/nodes/${picture}`, { data: { design: { media: keys[0] } } }));

    const address = `media-${Date.now().toString(36)}`;
    await ok(await api.patch(`/api/v1/maps/${mapId}/publication`, { data: { url: address, access_mode: 'accessible' } }));
    await ok(await api.patch(`/api/v1/maps/${mapId}/live`, { data: { live: true } }));
    await ok(await api.post(`/api/v1/maps/${mapId}/publish`, { data: { name: 'With media' } }));

    for (const lang of ['en', 'de', 'fr'] as const) {
      const { context, page: readerPage } = await reader(browser, address, lang, movie);
      if (lang === 'en') await expectDrawn(readerPage, 'viewer-canvas', '__strataViewer', picture);
      const p = await readerPage.evaluate(
        (id) =>
          (
            window as unknown as { __strataViewer: { nodePagePoint(id: number): { x: number; y: number } | null } }
          ).__strataViewer.nodePagePoint(id),
        movie,
      );
      if (!p) throw new Error('the film node is not drawn');
      await readerPage.mouse.click(p.x, p.y);
      const popup = readerPage.getByTestId('node-popup');
      await expect(popup.getByRole('heading')).toHaveText(TITLES[lang]);
      const video = popup.locator('video');
      await expect(video).toHaveAttribute('controls', '');
      await expect(video).toHaveAttribute('preload', 'metadata');
      // The film can be played: its metadata loaded from the published map's address.
      await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 10_000 }).toBeGreaterThan(0);
      expect(await video.getAttribute('src')).toMatch(new RegExp(`^/api/v1/public/maps/${address}/media/`));
      await expect(popup.getByText(text(lang, 'mediaView.failed'))).toHaveCount(0);
      await saveShot(readerPage, `media-reader-popup-${lang}`);
      await context.close();
    }
  } finally {
    await api.delete(`/api/v1/maps/${mapId}/publication/live`);
    await api.delete(`/api/v1/maps/${mapId}`);
    // The demo client's library is shared with the library's own tests.
    for (const key of keys) await api.delete(`/api/v1/clients/demo/media/${key}`);
  }
});

/** The colour on screen at a page point (a 1-pixel screenshot: a canvas showing another site's picture cannot be read back). */
async function screenPixel(page: Page, x: number, y: number): Promise<number[]> {
  return firstPixel(await page.screenshot({ clip: { x: Math.round(x), y: Math.round(y), width: 1, height: 1 } }));
}

const GREEN = [30, 160, 60] as const;
const REMOTE = 'https://media.example.test/green.png';

test('another site’s picture waits for the reader’s consent to external sources, on the canvas and in the popup', async ({
  page,
  browser,
}) => {
  await signInAs(page, 'editor');
  const api = page.request;
  const map = (await ok(
    await api.post('/api/v1/clients/demo/maps', {
      data: { name: `Remote media ${Date.now().toString(36)}`, measurement: { width: 1000, height: 700 }, visibility_levels: 1 },
    }),
  )) as { id: number };
  try {
    const made = (await ok(
      await api.post(`/api/v1/maps/${map.id}/nodes`, {
        data: {
          design: { shape: 'rectangle' },
          geometry: { center: { x: 500, y: 350 } },
          visibility: { min_level: 1, max_level: 1, hidden: false },
        },
      }),
    )) as { id: number };
    await ok(
      await api.patch(`/api/v1/maps/${map.id}/elements`, {
        data: {
          nodes: [
            {
              id: made.id,
              design: { width: 300, height: 200, media_url: REMOTE, media_cropped: true, bg_color: '#ffffff' },
              content: { en: { title: 'Meadow', content: '<p>A meadow.</p>' } },
            },
          ],
        },
      }),
    );
    const category = (label: string) => ({ label: { en: label }, description: { en: label } });
    await ok(
      await api.put(`/api/v1/maps/${map.id}/cookie_consent`, {
        data: {
          enabled: true,
          title: { en: 'Your privacy' },
          text: { en: 'Pictures from other sites load only if you allow it.' },
          necessary: category('Necessary'),
          external: category('External sources'),
          statistics: category('Statistics'),
        },
      }),
    );
    const address = `remote-${Date.now().toString(36)}`;
    await ok(await api.patch(`/api/v1/maps/${map.id}/publication`, { data: { url: address, access_mode: 'accessible' } }));
    await ok(await api.patch(`/api/v1/maps/${map.id}/live`, { data: { live: true } }));
    await ok(await api.post(`/api/v1/maps/${map.id}/publish`, { data: { name: 'Remote' } }));

    const context = await browser.newContext({ locale: 'en-US' });
    const asked: string[] = [];
    await context.route('https://media.example.test/**', (route) => {
      asked.push(route.request().url());
      return route.fulfill({ status: 200, contentType: 'image/png', body: solidPng(300, 200, GREEN) });
    });
    const reader = await context.newPage();
    await reader.goto(`/m/${address}`);
    await expect(reader.getByTestId('viewer-canvas')).toBeVisible();
    await reader
      .getByTestId('consent-banner')
      .getByRole('button', { name: text('en', 'reader.consent.necessaryOnly') })
      .click();
    await reader.waitForFunction(() => (window as unknown as { __strataViewer?: unknown }).__strataViewer !== undefined);
    const p = await reader.evaluate(
      (id) =>
        (
          window as unknown as { __strataViewer: { nodePagePoint(id: number): { x: number; y: number } | null } }
        ).__strataViewer.nodePagePoint(id),
      made.id,
    );
    if (!p) throw new Error('the node is not drawn');
    // Pixels are read away from the centre, where the title is.
    // Not allowed: nothing asked of the other site, the node drawn without its picture.
    await reader.waitForTimeout(500);
    expect(asked).toEqual([]);
    expect(near(await screenPixel(reader, p.x - 100, p.y - 60), GREEN)).toBe(false);

    await reader.mouse.click(p.x, p.y);
    const popup = reader.getByTestId('node-popup');
    await expect(popup.getByTestId('popup-media-blocked')).toContainText(text('en', 'mediaView.blocked'));
    await expect(popup.locator('img')).toHaveCount(0);
    await saveShot(reader, 'media-reader-blocked-en');
    await popup
      .getByTestId('popup-media-blocked')
      .getByRole('button', { name: text('en', 'reader.consent.allowExternal') })
      .click();

    // Allowed: the popup shows it, and the canvas draws it.
    await expect(popup.locator('img')).toHaveAttribute('src', REMOTE);
    await reader.keyboard.press('Escape');
    await expect.poll(async () => near(await screenPixel(reader, p.x - 100, p.y - 60), GREEN), { timeout: 10_000 }).toBe(true);
    expect(asked.length).toBeGreaterThan(0);
    await context.close();

    // The placeholder's text in German and French, to look at.
    for (const lang of ['de', 'fr'] as const) {
      const other = await browser.newContext({ locale: lang === 'de' ? 'de-DE' : 'fr-FR' });
      const otherPage = await other.newPage();
      await otherPage.goto(`/m/${address}`);
      await otherPage
        .getByTestId('consent-banner')
        .getByRole('button', { name: text(lang, 'reader.consent.necessaryOnly') })
        .click();
      await otherPage.waitForFunction(() => (window as unknown as { __strataViewer?: unknown }).__strataViewer !== undefined);
      await otherPage.mouse.click(p.x, p.y);
      await expect(otherPage.getByTestId('popup-media-blocked')).toContainText(text(lang, 'mediaView.blocked'));
      await saveShot(otherPage, `media-reader-blocked-${lang}`);
      await other.close();
    }
  } finally {
    await api.delete(`/api/v1/maps/${map.id}/publication/live`);
    await api.delete(`/api/v1/maps/${map.id}`);
  }
});
