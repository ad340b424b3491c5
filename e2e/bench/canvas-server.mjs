// The canvas benchmark's server side: a fresh data directory with the demo and a generated map,
// the server on a free port, and the map put on every level through the API.
import { spawn, execFileSync } from 'node:child_process';
import { createServer } from 'node:net';

function freePort() {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.once('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => res(port));
    });
  });
}

/** Seeds dir with the demo and a generated map of n nodes; answers the map's id. */
export function seed(bin, dir, n) {
  const out = execFileSync(bin, ['demo', '--data-dir', dir, '--nodes', String(n), '--log-level', 'warn'], { encoding: 'utf8' });
  const m = /\/editor\/(\d+)/.exec(out);
  if (!m) throw new Error(`strata demo printed no editor path:\n${out}`);
  return Number(m[1]);
}

export async function serve(bin, dir) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const proc = spawn(bin, ['serve', '--addr', `127.0.0.1:${port}`, '--data-dir', dir, '--public-url', base, '--log-level', 'warn'], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; i < 200; i++) {
    try {
      const r = await fetch(`${base}/healthz`);
      if (r.ok) return { base, proc };
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  proc.kill();
  throw new Error('strata serve did not come up');
}

/** A signed-in API caller (a session cookie, the Origin a browser would send). */
export async function apiSession(base, login) {
  const res = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: base },
    body: JSON.stringify(login),
  });
  if (!res.ok) throw new Error(`login: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const call = async (method, path, body) => {
    const r = await fetch(`${base}/api/v1${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', Origin: base, Cookie: cookie, 'If-Match': '*' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${await r.text()}`);
    return r.json();
  };
  // For calls that are not JSON (uploads).
  return Object.assign(call, { base, cookie });
}

/**
 * Puts every node and edge of the map on every level (the worst case for drawing: the whole
 * graph in view at every level), through PATCH /maps/{id}/elements in bodies well under 4 MB.
 */
export async function everyLevel(call, mapId) {
  const doc = await call('GET', `/maps/${mapId}`);
  const levels = doc.map.visibility_levels;
  const all = { min_level: 1, max_level: levels };
  const chunk = 5000;
  for (let i = 0; i < doc.nodes.length; i += chunk) {
    const nodes = doc.nodes.slice(i, i + chunk).map((n) => ({ id: n.id, visibility: all }));
    await call('PATCH', `/maps/${mapId}/elements`, { nodes });
  }
  for (let i = 0; i < doc.edges.length; i += chunk) {
    const edges = doc.edges.slice(i, i + chunk).map((e) => ({ id: e.id, visibility: all }));
    await call('PATCH', `/maps/${mapId}/elements`, { edges });
  }
  return { nodes: doc.nodes.length, edges: doc.edges.length, levels };
}
