import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { LOCALES, text, type Lang } from './catalog';
import { demoMapId, nodeIds, openEditor, pagePoint, type HookWindow } from './editing';
import { saveShot } from './shots';

// The media library in the editor: uploads by dropping files on it (each with its own error), the
// details form, search by keyword, choosing an asset for a node's media, deletion refused while a
// map uses the asset, and a file dropped onto a node on the canvas.
test.describe.configure({ mode: 'serial', timeout: 90_000 });

const VIEWPORT = { width: 1400, height: 950 };

/** A unique word, so that runs against one server do not find each other's media. */
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function openLibrary(page: Page): Promise<Locator> {
  await page.getByTestId('menu-mediaAssets').click();
  const library = page.getByTestId('media-library');
  await expect(library).toBeVisible();
  await expect(library.getByTestId('media-stats')).toBeVisible();
  return library;
}

/**
 * Drops files made in the page onto an element at a point (its centre by default), as a desktop drag
 * does: dragenter, dragover, drop with a DataTransfer holding them. A PNG is drawn on a canvas; other
 * files are `size` bytes of text of the given type.
 */
async function dropFiles(
  page: Page,
  testId: string,
  files: { name: string; type: string; size?: number; color?: string }[],
  at?: { x: number; y: number },
): Promise<void> {
  await page.evaluate(
    async ({ testId, files, at }) => {
      const target = document.querySelector(`[data-testid="${testId}"]`);
      if (!target) throw new Error(`no ${testId}`);
      const dt = new DataTransfer();
      for (const f of files) {
        let blob: Blob;
        if (f.type === 'image/png') {
          const canvas = document.createElement('canvas');
          canvas.width = 320;
          canvas.height = 200;
          const ctx = canvas.getContext('2d');
          if (!ctx) throw new Error('no 2d context');
          ctx.fillStyle = f.color ?? '#2453c2';
          ctx.fillRect(0, 0, 320, 200);
          ctx.fillStyle = '#ffffff';
          ctx.beginPath();
          ctx.arc(160, 100, 60, 0, Math.PI * 2);
          ctx.fill();
          blob = await new Promise<Blob>((resolve, reject) => {
            canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('no png'))), 'image/png');
          });
        } else {
          blob = new Blob(['x'.repeat(f.size ?? 10)], { type: f.type });
        }
        dt.items.add(new File([blob], f.name, { type: f.type }));
      }
      const box = target.getBoundingClientRect();
      const point = at ?? { x: box.left + box.width / 2, y: box.top + box.height / 2 };
      for (const type of ['dragenter', 'dragover', 'drop']) {
        target.dispatchEvent(
          new DragEvent(type, { dataTransfer: dt, bubbles: true, cancelable: true, clientX: point.x, clientY: point.y }),
        );
      }
    },
    { testId, files, at },
  );
}

/** The key of the asset whose tile shows `name`. */
async function tileKey(library: Locator, name: string): Promise<string> {
  const tile = library.getByTestId('media-tile').filter({ hasText: name });
  await expect(tile).toHaveCount(1);
  return (await tile.getAttribute('data-key')) ?? '';
}

async function search(library: Locator, words: string): Promise<void> {
  await library.getByTestId('media-search').fill(words);
}

/** Selects a node by clicking it on the canvas and opens its design. */
async function openNodeDesign(page: Page, id: number): Promise<Locator> {
  const p = await pagePoint(page, id);
  if (!p) throw new Error(`node ${id} is not on the canvas`);
  await page.mouse.click(p.x, p.y);
  await expect.poll(() => page.evaluate(() => (window as HookWindow).__strataEditor?.selectedNodes() ?? [])).toEqual([id]);
  await page.getByTestId('menu-nodeDesign').click();
  const sidebar = page.getByTestId('node-design-sidebar');
  await expect(sidebar).toBeVisible();
  return sidebar;
}

const nodeMedia = (page: Page, id: number) => page.evaluate((i) => (window as HookWindow).__strataEditor?.nodeDesign(i)?.media ?? null, id);

/** A map's name, as the places it uses media are named by. */
async function mapName(page: Page, mapId: number): Promise<string> {
  const res = await page.request.get(`/api/v1/maps/${mapId}`);
  return ((await res.json()) as { map: { name: string } }).map.name;
}

/** A node of the demo map whose centre is on the canvas, right of the side panels. */
async function visibleNode(page: Page): Promise<number> {
  const canvas = await page.getByTestId('editor-canvas').boundingBox();
  if (!canvas) throw new Error('no canvas');
  for (const id of await nodeIds(page)) {
    const p = await pagePoint(page, id);
    if (p && p.x > canvas.x + 420 && p.x < canvas.x + canvas.width - 60 && p.y > canvas.y + 60 && p.y < canvas.y + canvas.height - 60)
      return id;
  }
  throw new Error('no node in view');
}

test('upload by dropping files on the library; a file too big is refused naming the limit', async ({ browser }) => {
  const { context, page } = await openEditor(browser, 'editor', { viewport: VIEWPORT });
  const library = await openLibrary(page);
  await expect(library.getByTestId('media-limit-vector')).toHaveText(
    text('en', 'media.stats.limit', { type: 'Vector graphic', max: '2 MB' }),
  );

  const name = `${unique('drop')}.png`;
  let posted = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/media')) posted += 1;
  });
  await dropFiles(page, 'media-drop-zone', [
    { name, type: 'image/png' },
    // Past the vector limit (2 MB): refused before it is sent.
    { name: 'huge.svg', type: 'image/svg+xml', size: 2 * 1024 * 1024 + 1 },
  ]);
  const uploads = library.getByTestId('media-upload');
  await expect(uploads).toHaveCount(2);
  await expect(uploads.filter({ hasText: 'huge.svg' }).getByTestId('media-upload-error')).toHaveText(
    text('en', 'media.errors.file_too_large', { type: 'Vector graphic', max: '2 MB' }),
  );
  await expect(uploads.filter({ hasText: name })).toHaveAttribute('data-state', 'done');
  expect(posted).toBe(1);
  await search(library, name.replace('.png', ''));
  await expect(library.getByTestId('media-tile').filter({ hasText: name })).toBeVisible();
  // The thumbnail is the 256-px variant the server made.
  await expect(library.getByTestId('media-tile').filter({ hasText: name }).locator('img')).toHaveAttribute('src', /w=256/);
  await context.close();
});

test('edit an asset’s metadata and find it by a keyword', async ({ browser }) => {
  const { context, page } = await openEditor(browser, 'editor', { viewport: VIEWPORT });
  const library = await openLibrary(page);
  const name = `${unique('meta')}.png`;
  const keyword = unique('quark');
  await dropFiles(page, 'media-drop-zone', [{ name, type: 'image/png', color: '#d29922' }]);
  await expect(library.getByTestId('media-upload').filter({ hasText: name })).toHaveAttribute('data-state', 'done');
  await search(library, name.replace('.png', ''));
  await library.getByTestId('media-tile').filter({ hasText: name }).click();

  const details = library.getByTestId('media-details');
  await expect(details).toBeVisible();
  await details.getByTestId('media-meta-title').fill('Atoms and their parts');
  await details.getByTestId('media-meta-keywords').fill(`${keyword}, gluons`);
  await details.getByTestId('media-meta-container-wide_panel').check();
  await details.getByTestId('media-meta-kind').selectOption('illustration');
  // A date not written as YYYY-MM-DD HH:MM:SS is named and keeps the form from being sent.
  await details.getByTestId('media-meta-date_creation').fill('25.11.2026');
  await expect(details.getByRole('alert')).toContainText(text('en', 'media.form.problems.date'));
  await expect(details.getByTestId('media-save')).toBeDisabled();
  await details.getByTestId('media-meta-date_creation').fill('2026-02-30 10:00:00');
  await expect(details.getByTestId('media-save')).toBeDisabled();
  await details.getByTestId('media-meta-date_creation').fill('2026-11-25 14:30:00');
  await details.getByTestId('media-save').click();
  await expect(details.getByTestId('media-details-message')).toHaveText(text('en', 'media.details.saved'));
  await saveShot(page, 'media-details-en');

  // Downloaded as an attachment; replaced, the asset keeps its key and its version goes up.
  const download = await details.getByTestId('media-download').getAttribute('href');
  expect(download).toMatch(/download=1/);
  const file = await page.request.get(download ?? '');
  expect(file.headers()['content-disposition']).toMatch(/^attachment/);
  await details
    .getByTestId('media-replace-input')
    .setInputFiles({
      name: 'second.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="40" height="20" fill="#8250df"/></svg>',
      ),
    });
  await expect(details.getByTestId('media-details-message')).toHaveText(text('en', 'media.details.replaced'));
  await expect(details).toContainText(text('en', 'media.details.version', { version: 2 }));
  await expect(details).toContainText('image/svg+xml');
  await expect(details.getByTestId('media-meta-title')).toHaveValue('Atoms and their parts');

  await details.getByTestId('media-details-back').click();
  await search(library, keyword);
  await expect(library.getByTestId('media-tile')).toHaveCount(1);
  await expect(library.getByTestId('media-tile')).toContainText('Atoms and their parts');
  await search(library, unique('nothing'));
  await expect(library.getByTestId('media-empty')).toHaveText(text('en', 'media.library.noneFound'));
  // Kept on the server: read again, the metadata is there.
  const key = await page.evaluate(async (k) => {
    const res = await fetch(`/api/v1/clients/demo/media?q=${encodeURIComponent(k)}`);
    return ((await res.json()) as { media: { key: string; metadata: unknown }[] }).media[0];
  }, keyword);
  expect(key?.metadata).toMatchObject({
    title: 'Atoms and their parts',
    keywords: [keyword, 'gluons'],
    containers: ['wide_panel'],
    kind: 'illustration',
    date_creation: '2026-11-25 14:30:00',
  });
  await context.close();
});

test('choose an asset for a node’s media; its deletion is refused while the node uses it', async ({ browser }) => {
  const { context, page } = await openEditor(browser, 'editor', { viewport: VIEWPORT });
  // An asset of its own, uploaded through the API as a script would.
  const name = `${unique('node')}.png`;
  const library = await openLibrary(page);
  await dropFiles(page, 'media-drop-zone', [{ name, type: 'image/png', color: '#2da44e' }]);
  await expect(library.getByTestId('media-upload').filter({ hasText: name })).toHaveAttribute('data-state', 'done');
  await library.getByTestId('media-close').click();

  const node = await visibleNode(page);
  const sidebar = await openNodeDesign(page, node);
  await sidebar.getByTestId('field-media-choose').click();
  const chooser = page.locator('[data-testid="media-library"][data-choosing="true"]');
  await expect(chooser).toBeVisible();
  // Cancel changes nothing.
  await chooser.getByTestId('media-choose-cancel').click();
  await expect(chooser).toBeHidden();
  expect(await nodeMedia(page, node)).toBeFalsy();

  await sidebar.getByTestId('field-media-choose').click();
  await search(chooser, name.replace('.png', ''));
  const key = await tileKey(chooser, name);
  await chooser.getByTestId('media-tile').filter({ hasText: name }).click();
  await saveShot(page, 'media-choosing-en');
  await chooser.getByTestId('media-choose').click();
  await expect(chooser).toBeHidden();
  await expect.poll(() => nodeMedia(page, node)).toBe(key);
  await expect(sidebar.getByTestId('field-media-name')).toHaveText(name);
  // Saved: the server's node holds the key.
  const mapId = await demoMapId(page.request);
  await expect
    .poll(async () => {
      const res = await page.request.get(`/api/v1/maps/${mapId}/nodes/${node}`);
      return ((await res.json()) as { design?: { media?: string } }).design?.media;
    })
    .toBe(key);

  // Deleting it is refused while the node uses it, at once (not after "this cannot be undone"),
  // saying where: the node by its title.
  const titled = (await (await page.request.get(`/api/v1/maps/${mapId}/nodes/${node}`)).json()) as {
    content: Record<string, { title?: string }>;
  };
  const again = await openLibrary(page);
  await search(again, name.replace('.png', ''));
  await again.getByTestId('media-tile').filter({ hasText: name }).click();
  await again.getByTestId('media-delete').click();
  const inUse = again.getByTestId('media-in-use');
  await expect(inUse).toContainText(text('en', 'media.details.inUse', { name }));
  await expect(page.getByTestId('confirm-dialog')).toBeHidden();
  await expect(inUse.getByRole('link')).toHaveAttribute('href', `/editor/${mapId}?node=${node}`);
  await expect(inUse.getByRole('link')).toHaveText(`“${titled.content.en?.title ?? ''}” in “${await mapName(page, mapId)}”`);
  await again.getByTestId('media-close').click();

  // Removed from the node, it can be deleted.
  const design = await openNodeDesign(page, node);
  await design.getByTestId('field-media-remove').click();
  await expect.poll(() => nodeMedia(page, node)).toBeFalsy();
  await expect
    .poll(async () => {
      const res = await page.request.get(`/api/v1/maps/${mapId}/nodes/${node}`);
      return ((await res.json()) as { design?: { media?: string } }).design?.media ?? null;
    })
    .toBeFalsy();
  const last = await openLibrary(page);
  await search(last, name.replace('.png', ''));
  await last.getByTestId('media-tile').filter({ hasText: name }).click();
  await last.getByTestId('media-delete').click();
  await page
    .getByTestId('confirm-dialog')
    .getByRole('button', { name: text('en', 'media.details.delete') })
    .click();
  await expect(last.getByTestId('media-details')).toBeHidden();
  await expect(last.getByTestId('media-empty')).toBeVisible();
  expect((await page.request.get(`/api/v1/clients/demo/media/${key}`)).status()).toBe(404);
  await context.close();
});

test('a file dropped onto a node becomes its media, in one undoable edit', async ({ browser }) => {
  const { context, page } = await openEditor(browser, 'editor', { viewport: VIEWPORT });
  const node = await visibleNode(page);
  const before = await nodeMedia(page, node);
  const p = await pagePoint(page, node);
  if (!p) throw new Error('node not on the canvas');
  const name = `${unique('canvas')}.png`;
  await dropFiles(page, 'editor-canvas', [{ name, type: 'image/png', color: '#cf222e' }], p);
  await expect.poll(() => nodeMedia(page, node), { timeout: 15_000 }).toBeTruthy();
  const key = String(await nodeMedia(page, node));
  const asset = await page.request.get(`/api/v1/clients/demo/media/${key}`);
  expect(((await asset.json()) as { name: string }).name).toBe(name);
  // Undo takes the media away again (the asset stays in the library).
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect.poll(() => nodeMedia(page, node)).toBe(before);

  // A file too big for its type changes nothing and says why.
  await dropFiles(page, 'editor-canvas', [{ name: 'huge.svg', type: 'image/svg+xml', size: 2 * 1024 * 1024 + 1 }], p);
  await expect(page.getByRole('alert').filter({ hasText: 'huge.svg' })).toContainText(
    text('en', 'media.errors.file_too_large', { type: 'Vector graphic', max: '2 MB' }),
  );
  expect(await nodeMedia(page, node)).toBe(before);
  await context.close();
});

test('a media template gives its metadata to the uploads made with it', async ({ browser }) => {
  const { context, page } = await openEditor(browser, 'editor', { viewport: VIEWPORT });
  const library = await openLibrary(page);
  const templateName = unique('Press ');
  await library.getByTestId('media-templates-button').click();
  await library.getByTestId('media-template-create').click();
  const form = library.getByTestId('media-template-form');
  // A template needs a name: saving waits for one.
  await expect(form.getByTestId('media-template-save')).toBeDisabled();
  await expect(form).toContainText(text('en', 'media.templates.nameRequired'));
  await form.getByTestId('media-template-name').fill(templateName);
  await form.getByTestId('media-template-copyright').fill('© Strata press');
  await form.getByTestId('media-template-container-map_icon').check();
  await form.getByTestId('media-template-save').click();
  await expect(form).toContainText(text('en', 'media.templates.saved'));
  await form.getByRole('button', { name: text('en', 'media.templates.back') }).click();
  await expect(library.getByTestId('media-template').filter({ hasText: templateName })).toBeVisible();
  await library.getByRole('button', { name: text('en', 'media.details.back') }).click();

  await library.getByTestId('media-upload-template').selectOption({ label: templateName });
  const name = `${unique('tpl')}.png`;
  await dropFiles(page, 'media-drop-zone', [{ name, type: 'image/png', color: '#8250df' }]);
  await expect(library.getByTestId('media-upload').filter({ hasText: name })).toHaveAttribute('data-state', 'done');
  // Filtered by the template's container, the new asset is there.
  await library.getByTestId('media-filter-container').selectOption('map_icon');
  await search(library, name.replace('.png', ''));
  await library.getByTestId('media-tile').filter({ hasText: name }).click();
  await expect(library.getByTestId('media-meta-copyright')).toHaveValue('© Strata press');
  await expect(library.getByTestId('media-meta-container-map_icon')).toBeChecked();
  await context.close();
});

test('the map background and the header logo are chosen from the library', async ({ browser }) => {
  const { context, page } = await openEditor(browser, 'editor', { viewport: VIEWPORT });
  const library = await openLibrary(page);
  const name = `${unique('bg')}.png`;
  await dropFiles(page, 'media-drop-zone', [{ name, type: 'image/png', color: '#1d3b5c' }]);
  await expect(library.getByTestId('media-upload').filter({ hasText: name })).toHaveAttribute('data-state', 'done');
  await library.getByTestId('media-close').click();
  const mapId = await demoMapId(page.request);
  const chooser = page.locator('[data-testid="media-library"][data-choosing="true"]');
  const choose = async () => {
    await expect(chooser).toBeVisible();
    await search(chooser, name.replace('.png', ''));
    const key = await tileKey(chooser, name);
    await chooser.getByTestId('media-tile').filter({ hasText: name }).dblclick();
    await expect(chooser).toBeHidden();
    return key;
  };

  await page.getByTestId('menu-mapSettings').click();
  await page.getByTestId('map-media-choose').click();
  const key = await choose();
  await expect(page.getByTestId('map-media-name')).toHaveText(name);
  await saveShot(page, 'media-field-en');
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/v1/maps/${mapId}`)).json()) as { map: { design: { media?: string } } }).map.design.media,
    )
    .toBe(key);
  await page.getByTestId('map-media-remove').click();
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/v1/maps/${mapId}`)).json()) as { map: { design: { media?: string } } }).map.design.media ??
        '',
    )
    .toBe('');

  await page.getByTestId('menu-headerBar').click();
  await page.getByTestId('header-logo_media-choose').click();
  expect(await choose()).toBe(key);
  await expect(page.getByTestId('header-logo_media-name')).toHaveText(name);
  await expect
    .poll(async () => ((await (await page.request.get(`/api/v1/maps/${mapId}/header`)).json()) as { logo_media?: string }).logo_media)
    .toBe(key);
  await page.getByTestId('header-logo_media-remove').click();
  await expect
    .poll(async () => ((await (await page.request.get(`/api/v1/maps/${mapId}/header`)).json()) as { logo_media?: string }).logo_media ?? '')
    .toBe('');
  await context.close();
});

async function shotsIn(browser: Browser, lang: Lang, locale: string): Promise<void> {
  const { context, page } = await openEditor(browser, 'editor', { locale, viewport: VIEWPORT });
  const library = await openLibrary(page);
  await expect(library.getByTestId('media-tile').first()).toBeVisible();
  await dropFiles(page, 'media-drop-zone', [{ name: 'zu-gross.svg', type: 'image/svg+xml', size: 2 * 1024 * 1024 + 1 }]);
  await expect(library.getByTestId('media-upload-error')).toBeVisible();
  await saveShot(page, `media-library-${lang}`);
  await library.getByTestId('media-tile').first().click();
  await expect(library.getByTestId('media-details-form')).toBeVisible();
  await library.getByTestId('media-meta-date_publication').fill('2026-13-01');
  await saveShot(page, `media-details-${lang}`);
  await library.getByTestId('media-close').click();
  const sidebar = await openNodeDesign(page, await visibleNode(page));
  await sidebar.getByTestId('field-media-choose').click();
  const chooser = page.locator('[data-testid="media-library"][data-choosing="true"]');
  await chooser.getByTestId('media-tile').first().click();
  await saveShot(page, `media-choosing-${lang}`);
  await chooser.getByTestId('media-choose-cancel').click();
  await page.getByTestId('menu-mediaTemplates').click();
  await expect(page.getByTestId('media-templates')).toBeVisible();
  await saveShot(page, `media-templates-${lang}`);
  await context.close();
}

for (const { lang, locale } of LOCALES) {
  test(`screens in ${lang}`, async ({ browser }) => {
    await shotsIn(browser, lang, locale);
  });
}
