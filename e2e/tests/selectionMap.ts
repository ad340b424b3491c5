// Maps of their own for the selection and clipboard tests: nodes placed where a test wants them,
// with titles, sizes and the edges between them.
import { expect, type APIRequestContext, type Page } from '@playwright/test';

async function ok(res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<unknown> {
  expect(res.ok(), `${res.url()}: ${res.status()} ${await res.text()}`).toBe(true);
  return res.json();
}

export interface PlannedNode {
  x: number;
  y: number;
  title: string;
  shape?: 'circle' | 'rectangle';
  width?: number;
  height?: number;
}

/** A map with the nodes (answered in order) and edges between them (pairs of indexes into nodes). */
export async function selectionMap(
  api: APIRequestContext,
  name: string,
  nodes: PlannedNode[],
  edges: [number, number][] = [],
  options: { levels?: number; languages?: string[] } = {},
): Promise<{ id: number; nodes: number[]; edges: number[] }> {
  const map = (await ok(
    await api.post('/api/v1/clients/demo/maps', {
      data: { name, measurement: { width: 2000, height: 1200 }, visibility_levels: options.levels ?? 2 },
    }),
  )) as { id: number };
  if (options.languages) await ok(await api.patch(`/api/v1/maps/${map.id}`, { data: { languages: options.languages } }));
  const ids: number[] = [];
  for (const n of nodes) {
    const made = (await ok(
      await api.post(`/api/v1/maps/${map.id}/nodes`, {
        data: {
          design: { shape: n.shape ?? 'rectangle' },
          geometry: { center: { x: n.x, y: n.y } },
          visibility: { min_level: 1, max_level: options.levels ?? 2, hidden: false },
        },
      }),
    )) as { id: number };
    await ok(
      await api.patch(`/api/v1/maps/${map.id}/elements`, {
        data: {
          nodes: [
            {
              id: made.id,
              content: { [options.languages?.[0] ?? 'en']: { title: n.title } },
              design: { width: n.width ?? 120, height: n.height ?? (n.shape === 'circle' ? (n.width ?? 120) : 60) },
            },
          ],
        },
      }),
    );
    ids.push(made.id);
  }
  const edgeIds: number[] = [];
  for (const [a, b] of edges) {
    const made = (await ok(await api.post(`/api/v1/maps/${map.id}/edges/`, { data: { node: { from_id: ids[a], to_id: ids[b] } } }))) as {
      id: number;
    };
    edgeIds.push(made.id);
  }
  return { id: map.id, nodes: ids, edges: edgeIds };
}

/** Drags the mouse from a to b in steps (page coordinates). */
export async function dragFrom(page: Page, a: { x: number; y: number }, b: { x: number; y: number }): Promise<void> {
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) await page.mouse.move(a.x + ((b.x - a.x) * i) / 10, a.y + ((b.y - a.y) * i) / 10);
  await page.mouse.up();
}
