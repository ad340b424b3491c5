// A map of its own for the in-place title tests: in English, German and French, one node titled
// in every language and one titled in English only (its German title is a fallback).
import { expect, type APIRequestContext } from '@playwright/test';

async function ok(res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<unknown> {
  expect(res.ok(), `${res.url()}: ${res.status()} ${await res.text()}`).toBe(true);
  return res.json();
}

export interface IntextMap {
  id: number;
  /** "Town hall" / "Rathaus" / "Hôtel de ville". */
  hall: number;
  /** "Bakery" in English only. */
  bakery: number;
}

export async function intextMap(api: APIRequestContext, name: string): Promise<IntextMap> {
  const map = (await ok(
    await api.post('/api/v1/clients/demo/maps', {
      data: { name, measurement: { width: 1200, height: 800 }, visibility_levels: 1 },
    }),
  )) as { id: number };
  await ok(await api.patch(`/api/v1/maps/${map.id}`, { data: { languages: ['en', 'de', 'fr'] } }));
  const node = async (x: number, content: Record<string, { title: string }>) => {
    const made = (await ok(
      await api.post(`/api/v1/maps/${map.id}/nodes`, {
        data: {
          design: { shape: 'rectangle' },
          geometry: { center: { x, y: 400 } },
          visibility: { min_level: 1, max_level: 1, hidden: false },
        },
      }),
    )) as { id: number };
    await ok(await api.patch(`/api/v1/maps/${map.id}/elements`, { data: { nodes: [{ id: made.id, content }] } }));
    return made.id;
  };
  const hall = await node(400, { en: { title: 'Town hall' }, de: { title: 'Rathaus' }, fr: { title: 'Hôtel de ville' } });
  const bakery = await node(800, { en: { title: 'Bakery' } });
  return { id: map.id, hall, bakery };
}
