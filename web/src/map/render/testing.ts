// Test support: a 2D context that records what is drawn (Node has no canvas), surfaces around it,
// and document builders. Not used by the app.
import type { Edge, EdgeDesign, Node, NodeDesign, Shape } from '../../api/document';
import type { Context2D, ImageLike, Surface, TextMeasure } from './types';

export interface Call {
  op: string;
  args: readonly unknown[];
  /** State at the time of the call. */
  alpha: number;
  fill: string;
  stroke: string;
  font: string;
}

export class FakeContext implements Context2D {
  calls: Call[] = [];
  globalAlpha = 1;
  fillStyle: string | CanvasGradient | CanvasPattern = '#000';
  strokeStyle: string | CanvasGradient | CanvasPattern = '#000';
  lineWidth = 1;
  lineCap: CanvasLineCap = 'butt';
  lineJoin: CanvasLineJoin = 'miter';
  font = '10px sans-serif';
  textAlign: CanvasTextAlign = 'start';
  textBaseline: CanvasTextBaseline = 'alphabetic';
  shadowBlur = 0;
  shadowColor = 'transparent';
  shadowOffsetX = 0;
  shadowOffsetY = 0;
  imageSmoothingEnabled = true;

  private rec(op: string, args: readonly unknown[]): void {
    this.calls.push({
      op,
      args,
      alpha: this.globalAlpha,
      fill: typeof this.fillStyle === 'string' ? this.fillStyle : '',
      stroke: typeof this.strokeStyle === 'string' ? this.strokeStyle : '',
      font: this.font,
    });
  }

  ops(op: string): Call[] {
    return this.calls.filter((c) => c.op === op);
  }

  reset(): void {
    this.calls = [];
  }

  save(): void {
    this.rec('save', []);
  }
  restore(): void {
    this.rec('restore', []);
  }
  setTransform(a: number, b: number, c: number, d: number, e: number, f: number): void {
    this.rec('setTransform', [a, b, c, d, e, f]);
  }
  translate(x: number, y: number): void {
    this.rec('translate', [x, y]);
  }
  rotate(angle: number): void {
    this.rec('rotate', [angle]);
  }
  scale(x: number, y: number): void {
    this.rec('scale', [x, y]);
  }
  beginPath(): void {
    this.rec('beginPath', []);
  }
  closePath(): void {
    this.rec('closePath', []);
  }
  moveTo(x: number, y: number): void {
    this.rec('moveTo', [x, y]);
  }
  lineTo(x: number, y: number): void {
    this.rec('lineTo', [x, y]);
  }
  arc(x: number, y: number, r: number, a0: number, a1: number): void {
    this.rec('arc', [x, y, r, a0, a1]);
  }
  rect(x: number, y: number, w: number, h: number): void {
    this.rec('rect', [x, y, w, h]);
  }
  fill(): void {
    this.rec('fill', []);
  }
  stroke(): void {
    this.rec('stroke', []);
  }
  clip(): void {
    this.rec('clip', []);
  }
  fillRect(x: number, y: number, w: number, h: number): void {
    this.rec('fillRect', [x, y, w, h]);
  }
  clearRect(x: number, y: number, w: number, h: number): void {
    this.rec('clearRect', [x, y, w, h]);
  }
  setLineDash(segments: number[]): void {
    this.rec('setLineDash', [[...segments]]);
  }
  fillText(text: string, x: number, y: number): void {
    this.rec('fillText', [text, x, y]);
  }
  measureText(text: string): { width: number } {
    return { width: fakeMeasure(text, this.font) };
  }
  createPattern(image: ImageLike, repetition: string): CanvasPattern {
    const pattern: FakePattern = { image, repetition, transform: null, setTransform: () => undefined };
    pattern.setTransform = (m?: DOMMatrix2DInit) => {
      pattern.transform = m ?? null;
    };
    this.rec('createPattern', [image, repetition]);
    return pattern;
  }
  drawImage(image: ImageLike, ...rest: number[]): void {
    this.rec('drawImage', [image, ...rest]);
  }
}

/** What FakeContext.createPattern answers: its image, repetition and the transform set on it. */
export interface FakePattern {
  image: ImageLike;
  repetition: string;
  transform: DOMMatrix2DInit | null;
  setTransform(m?: DOMMatrix2DInit): void;
}

export class FakeSurface implements Surface {
  readonly ctx = new FakeContext();
  constructor(
    public width: number,
    public height: number,
  ) {}
  getContext(): FakeContext {
    return this.ctx;
  }
}

/** Text is 0.6 em per character: enough to exercise wrapping. */
export const fakeMeasure: TextMeasure = (text, font) => {
  const m = /(\d+(?:\.\d+)?)px/.exec(font);
  const size = m ? Number(m[1]) : 10;
  return text.length * size * 0.6;
};

export function makeNode(id: number, x: number, y: number, design: NodeDesign = {}, extra: Partial<Omit<Node, 'id'>> = {}): Node {
  const shape: Shape = design.shape ?? 'rectangle';
  return {
    id,
    template: design.object_template ?? '0',
    design: { shape, ...design },
    geometry: { shape, center: { x, y } },
    visibility: { min_level: 1, max_level: 3, hidden: false },
    content: { en: { title: `Node ${id}` } },
    next_id: null,
    previous_id: null,
    popup_type: 'popup-small',
    editing: { locked: false },
    order: id,
    ...extra,
  };
}

export function makeEdge(id: number, from: number, to: number, design: EdgeDesign = {}, extra: Partial<Omit<Edge, 'id'>> = {}): Edge {
  return {
    id,
    node: { from_id: from, to_id: to },
    name: '',
    type: '',
    template: design.object_template ?? '0',
    design,
    content: {},
    visibility: { min_level: 1, max_level: 3, hidden: false },
    locked: false,
    ...extra,
  };
}
