// The scene: the document's nodes and edges with what drawing them needs worked out once —
// resolved styles, outlines, title and label layouts, edge lines and arrow heads, bounds in the
// spatial index. A change re-works only the ids the document store names (and the edges of
// changed nodes); everything else stays as it was, including the renderer's cached bitmaps.
// How one node or edge is laid out is nodeLayout.ts and edgeLayout.ts; this file keeps the
// elements, their indexes and links, and what changed (dirtyAreas.ts).
import type { Language } from '../../api/types';
import type { Node } from '../../api/document';
import { shapeBox } from '../geometry';
import { type Bounds, SpatialIndex } from '../spatial';
import { StyleResolver } from '../style';
import { DirtyAreas } from './dirtyAreas';
import { StrokeGroups, layoutEdge } from './edgeLayout';
import { EdgeEntry, NodeEntry, type EdgeLabel, type PlacedText, type StrokeGroup } from './entries';
import { mediaId, nodeMedia } from './media';
import { type TextSettings, boundNode, layoutTitle, putOffTitle, sameStyle } from './nodeLayout';
import type { SceneChanges, SceneDocument } from './sceneDocument';
import { cachedMeasure } from './text';
import type { TextMeasure } from './types';

export { EdgeEntry, NodeEntry, type EdgeLabel, type PlacedText, type StrokeGroup };
export { sceneDocument, type SceneChanges, type SceneDocument } from './sceneDocument';

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

export class Scene {
  readonly nodeIndex = new SpatialIndex<NodeEntry>();
  readonly edgeIndex = new SpatialIndex<EdgeEntry>();
  private readonly nodes = new Map<number, NodeEntry>();
  private readonly edges = new Map<number, EdgeEntry>();
  /** Edges waiting for an end node that is not (yet) in the scene. */
  private readonly dangling = new Set<EdgeEntry>();
  private readonly byMedia = new Map<string, Set<NodeEntry>>();
  private readonly groups = new StrokeGroups();
  private resolver = new StyleResolver(new Map(), null);
  private ordered: NodeEntry[] = [];
  private orderDirty = true;
  private listeners = new Set<() => void>();
  /** World areas whose drawing changed since the renderer last took them (for its tile cache). */
  private readonly dirty = new DirtyAreas();
  private cachedBounds: Bounds | null = null;
  private text: TextSettings;
  private readonly deferTitlesFrom: number;
  /** Nodes whose titles setDocument put off, and how far layoutPendingTitles has come. */
  private pendingTitles: NodeEntry[] = [];
  private pendingAt = 0;

  constructor(options: SceneOptions) {
    this.text = {
      measure: cachedMeasure(options.measure),
      languages: options.languages ?? ['en'],
      dimFallbackTitles: options.dimFallbackTitles ?? false,
    };
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
    return this.groups.list;
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

  /** What changed since the last call: everything, or these world areas. */
  takeDirty(): { all: boolean; areas: Bounds[] } {
    return this.dirty.take();
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
      layoutEdge(e, this.text);
      this.edges.set(ed.id, e);
      edgeEntries.push(e);
    }
    this.nodeIndex.load(nodeEntries);
    this.edgeIndex.load(edgeEntries);
    this.orderDirty = true;
    this.dirty.touchAll();
    this.changed();
  }

  /** Applies the changes the document store reports; only the named elements are worked again. */
  update(doc: SceneDocument, changes: SceneChanges): void {
    const restyleAll = changes.globalDesign === true;
    const changedTemplates = changes.templates ? new Set(changes.templates) : null;
    if (restyleAll || changedTemplates) this.resolver.reset(doc.templates, doc.globalDesign);
    if (restyleAll) this.dirty.touchAll();
    const touchedEdges = new Set<EdgeEntry>();

    const relayoutNode = (e: NodeEntry, n: Node): void => {
      if (n.order !== e.node.order) this.orderDirty = true;
      e.node = n;
      this.dirty.touch(e);
      this.nodeIndex.update(e, () => {
        this.layoutNode(e);
      });
      this.dirty.touch(e);
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
        layoutEdge(fresh, this.text);
        this.edges.set(id, fresh);
        this.edgeIndex.insert(fresh);
        this.dirty.touch(fresh);
        continue;
      }
      e.edge = ed;
      touchedEdges.add(e);
    }
    for (const e of touchedEdges) {
      if (!this.edges.has(e.id)) continue;
      this.dirty.touch(e);
      this.edgeIndex.update(e, () => {
        this.styleEdge(e);
        this.connect(e);
        layoutEdge(e, this.text);
      });
      this.dirty.touch(e);
    }
    this.changed();
  }

  /** An image became ready (media.ts mediaId): the nodes showing it are drawn again. */
  mediaReady(id: string): void {
    const set = this.byMedia.get(id);
    if (!set) return;
    for (const e of set) {
      e.version++;
      this.dirty.touch(e);
    }
    this.changed();
  }

  /** Where media come from changed (the reader allowed external sources): every node with media is drawn again. */
  refreshMedia(): void {
    for (const id of this.byMedia.keys()) this.mediaReady(id);
  }

  /** Fonts loaded or the language changed: every text is laid out again. */
  relayoutText(languages?: readonly Language[]): void {
    if (languages) this.text = { ...this.text, languages };
    this.dirty.touchAll();
    this.pendingTitles = [];
    for (const e of this.nodes.values()) {
      this.nodeIndex.update(e, () => {
        this.layoutNode(e);
      });
    }
    for (const e of this.edges.values()) {
      this.edgeIndex.update(e, () => {
        layoutEdge(e, this.text);
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
      if (e?.titlePending && this.nodes.get(e.id) === e && layoutTitle(e, this.text)) e.version++;
      if ((this.pendingAt & 63) === 0 && this.pendingAt < list.length && !timeLeft()) return true;
    }
    this.pendingTitles = [];
    for (const e of this.nodes.values()) boundNode(e);
    this.nodeIndex.load([...this.nodes.values()]);
    this.dirty.touchAll();
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
    this.dirty.touch(e);
    this.orderDirty = true;
    for (const ed of this.dangling) {
      if (ed.edge.node.from_id === n.id || ed.edge.node.to_id === n.id) touchedEdges.add(ed);
    }
  }

  private removeNode(e: NodeEntry, touchedEdges: Set<EdgeEntry>): void {
    this.nodeIndex.remove(e);
    this.nodes.delete(e.id);
    this.dirty.touch(e);
    this.forgetMedia(e);
    this.orderDirty = true;
    for (const ed of e.edges) touchedEdges.add(ed);
    e.edges.clear();
  }

  private removeEdge(e: EdgeEntry): void {
    this.dirty.touch(e);
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
    const titleChanged = withTitle ? layoutTitle(e, this.text) : putOffTitle(e);
    boundNode(e);

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

  /** Resolves the edge's style and puts it in the group of its stroke. */
  private styleEdge(e: EdgeEntry): void {
    e.style = this.resolver.edge(e.edge);
    e.group = this.groups.of(e.style);
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
}
