// What is under a point of the screen: the topmost node, else the nearest edge within the hover
// area, found through the scene's spatial indexes (whatever draws the view, tiles or not).
import { EDGE_HOVER_AREA } from '../constants';
import { pointInShape, pointNearSegment } from '../geometry';
import type { Camera } from './camera';
import type { LevelView } from './levels';
import type { EdgeEntry, NodeEntry, Scene } from './scene';
import type { Hit, RenderState } from './state';

export function hitTest(scene: Scene, camera: Camera, levels: LevelView, st: RenderState, sx: number, sy: number): Hit | null {
  const wx = camera.x + sx / camera.scale;
  const wy = camera.y + sy / camera.scale;
  scene.drawOrder();
  let best: NodeEntry | null = null;
  for (const e of scene.nodeIndex.searchPoint(wx, wy)) {
    if (!levels.nodeShown(e, st)) continue;
    const pad = e.style.border_enabled ? e.style.border_width / 2 : 0;
    if (pointInShape(e.box, wx, wy, pad) && (!best || e.rank > best.rank)) best = e;
  }
  if (best) return { kind: 'node', id: best.id };
  const tol = EDGE_HOVER_AREA / 2 / camera.scale;
  let bestEdge: EdgeEntry | null = null;
  let bestDist = Infinity;
  for (const e of scene.edgeIndex.searchPoint(wx, wy, tol)) {
    if (!levels.edgeShown(e, st)) continue;
    const reach = tol + e.group.width / 2;
    if (!pointNearSegment(e.seg, wx, wy, reach)) continue;
    const d = Math.hypot(wx - (e.seg.x1 + e.seg.x2) / 2, wy - (e.seg.y1 + e.seg.y2) / 2);
    if (d < bestDist) {
      bestDist = d;
      bestEdge = e;
    }
  }
  return bestEdge ? { kind: 'edge', id: bestEdge.id } : null;
}
