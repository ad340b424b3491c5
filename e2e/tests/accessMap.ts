// A map of its own for the keyboard and outline tests: three nodes on level 1 linked out of their
// position order, one more on level 2 only, and an edge.
import { expect, type APIRequestContext } from '@playwright/test';

async function ok(res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<unknown> {
  expect(res.ok(), `${res.url()}: ${res.status()} ${await res.text()}`).toBe(true);
  return res.json();
}

export interface AccessMap {
  id: number;
  /** Beta (left) and Alpha (right) in one row, Gamma below; Beta's next is Gamma. */
  alpha: number;
  beta: number;
  gamma: number;
  /** Delta shows on level 2 only. */
  delta: number;
}

/** The maps made through each signed-in caller, removed by removeAccessMaps. */
const made = new WeakMap<APIRequestContext, number[]>();

/**
 * Deletes the maps accessMap made for this caller: the demo client is shared with specs that
 * count its maps.
 */
export async function removeAccessMaps(api: APIRequestContext): Promise<void> {
  for (const id of made.get(api) ?? []) {
    const res = await api.delete(`/api/v1/maps/${id}`);
    expect(res.ok(), `DELETE map ${id}: ${res.status()} ${await res.text()}`).toBe(true);
  }
  made.delete(api);
}

export async function accessMap(api: APIRequestContext, name: string): Promise<AccessMap> {
  const map = (await ok(
    await api.post('/api/v1/clients/demo/maps', { data: { name, measurement: { width: 1200, height: 900 }, visibility_levels: 2 } }),
  )) as { id: number };
  made.set(api, [...(made.get(api) ?? []), map.id]);
  await ok(await api.patch(`/api/v1/maps/${map.id}`, { data: { languages: ['en', 'de'] } }));
  const node = async (shape: string, x: number, y: number, min: number, en: string, de: string) => {
    const made = (await ok(
      await api.post(`/api/v1/maps/${map.id}/nodes`, {
        data: { design: { shape }, geometry: { center: { x, y } }, visibility: { min_level: min, max_level: 2, hidden: false } },
      }),
    )) as { id: number };
    await ok(
      await api.patch(`/api/v1/maps/${map.id}/elements`, {
        data: { nodes: [{ id: made.id, content: { en: { title: en }, de: { title: de } } }] },
      }),
    );
    return made.id;
  };
  const beta = await node('rectangle', 200, 300, 1, 'Beta', 'Beta (de)');
  const alpha = await node('circle', 600, 310, 1, 'Alpha', 'Alpha (de)');
  const gamma = await node('rectangle', 900, 650, 1, 'Gamma', 'Gamma (de)');
  const delta = await node('circle', 400, 650, 2, 'Delta', 'Delta (de)');
  await ok(await api.patch(`/api/v1/maps/${map.id}/elements`, { data: { nodes: [{ id: beta, next_id: gamma }] } }));
  await ok(await api.post(`/api/v1/maps/${map.id}/edges/`, { data: { node: { from_id: alpha, to_id: gamma } } }));
  return { id: map.id, alpha, beta, gamma, delta };
}
