// The scene: the document's nodes and edges with what drawing them needs worked out once —
// resolved styles, outlines, title and label layouts, edge lines and arrow heads, bounds in the
// spatial index. A change re-works only the ids the document store names (and the edges of
// changed nodes); everything else stays as it was, including the renderer's cached bitmaps.
import type { Language } from '../../api/types';
import type { Edge, GlobalDesign, MapDocument, Node, NodeTextPosition, TemplateRef } from '../../api/document';
import { EDGE_LABEL_GAP, FALLBACK_TITLE_ALPHA, SHADOW_BLUR_MULTIPLIER, TITLE_GAP } from '../constants';
import { arrowGeometry, edgeAttachPoints, rotatedBoxBounds, shapeBox } from '../geometry';
import { type Bounds, SpatialIndex } from '../spatial';
import {
  type GlobalDefaults,
  type NodeStyle,
  type TemplatesById,
  StyleResolver,
  contentIn,
  firstTitle,
  indexTemplates,
  labelSlotShown,
  shownTitle,
} from '../style';
import { EdgeEntry, NodeEntry, type EdgeLabel, type PlacedText, type StrokeGroup } from './entries';
import { mediaId, nodeMedia } from './media';
import { type TextBlock, cachedMeasure, cssFont, layoutText } from './text';
import type { TextMeasure } from './types';

export { EdgeEntry, NodeEntry, type EdgeLabel, type PlacedText, type StrokeGroup };

/** The document as the scene reads it: elements by id, so that a change is found without a scan. */
export interface SceneDocument {
  readonly nodes: ReadonlyMap<number, Node>;
  readonly edges: ReadonlyMap<number, Edge>;
  readonly templates: TemplatesById;
  readonly globalDesign: GlobalDefaults;
}

/** Which parts of the document changed; an id whose element is gone was removed. */
export interface SceneChanges {
  nodes?: Iterable<number>;
  edges?: Iterable<number>;
  /** Templates changed (their objects are resolved again) by ref. */
  templates?: Iterable<TemplateRef>;
  /** The global design changed: every style is resolved again. */
  globalDesign?: boolean;
}

export function sceneDocument(
  doc: Pick<MapDocument, 'nodes' | 'edges' | 'object_templates'> & { global_design: GlobalDesign | null },
): SceneDocument {
  return {
    nodes: new Map(doc.nodes.map((n) => [n.id, n])),
    edges: new Map(doc.edges.map((e) => [e.id, e])),
    templates: indexTemplates(doc.object_templates),
    globalDesign: doc.global_design,
  };
}

export interface SceneOptions {
  measure: TextMeasure;
  /** Content languages in order of preference: the first one an element has is drawn. */
  languages?: readonly Language[];
  /** Whether a title in another language than the first is drawn dimmed (the editor shows it so). */
  dimFallbackTitles?: boolean;
  /**
   * From this many nodes, setDocument leaves titles to layoutPendingTitles: measuring every title
   * was half the scene's build at 20,000 nodes, and a whole large map shows none legibly.
   */
  deferTitlesFrom?: number;
}

const DEFER_TITLES_FROM = 5000;

/** Changed areas kept for the renderer before it redraws everything instead. */
const MAX_DIRTY_AREAS = 512;

/** Label slots and where along the edge each sits. */
const SLOTS = [
  ['start', 1 / 6],
  ['middle', 1 / 2],
  ['end', 5 / 6],
] as const;

export class Scene {
  readonly nodeIndex = new SpatialIndex<NodeEntry>();
  readonly edgeIndex = new SpatialIndex<EdgeEntry>();
  private readonly nodes = new Map<number, NodeEntry>();
  private readonly edges = new Map<number, EdgeEntry>();
  /** Edges waiting for an end node that is not (yet) in the scene. */
  private readonly dangling = new Set<EdgeEntry>();
  private readonly byMedia = new Map<string, Set<NodeEntry>>();
  private readonly groups = new Map<string, StrokeGroup>();
  private readonly groupList: StrokeGroup[] = [];
  private resolver = new StyleResolver(new Map(), null);
  private ordered: NodeEntry[] = [];
  private orderDirty = true;
  private listeners = new Set<() => void>();
  /** World areas whose drawing changed since the renderer last took them (for its tile cache). */
  private dirty: Bounds[] = [];
  private dirtyAll = true;
  private cachedBounds: Bounds | null = null;
  private measure: TextMeasure;
  private languages: readonly Language[];
  private readonly dimFallbackTitles: boolean;
  private readonly deferTitlesFrom: number;
  /** Nodes whose titles setDocument put off, and how far layoutPendingTitles has come. */
  private pendingTitles: NodeEntry[] = [];
  private pendingAt = 0;

  constructor(options: SceneOptions) {
    this.measure = cachedMeasure(options.measure);
    this.languages = options.languages ?? ['en'];
    this.dimFallbackTitles = options.dimFallbackTitles ?? false;
    this.deferTitlesFrom = options.deferTitlesFrom ?? DEFER_TITLES_FROM;
  }

  /** Whether some titles still wait for layoutPendingTitles. */
  get titlesPending(): boolean {
    return this.pendingTitles.length > 0;
  }

  get nodeCount(): number {
    return this.nodes.size;
  }

  get edgeCount(): number {
    return this.edges.size;
  }

  node(id: number): NodeEntry | undefined {
    return this.nodes.get(id);
  }

  edge(id: number): EdgeEntry | undefined {
    return this.edges.get(id);
  }

  allNodes(): IterableIterator<NodeEntry> {
    return this.nodes.values();
  }

  allEdges(): IterableIterator<EdgeEntry> {
    return this.edges.values();
  }

  strokeGroups(): readonly StrokeGroup[] {
    return this.groupList;
  }

  /** Called after every change of the scene (the renderer schedules a frame). */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    this.cachedBounds = null;
    for (const l of this.listeners) l();
  }

  /** Records an area drawn differently now (an element's bounds before or after a change). */
  private touch(b: Bounds): void {
    if (this.dirtyAll || b.minX <= -1e15) return;
    // Beyond a few hundred areas, redrawing everything is cheaper than testing each.
    if (this.dirty.length >= MAX_DIRTY_AREAS) {
      this.dirtyAll = true;
      this.dirty = [];
      return;
    }
    this.dirty.push({ minX: b.minX, minY: b.minY, maxX: b.maxX, maxY: b.maxY });
  }

  private touchAll(): void {
    this.dirtyAll = true;
    this.dirty = [];
  }

  /** What changed since the last call: everything, or these world areas. */
  takeDirty(): { all: boolean; areas: Bounds[] } {
    const out = { all: this.dirtyAll, areas: this.dirty };
    this.dirtyAll = false;
    this.dirty = [];
    return out;
  }

  /** Builds everything from the document (first load, or a reload). */
  setDocument(doc: SceneDocument): void {
    this.nodes.clear();
    this.edges.clear();
    this.dangling.clear();
    this.byMedia.clear();
    this.resolver.reset(doc.templates, doc.globalDesign);
    const defer = doc.nodes.size >= this.deferTitlesFrom;
    const nodeEntries: NodeEntry[] = [];
    for (const n of doc.nodes.values()) {
      const e = new NodeEntry(n.id, n);
      this.layoutNode(e, !defer);
      this.nodes.set(n.id, e);
      nodeEntries.push(e);
    }
    this.pendingTitles = defer ? nodeEntries.slice() : [];
    this.pendingAt = 0;
    const edgeEntries: EdgeEntry[] = [];
    for (const ed of doc.edges.values()) {
      const e = new EdgeEntry(ed.id, ed);
      this.styleEdge(e);
      this.connect(e);
      this.layoutEdge(e);
      this.edges.set(ed.id, e);
      edgeEntries.push(e);
    }
    this.nodeIndex.load(nodeEntries);
    this.edgeIndex.load(edgeEntries);
    this.orderDirty = true;
    this.touchAll();
    this.changed();
  }

  /** Applies the changes the document store reports; only the named elements are worked again. */
  update(doc: SceneDocument, changes: SceneChanges): void {
    const restyleAll = changes.globalDesign === true;
    const changedTemplates = changes.templates ? new Set(changes.templates) : null;
    if (restyleAll || changedTemplates) this.resolver.reset(doc.templates, doc.globalDesign);
    if (restyleAll) this.touchAll();
    const touchedEdges = new Set<EdgeEntry>();

    const relayoutNode = (e: NodeEntry, n: Node): void => {
      if (n.order !== e.node.order) this.orderDirty = true;
      e.node = n;
      this.touch(e);
      this.nodeIndex.update(e, () => {
        this.layoutNode(e);
      });
      this.touch(e);
      for (const ed of e.edges) touchedEdges.add(ed);
    };

    for (const id of changes.nodes ?? []) {
      const n = doc.nodes.get(id);
      const e = this.nodes.get(id);
      if (!n) {
        if (e) this.removeNode(e, touchedEdges);
      } else if (!e) {
        this.addNode(n, touchedEdges);
      } else {
        relayoutNode(e, n);
      }
    }
    if (restyleAll || changedTemplates) {
      for (const e of this.nodes.values()) {
        if (restyleAll || changedTemplates?.has(e.style.object_template) || changedTemplates?.has(e.node.template)) {
          relayoutNode(e, e.node);
        }
      }
      for (const e of this.edges.values()) {
        if (restyleAll || changedTemplates?.has(e.style.object_template) || changedTemplates?.has(e.edge.template)) {
          touchedEdges.add(e);
        }
      }
    }
    for (const id of changes.edges ?? []) {
      const ed = doc.edges.get(id);
      const e = this.edges.get(id);
      if (!ed) {
        if (e) this.removeEdge(e);
        continue;
      }
      if (!e) {
        const fresh = new EdgeEntry(id, ed);
        this.styleEdge(fresh);
        this.connect(fresh);
        this.layoutEdge(fresh);
        this.edges.set(id, fresh);
        this.edgeIndex.insert(fresh);
        this.touch(fresh);
        continue;
      }
      e.edge = ed;
      touchedEdges.add(e);
    }
    for (const e of touchedEdges) {
      if (!this.edges.has(e.id)) continue;
      this.touch(e);
      this.edgeIndex.update(e, () => {
        this.styleEdge(e);
        this.connect(e);
        this.layoutEdge(e);
      });
      this.touch(e);
    }
    this.changed();
  }

  /** An image became ready (media.ts mediaId): the nodes showing it are drawn again. */
  mediaReady(id: string): void {
    const set = this.byMedia.get(id);
    if (!set) return;
    for (const e of set) {
      e.version++;
      this.touch(e);
    }
    this.changed();
  }

  /** Where media come from changed (the reader allowed external sources): every node with media is drawn again. */
  refreshMedia(): void {
    for (const id of this.byMedia.keys()) this.mediaReady(id);
  }

  /** Fonts loaded or the language changed: every text is laid out again. */
  relayoutText(languages?: readonly Language[]): void {
    if (languages) this.languages = languages;
    this.touchAll();
    this.pendingTitles = [];
    for (const e of this.nodes.values()) {
      this.nodeIndex.update(e, () => {
        this.layoutNode(e);
      });
    }
    for (const e of this.edges.values()) {
      this.edgeIndex.update(e, () => {
        this.layoutEdge(e);
      });
    }
    this.changed();
  }

  /**
   * Lays out the titles setDocument put off, while timeLeft() allows; answers whether some remain.
   * Bounds grow to hold the titles only once all are done, in one bulk load of the index (an entry's
   * bounds must not change while the index holds it), followed by one redraw of everything.
   */
  layoutPendingTitles(timeLeft: () => boolean): boolean {
    const list = this.pendingTitles;
    while (this.pendingAt < list.length) {
      const e = list[this.pendingAt++];
      if (e?.titlePending && this.nodes.get(e.id) === e && this.layoutTitle(e)) e.version++;
      if ((this.pendingAt & 63) === 0 && this.pendingAt < list.length && !timeLeft()) return true;
    }
    this.pendingTitles = [];
    for (const e of this.nodes.values()) this.boundNode(e);
    this.nodeIndex.load([...this.nodes.values()]);
    this.touchAll();
    this.changed();
    return false;
  }

  /** Nodes in drawing order (by `order`, then id). */
  drawOrder(): readonly NodeEntry[] {
    if (this.orderDirty) {
      this.ordered = [...this.nodes.values()].sort((a, b) => a.node.order - b.node.order || a.id - b.id);
      let rank = 0;
      for (const e of this.ordered) e.rank = rank++;
      this.orderDirty = false;
    }
    return this.ordered;
  }

  /** The bounds of every node, or null for an empty map (for fitting the view). */
  bounds(): Bounds | null {
    if (this.nodes.size === 0) return null;
    if (this.cachedBounds) return this.cachedBounds;
    const b: Bounds = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
    for (const e of this.nodes.values()) {
      b.minX = Math.min(b.minX, e.minX);
      b.minY = Math.min(b.minY, e.minY);
      b.maxX = Math.max(b.maxX, e.maxX);
      b.maxY = Math.max(b.maxY, e.maxY);
    }
    this.cachedBounds = b;
    return b;
  }

  private addNode(n: Node, touchedEdges: Set<EdgeEntry>): void {
    const e = new NodeEntry(n.id, n);
    this.layoutNode(e);
    this.nodes.set(n.id, e);
    this.nodeIndex.insert(e);
    this.touch(e);
    this.orderDirty = true;
    for (const ed of this.dangling) {
      if (ed.edge.node.from_id === n.id || ed.edge.node.to_id === n.id) touchedEdges.add(ed);
    }
  }

  private removeNode(e: NodeEntry, touchedEdges: Set<EdgeEntry>): void {
    this.nodeIndex.remove(e);
    this.nodes.delete(e.id);
    this.touch(e);
    this.forgetMedia(e);
    this.orderDirty = true;
    for (const ed of e.edges) touchedEdges.add(ed);
    e.edges.clear();
  }

  private removeEdge(e: EdgeEntry): void {
    this.touch(e);
    this.edgeIndex.remove(e);
    this.edges.delete(e.id);
    this.dangling.delete(e);
    e.from?.edges.delete(e);
    e.to?.edges.delete(e);
  }

  private forgetMedia(e: NodeEntry): void {
    if (e.mediaKey !== '') this.byMedia.get(e.mediaKey)?.delete(e);
  }

  private layoutNode(e: NodeEntry, withTitle = true): void {
    const prev = e.version === 0 ? null : e.style;
    const prevMedia = e.mediaKey;
    const s = this.resolver.node(e.node);
    e.style = s;
    e.box = shapeBox(e.node.geometry.center, s);
    const titleChanged = withTitle ? this.layoutTitle(e) : this.putOffTitle(e);
    this.boundNode(e);

    const media = nodeMedia(s);
    const id = mediaId(media);
    if (id !== e.mediaKey) {
      this.forgetMedia(e);
      e.media = media;
      e.mediaKey = id;
      if (id !== '') {
        let set = this.byMedia.get(id);
        if (!set) this.byMedia.set(id, (set = new Set()));
        set.add(e);
      }
    }
    e.plainKey = `${s.bg_enabled ? s.bg_color : ''}|${s.border_enabled ? s.border_color : ''}|${s.border_width}|${s.border_style}`;
    e.lodColor = s.bg_enabled && s.bg_color !== 'transparent' ? s.bg_color : s.border_enabled ? s.border_color : '';
    // Position is not part of the look: moving a node keeps its bitmap.
    if (prev === null || !sameStyle(prev, s) || titleChanged || id !== prevMedia) e.version++;
  }

  /** Lays out the node's title for its style; answers whether what is drawn of it changed. */
  private layoutTitle(e: NodeEntry): boolean {
    const s = e.style;
    const prevText = e.title ? e.titleText : '';
    const prevFallback = e.titleFallback;
    const first = firstTitle(e.node.content, this.languages);
    const text = shownTitle(s, first?.title);
    e.titlePending = false;
    e.titleLanguage = text === '' ? null : (first?.language ?? null);
    e.titleFallback = this.dimFallbackTitles && e.titleLanguage !== null && e.titleLanguage !== this.languages[0];
    e.title = text === '' ? null : this.placeTitle(text, s, s.border_enabled ? s.border_width / 2 : 0);
    if (e.title && e.titleFallback) e.title.alpha = FALLBACK_TITLE_ALPHA;
    e.titleText = text;
    return text !== prevText || e.titleFallback !== prevFallback;
  }

  /** Leaves the title for layoutPendingTitles; answers whether what is drawn of it changed. */
  private putOffTitle(e: NodeEntry): boolean {
    const had = e.title !== null;
    e.title = null;
    e.titleText = '';
    e.titleLanguage = null;
    e.titleFallback = false;
    e.titlePending = true;
    return had;
  }

  /** Everything drawn of the node (shape, shadow, title), locally and in the world. */
  private boundNode(e: NodeEntry): void {
    const s = e.style;
    const hw = s.width / 2;
    const hh = s.height / 2;
    const bp = s.border_enabled ? s.border_width / 2 : 0;
    let x0 = -hw - bp,
      y0 = -hh - bp,
      x1 = hw + bp,
      y1 = hh + bp;
    if (s.shadow_enabled) {
      const spread = s.shadow_blur * SHADOW_BLUR_MULTIPLIER;
      x0 = Math.min(x0, -hw + s.shadow_x - spread);
      y0 = Math.min(y0, -hh + s.shadow_y - spread);
      x1 = Math.max(x1, hw + s.shadow_x + spread);
      y1 = Math.max(y1, hh + s.shadow_y + spread);
    }
    const t = e.title;
    if (t) {
      for (let i = 0; i < t.xs.length; i++) {
        x0 = Math.min(x0, t.xs[i] ?? 0);
        x1 = Math.max(x1, (t.xs[i] ?? 0) + (t.block.widths[i] ?? 0));
      }
      y0 = Math.min(y0, t.y);
      y1 = Math.max(y1, t.y + t.block.height);
    }
    e.lx0 = x0;
    e.ly0 = y0;
    e.lx1 = x1;
    e.ly1 = y1;
    rotatedBoxBounds(e.box.x, e.box.y, x0, y0, x1, y1, e.box.cos, e.box.sin, e);
  }

  /** Spec §9 title gap: outside positions sit TITLE_GAP beyond the border; centre wraps inside it. */
  private placeTitle(text: string, s: NodeStyle, bp: number): PlacedText {
    const pos: NodeTextPosition = s.title_position;
    const hw = s.width / 2;
    const hh = s.height / 2;
    const font = cssFont(s.font_style, s.font_weight, s.font_size, s.font_family);
    const wrap = pos === 'center' ? Math.max(1, s.width - 2 * TITLE_GAP) : s.width;
    const block = layoutText(text, wrap, font, s.font_size, s.line_height, 0, this.measure);
    let bx: number;
    let bw = wrap;
    if (pos === 'left') {
      bw = block.width;
      bx = -hw - bp - TITLE_GAP - bw;
    } else if (pos === 'right') {
      bw = block.width;
      bx = hw + bp + TITLE_GAP;
    } else if (pos === 'top-left' || pos === 'bottom-left') {
      bx = -hw;
    } else if (pos === 'top-right' || pos === 'bottom-right') {
      bx = hw - bw;
    } else {
      bx = -bw / 2;
    }
    let y: number;
    if (pos === 'top' || pos === 'top-left' || pos === 'top-right') y = -hh - bp - TITLE_GAP - block.height;
    else if (pos === 'bottom' || pos === 'bottom-left' || pos === 'bottom-right') y = hh + bp + TITLE_GAP;
    else y = -block.height / 2;
    return { block, xs: alignLines(block, bx, bw, s.text_align), y, color: s.font_color, decoration: s.text_decoration };
  }

  private styleEdge(e: EdgeEntry): void {
    const s = this.resolver.edge(e.edge);
    e.style = s;
    const shadow = s.shadow_enabled;
    const key = `${s.border_color}|${s.border_width}|${s.border_style}|${shadow ? `${s.shadow_color}|${s.shadow_x}|${s.shadow_y}|${s.shadow_blur}` : ''}`;
    let g = this.groups.get(key);
    if (!g) {
      g = {
        id: this.groupList.length,
        color: s.border_color,
        width: s.border_width,
        dash: s.border_style,
        shadow,
        shadowColor: s.shadow_color,
        shadowX: s.shadow_x,
        shadowY: s.shadow_y,
        shadowBlur: s.shadow_blur,
      };
      this.groups.set(key, g);
      this.groupList.push(g);
    }
    e.group = g;
  }

  /** Links the edge to its end nodes (and back), or parks it until they exist. */
  private connect(e: EdgeEntry): void {
    const from = this.nodes.get(e.edge.node.from_id) ?? null;
    const to = this.nodes.get(e.edge.node.to_id) ?? null;
    if (e.from !== from) {
      e.from?.edges.delete(e);
      from?.edges.add(e);
      e.from = from;
    }
    if (e.to !== to) {
      e.to?.edges.delete(e);
      to?.edges.add(e);
      e.to = to;
    }
    if (from && to) this.dangling.delete(e);
    else this.dangling.add(e);
  }

  private layoutEdge(e: EdgeEntry): void {
    const s = e.style;
    e.labels = [];
    e.start = e.end = null;
    e.hasLine = false;
    e.drawable = e.from !== null && e.to !== null && edgeAttachPoints(e.from.box, e.to.box, e.seg);
    if (!e.drawable) {
      // Out of the way of every query until it can be drawn.
      e.minX = e.minY = e.maxX = e.maxY = -1e15;
      return;
    }
    const { seg, line } = e;
    const dx = seg.x2 - seg.x1;
    const dy = seg.y2 - seg.y1;
    const len = Math.hypot(dx, dy);
    const ux = len === 0 ? 1 : dx / len;
    const uy = len === 0 ? 0 : dy / len;
    const lw = s.border_enabled ? s.border_width : 0;
    let pad = lw / 2;
    if (lw > 0) {
      e.start = arrowGeometry(s.line_start, seg.x1, seg.y1, -ux, -uy, lw, s.line_start_size);
      e.end = arrowGeometry(s.line_end, seg.x2, seg.y2, ux, uy, lw, s.line_end_size);
      const si = e.start.inset;
      const ei = e.end.inset;
      if (len - si - ei > 0) {
        e.hasLine = true;
        line.x1 = seg.x1 + ux * si;
        line.y1 = seg.y1 + uy * si;
        line.x2 = seg.x2 - ux * ei;
        line.y2 = seg.y2 - uy * ei;
      }
      pad = Math.max(pad, e.start.length, e.end.length);
      if (s.shadow_enabled) {
        pad = Math.max(pad, lw / 2 + Math.max(Math.abs(s.shadow_x), Math.abs(s.shadow_y)) + s.shadow_blur * SHADOW_BLUR_MULTIPLIER);
      }
    }
    e.minX = Math.min(seg.x1, seg.x2) - pad;
    e.minY = Math.min(seg.y1, seg.y2) - pad;
    e.maxX = Math.max(seg.x1, seg.x2) + pad;
    e.maxY = Math.max(seg.y1, seg.y2) + pad;

    const content = contentIn(e.edge.content, this.languages);
    if (!content) return;
    const slotWidth = len / 3;
    if (!labelSlotShown(s, slotWidth)) return;
    // Text reads left to right: the label frame points rightwards whatever the edge's direction.
    const flip = ux < 0 || (ux === 0 && uy < 0);
    const cos = flip ? -ux : ux;
    const sin = flip ? -uy : uy;
    const font = cssFont(s.font_style, s.font_weight, s.font_size, s.font_family);
    const tmp: Bounds = { minX: 0, minY: 0, maxX: 0, maxY: 0 };
    for (const [slot, t] of SLOTS) {
      const text = content[slot];
      if (text === undefined || text.trim() === '') continue;
      const block = layoutText(text, slotWidth, font, s.font_size, s.line_height, s.paragraph_spacing, this.measure);
      const off = lw / 2 + EDGE_LABEL_GAP;
      const y = s.text_position === 'top' ? -off - block.height : s.text_position === 'bottom' ? off : -block.height / 2;
      const placed: PlacedText = {
        block,
        xs: alignLines(block, -slotWidth / 2, slotWidth, s.text_align),
        y,
        color: s.font_color,
        decoration: s.text_decoration,
      };
      const label: EdgeLabel = { text: placed, x: seg.x1 + dx * t, y: seg.y1 + dy * t, cos, sin };
      e.labels.push(label);
      let lx0 = Infinity,
        lx1 = -Infinity;
      for (let j = 0; j < placed.xs.length; j++) {
        lx0 = Math.min(lx0, placed.xs[j] ?? 0);
        lx1 = Math.max(lx1, (placed.xs[j] ?? 0) + (block.widths[j] ?? 0));
      }
      rotatedBoxBounds(label.x, label.y, lx0, y, lx1, y + block.height, cos, sin, tmp);
      e.minX = Math.min(e.minX, tmp.minX);
      e.minY = Math.min(e.minY, tmp.minY);
      e.maxX = Math.max(e.maxX, tmp.maxX);
      e.maxY = Math.max(e.maxY, tmp.maxY);
    }
  }
}

function alignLines(block: TextBlock, boxX: number, boxWidth: number, align: NodeStyle['text_align']): number[] {
  return block.widths.map((w) => (align === 'left' ? boxX : align === 'right' ? boxX + boxWidth - w : boxX + (boxWidth - w) / 2));
}

/** Field-by-field equality of two resolved styles (shared style objects are simply identical). */
function sameStyle(a: NodeStyle, b: NodeStyle): boolean {
  if (a === b) return true;
  for (const key in a) {
    if (a[key as keyof NodeStyle] !== b[key as keyof NodeStyle]) return false;
  }
  return true;
}
