// The viewer's test hook (window.__strataViewer) and the one way specs click a node on it.
import type { Page } from '@playwright/test';

export interface ViewerHook {
  level(): number;
  fading(): boolean;
  nodePagePoint(id: number): { x: number; y: number } | null;
  nodeAtPagePoint(x: number, y: number): number | null;
  nodeShown(id: number): boolean;
}
export type HookWindow = Window & { __strataViewer?: ViewerHook };

/**
 * The first of the candidates a click at its centre would open, with that point. Other specs
 * edit the demo map too, so a candidate may lie under a node they added: pick one on top.
 */
export async function clickableNode<T extends { id: number }>(page: Page, candidates: T[]): Promise<{ node: T; x: number; y: number }> {
  const ids = candidates.map((n) => n.id);
  const found = await page.evaluate((list) => {
    const h = (window as HookWindow).__strataViewer;
    for (const id of list) {
      const p = h?.nodePagePoint(id);
      if (p && h?.nodeAtPagePoint(p.x, p.y) === id) return { id, ...p };
    }
    return null;
  }, ids);
  const node = found && candidates.find((n) => n.id === found.id);
  if (!found || !node) throw new Error(`none of ${ids.length} nodes is drawn on top at its centre`);
  return { node, x: found.x, y: found.y };
}
