// The canvas benchmark's images (issue 21): `count` nodes spread over the map get a picture of
// their own. Uploaded to the demo client's media library when the server takes uploads (then
// drawn from its 256/1024/2048 variants), else linked (media_url) to pictures a small server
// of the benchmark's own serves, each node its own address so that each is fetched and decoded.
import { createServer } from 'node:http';
import { gradientPng } from '../fixtures/png.mjs';

/** The pictures: 1200 × 800, so that the variants (256, 1024) are smaller than the original. */
const PICTURE = { w: 1200, h: 800 };
const UPLOADS_AT_ONCE = 4;
/** Distinct pictures made; nodes beyond take them again under their own address. */
const DISTINCT = 16;

/** Serves /img/{n}.png (any n) on a free port; answers its origin and a stop function. */
export async function pictureServer() {
  const pictures = Array.from({ length: DISTINCT }, (_, i) => gradientPng(PICTURE.w, PICTURE.h, i + 1));
  const server = createServer((req, res) => {
    const m = /^\/img\/(\d+)\.png$/.exec(req.url ?? '');
    if (!m) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': 'image/png', 'Cache-Control': 'max-age=3600', 'Access-Control-Allow-Origin': '*' });
    res.end(pictures[Number(m[1]) % DISTINCT]);
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address();
  return { origin: `http://127.0.0.1:${port}`, stop: () => new Promise((r) => server.close(r)) };
}

/** Uploads one picture to the client's library; null when the server takes no uploads (yet). */
async function upload(base, cookie, client, bytes, name) {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type: 'image/png' }), name);
  const res = await fetch(`${base}/api/v1/clients/${client}/media`, {
    method: 'POST',
    headers: { Origin: base, Cookie: cookie },
    body: form,
  });
  if (res.status === 201) return (await res.json()).key;
  if (res.status === 404 || res.status === 405 || res.status === 501 || res.status === 503) return null;
  throw new Error(`upload: ${res.status} ${await res.text()}`);
}

/**
 * Gives `count` nodes spread evenly over the map a picture each; answers how ('uploaded' or
 * 'linked') and, when linked, the picture server to stop afterwards.
 */
export async function withPictures(call, mapId, count, client = 'demo') {
  const doc = await call('GET', `/maps/${mapId}`);
  const step = Math.max(1, Math.floor(doc.nodes.length / count));
  const chosen = doc.nodes.filter((_, i) => i % step === 0).slice(0, count);
  let design;
  let server = null;
  const first = await upload(call.base, call.cookie, client, gradientPng(PICTURE.w, PICTURE.h, 1), 'bench-1.png');
  if (first !== null) {
    const keys = [first];
    // A few at once: the server makes each picture's variants while the next arrives.
    for (let i = 1; i < chosen.length; i += UPLOADS_AT_ONCE) {
      const batch = [];
      for (let j = i; j < Math.min(chosen.length, i + UPLOADS_AT_ONCE); j++)
        batch.push(upload(call.base, call.cookie, client, gradientPng(PICTURE.w, PICTURE.h, j + 1), `bench-${j + 1}.png`));
      keys.push(...(await Promise.all(batch)));
    }
    design = (i) => ({ media: keys[i], media_cropped: true });
  } else {
    server = await pictureServer();
    design = (i) => ({ media_url: `${server.origin}/img/${i}.png`, media_cropped: true });
  }
  const chunk = 1000;
  for (let i = 0; i < chosen.length; i += chunk) {
    const nodes = chosen.slice(i, i + chunk).map((n, j) => ({ id: n.id, design: design(i + j) }));
    await call('PATCH', `/maps/${mapId}/elements`, { nodes });
  }
  return { how: first !== null ? 'uploaded' : 'linked', nodes: chosen.length, server };
}
