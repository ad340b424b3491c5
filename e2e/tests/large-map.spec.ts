// A map of 100,000 nodes, every one on every level, opens in the editor, draws and pans. The
// document is the server's answer for a map of two nodes and an edge, with the nodes and edges
// repeated (new ids, laid out on a grid) to 100,000 and 100,000: the browser's side of a large
// map, whatever the server's speed at making one (bench/canvas.mjs measures both against the bars).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { openEditor, waitForEditor, type HookWindow } from './editing';

const NODES = 100_000;
const SPACING = 220;

async function ok(res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<Record<string, unknown>> {
  expect(res.ok(), `${res.url()}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as Record<string, unknown>;
}

type Json = Record<string, unknown>;

/** A small real map's document, grown to NODES nodes and as many edges (each to its right neighbour). */
async function largeDocument(api: APIRequestContext): Promise<{ id: number; revision: string; body: Buffer }> {
  const cols = Math.ceil(Math.sqrt(NODES));
  const measurement = {
    width: cols * SPACING + 200,
    height: Math.ceil(NODES / cols) * SPACING + 200,
  };
  const map = await ok(
    await api.post('/api/v1/clients/demo/maps', {
      data: {
        name: `Large ${Date.now() % 100000}`,
        measurement,
        visibility_levels: 3,
      },
    }),
  );
  const id = map.id as number;
  const all = { min_level: 1, max_level: 3, hidden: false };
  const node = async (x: number) =>
    (
      await ok(
        await api.post(`/api/v1/maps/${id}/nodes`, {
          data: {
            design: { shape: 'rectangle' },
            geometry: { center: { x, y: 100 } },
            visibility: all,
          },
        }),
      )
    ).id as number;
  const a = await node(100);
  const b = await node(400);
  await ok(
    await api.post(`/api/v1/maps/${id}/edges/`, {
      data: { node: { from_id: a, to_id: b } },
    }),
  );
  const res = await api.get(`/api/v1/maps/${id}`);
  const revision = res.headers()['x-map-revision'] ?? '';
  const doc = await ok(res);
  const [nodeShape] = doc.nodes as Json[];
  const [edgeShape] = doc.edges as Json[];
  if (!nodeShape || !edgeShape) throw new Error('the small map has no node or edge');
  const nodes: Json[] = [];
  const edges: Json[] = [];
  for (let i = 0; i < NODES; i++) {
    const center = {
      x: (i % cols) * SPACING + 100,
      y: Math.floor(i / cols) * SPACING + 100,
    };
    const geometry = { ...(nodeShape.geometry as Json), center };
    nodes.push({
      ...nodeShape,
      id: i + 1,
      geometry,
      visibility: all,
      order: i + 1,
    });
    // Along the row, and at a row's end down to the next one.
    const to = i % cols === cols - 1 ? i + cols : i + 1;
    if (to < NODES)
      edges.push({
        ...edgeShape,
        id: i + 1,
        node: { from_id: i + 1, to_id: to + 1 },
        visibility: all,
      });
  }
  const grown = { ...doc, nodes, edges };
  return { id, revision, body: gzipSync(JSON.stringify(grown), { level: 1 }) };
}

/** A server answering every request with the gzipped document and its revision. */
function serveOnce(body: Buffer, revision: string): Promise<Server> {
  const server = createServer((_req, res) => {
    res.writeHead(200, {
      'Content-Type': 'application/json',
      'Content-Encoding': 'gzip',
      'X-Map-Revision': revision,
    });
    res.end(body);
  });
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done(server)));
}

/** How many of a grid of the canvas's pixels differ from its top-left one (the background). */
function drawnPixels(page: Page): Promise<number> {
  return page.evaluate(() => {
    const c = document.querySelector<HTMLCanvasElement>('[data-testid="editor-canvas"]');
    const ctx = c?.getContext('2d');
    if (!c || !ctx) return -1;
    const data = ctx.getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let y = 0; y < c.height; y += 4) {
      for (let x = 0; x < c.width; x += 4) {
        const i = (y * c.width + x) * 4;
        if (data[i] !== data[0] || data[i + 1] !== data[1] || data[i + 2] !== data[2]) n++;
      }
    }
    return n;
  });
}

test.describe('a map of 100,000 nodes', () => {
  test.setTimeout(90_000);
  const servers: Server[] = [];
  test.afterAll(() => {
    for (const s of servers) s.close();
  });

  test('opens in the editor, draws, and pans with frames to spare', async ({ browser }) => {
    const { context, page } = await openEditor(browser, 'editor', {
      viewport: { width: 1280, height: 800 },
    });
    try {
      const { id, revision, body } = await largeDocument(page.request);
      // Handed over through the DevTools protocol, 50 MB took longer than the editor itself: the
      // request goes to a server of the test's own instead, answering gzip as Strata does.
      const server = await serveOnce(body, revision);
      servers.push(server);
      const { port } = server.address() as AddressInfo;
      await page.route(`**/api/v1/maps/${id}`, (route) => route.continue({ url: `http://127.0.0.1:${port}/document` }));
      await page.goto(`/editor/${id}`);
      const firstFrame = await (
        await page.waitForFunction(() => performance.getEntriesByName('strata:first-map-frame')[0]?.startTime, undefined, {
          timeout: 40_000,
        })
      ).jsonValue();
      await waitForEditor(page);
      expect(await page.evaluate(() => (window as HookWindow).__strataEditor?.nodeCount())).toBe(NODES);
      // Drawn: the whole map is in view, its nodes and edges cover much of the canvas.
      await expect.poll(() => drawnPixels(page)).toBeGreaterThan(5000);
      const before = await drawnPixels(page);

      // A drag from the canvas's left margin (outside the fitted map, so nothing is picked up).
      const box = await page.getByTestId('editor-canvas').boundingBox();
      if (!box) throw new Error('no canvas');
      const y = box.y + box.height / 2;
      await page.evaluate(() => {
        const w = window as Window & { __intervals?: number[] };
        w.__intervals = [];
        let last = 0;
        const tick = (t: number) => {
          if (last > 0) w.__intervals?.push(t - last);
          last = t;
          if ((w.__intervals?.length ?? 0) < 10_000) requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      });
      await page.mouse.move(box.x + 8, y);
      // The middle button pans (a left drag on empty space draws a selection box).
      await page.mouse.down({ button: 'middle' });
      for (let i = 1; i <= 60; i++) await page.mouse.move(box.x + 8 + i * 6, y + i * 2);
      await page.mouse.up({ button: 'middle' });
      const intervals = await page.evaluate(() => (window as Window & { __intervals?: number[] }).__intervals ?? []);
      intervals.sort((p, q) => p - q);
      const p95 = intervals[Math.floor(intervals.length * 0.95)] ?? Infinity;
      test.info().annotations.push({
        type: 'figures',
        description: `first map frame ${firstFrame.toFixed(0)} ms after navigation; pan: ${intervals.length} frames, interval p95 ${p95.toFixed(1)} ms`,
      });
      // Generous bounds for a loaded test machine; bench/canvas.mjs holds the real bars.
      expect(firstFrame, 'ms to the first frame of the map').toBeLessThan(15_000);
      expect(p95, `frame interval p95 while panning (${intervals.length} frames)`).toBeLessThan(250);
      // The map moved with the drag and is still drawn.
      await expect.poll(() => drawnPixels(page)).toBeGreaterThan(5000);
      expect(await drawnPixels(page)).not.toBe(before);
    } finally {
      await context.close();
    }
  });
});
