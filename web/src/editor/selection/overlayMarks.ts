// What the selection gestures draw on the canvas's overlay: the box being dragged and the
// alignment guides of a snap. Drawn in world coordinates; line widths stay one screen pixel.
import type { Bounds, Camera } from '../../map';
import { SELECTION_COLOR } from '../../map';

/** A guide line: vertical at x (from y0 to y1) or horizontal at y (from x0 to x1), world units. */
export type Guide = { axis: 'x'; at: number; from: number; to: number } | { axis: 'y'; at: number; from: number; to: number };

const GUIDE_COLOR = '#e8590c';

export class OverlayMarks {
  box: Bounds | null = null;
  guides: readonly Guide[] = [];

  get empty(): boolean {
    return this.box === null && this.guides.length === 0;
  }

  clear(): void {
    this.box = null;
    this.guides = [];
  }

  draw(ctx: CanvasRenderingContext2D, cam: Camera, dpr: number): void {
    if (this.empty) return;
    const S = cam.scale * dpr;
    const px = 1 / cam.scale;
    ctx.save();
    ctx.setTransform(S, 0, 0, S, -cam.x * S, -cam.y * S);
    const b = this.box;
    if (b) {
      ctx.fillStyle = 'rgba(1, 37, 234, 0.08)';
      ctx.fillRect(b.minX, b.minY, b.maxX - b.minX, b.maxY - b.minY);
      ctx.strokeStyle = SELECTION_COLOR;
      ctx.lineWidth = px;
      ctx.setLineDash([4 * px, 3 * px]);
      ctx.strokeRect(b.minX, b.minY, b.maxX - b.minX, b.maxY - b.minY);
      ctx.setLineDash([]);
    }
    if (this.guides.length > 0) {
      ctx.strokeStyle = GUIDE_COLOR;
      ctx.lineWidth = px;
      ctx.beginPath();
      for (const g of this.guides) {
        if (g.axis === 'x') {
          ctx.moveTo(g.at, g.from);
          ctx.lineTo(g.at, g.to);
        } else {
          ctx.moveTo(g.from, g.at);
          ctx.lineTo(g.to, g.at);
        }
      }
      ctx.stroke();
    }
    ctx.restore();
  }
}
