// What the scene keeps per node and edge: the element with its resolved style, its laid-out
// title or labels, its outline or line, and its world bounds (the spatial index's entries).
import type { Language } from '../../api/types';
import type { Edge, Node } from '../../api/document';
import type { ArrowGeometry, Segment, ShapeBox } from '../geometry';
import type { Bounds } from '../spatial';
import type { EdgeStyle, NodeStyle } from '../style';
import type { MediaRef } from './media';
import type { TextBlock } from './text';

/** A positioned text block: lines start at xs[i], tops at y + block.tops[i] (local coordinates). */
export interface PlacedText {
  block: TextBlock;
  xs: number[];
  y: number;
  color: string;
  decoration: NodeStyle['text_decoration'];
  /** Opacity of the text (below 1 for a title in a fallback language); 1 when absent. */
  alpha?: number;
}

/** A drawn node with everything its drawing needs; its minX..maxY are its world bounds. */
export class NodeEntry implements Bounds {
  minX = 0;
  minY = 0;
  maxX = 0;
  maxY = 0;
  /** Everything drawn, relative to the centre, before rotation. */
  lx0 = 0;
  ly0 = 0;
  lx1 = 0;
  ly1 = 0;
  box!: ShapeBox;
  style!: NodeStyle;
  title: PlacedText | null = null;
  /** The media shown (an asset or a link), null for none; mediaKey names it ('' for none). */
  media: MediaRef | null = null;
  mediaKey = '';
  /** Colour of the plain box drawn when the node is tiny on screen. */
  lodColor = '';
  /** Fill and stroke of the plain vector drawing used when no text or shadow shows; equal keys share a path. */
  plainKey = '';
  /** Changes whenever the node's look (not its place) changes: cached bitmaps compare it. */
  version = 0;
  titleText = '';
  /** The language of the drawn title, null for none. */
  titleLanguage: Language | null = null;
  /** The drawn title is in another language than the first (see SceneOptions.dimFallbackTitles). */
  titleFallback = false;
  /** The title is not laid out yet (a large map's opening puts titles off; see Scene.layoutPendingTitles). */
  titlePending = false;
  /** Drawing order position; higher is on top. */
  rank = 0;
  /** Frame stamp, set by the renderer when it finds the node in the viewport. */
  mark = 0;
  readonly edges = new Set<EdgeEntry>();
  /** The renderer's level-of-detail flags for this frame. */
  flags = 0;

  constructor(
    readonly id: number,
    public node: Node,
  ) {}
}

export interface EdgeLabel {
  text: PlacedText;
  /** Slot point (world) and the reading direction of the text. */
  x: number;
  y: number;
  cos: number;
  sin: number;
}

/** Interned stroke settings: edges that share them are drawn in one path. */
export interface StrokeGroup {
  readonly id: number;
  readonly color: string;
  readonly width: number;
  readonly dash: EdgeStyle['border_style'];
  readonly shadow: boolean;
  readonly shadowColor: string;
  readonly shadowX: number;
  readonly shadowY: number;
  readonly shadowBlur: number;
}

export class EdgeEntry implements Bounds {
  minX = 0;
  minY = 0;
  maxX = 0;
  maxY = 0;
  style!: EdgeStyle;
  from: NodeEntry | null = null;
  to: NodeEntry | null = null;
  /** Both ends exist and their borders do not cross. */
  drawable = false;
  /** Between the node borders. */
  readonly seg: Segment = { x1: 0, y1: 0, x2: 0, y2: 0 };
  /** The stroked part: seg shortened under the arrow heads; absent when nothing is left. */
  readonly line: Segment = { x1: 0, y1: 0, x2: 0, y2: 0 };
  hasLine = false;
  start: ArrowGeometry | null = null;
  end: ArrowGeometry | null = null;
  group!: StrokeGroup;
  labels: EdgeLabel[] = [];
  mark = 0;

  constructor(
    readonly id: number,
    public edge: Edge,
  ) {}
}
