// A map of its own for the search and link tests: English and German titles, one node deeper down.
import { expect, type APIRequestContext } from '@playwright/test';

async function ok(res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<unknown> {
  expect(res.ok(), `${res.url()}: ${res.status()} ${await res.text()}`).toBe(true);
  return res.json();
}

/** A map of its own in English and German: a node on level 1 and one only on levels 2–3 titled in both. */
export async function searchMap(api: APIRequestContext, name: string): Promise<{ id: number; top: number; deep: number }> {
  const map = (await ok(
    await api.post('/api/v1/clients/demo/maps', {
      data: {
        name,
        measurement: { width: 2000, height: 1000 },
        visibility_levels: 3,
      },
    }),
  )) as { id: number };
  await ok(
    await api.patch(`/api/v1/maps/${map.id}`, {
      data: { languages: ['en', 'de'] },
    }),
  );
  const node = async (x: number, min: number, max: number, content: Record<string, { title: string; node_search_terms?: string }>) => {
    const made = (await ok(
      await api.post(`/api/v1/maps/${map.id}/nodes`, {
        data: {
          design: { shape: 'rectangle' },
          geometry: { center: { x, y: 500 } },
          visibility: { min_level: min, max_level: max, hidden: false },
        },
      }),
    )) as { id: number };
    await ok(
      await api.patch(`/api/v1/maps/${map.id}/elements`, {
        data: { nodes: [{ id: made.id, content }] },
      }),
    );
    return made.id;
  };
  const top = await node(300, 1, 3, {
    en: { title: 'Town hall' },
    de: { title: 'Rathaus' },
  });
  const deep = await node(1700, 2, 3, {
    en: { title: 'Main street' },
    de: { title: 'Müllers Hauptstraße', node_search_terms: 'Bäckerei' },
  });
  return { id: map.id, top, deep };
}
