import { describe, expect, it } from 'vitest';
import type { Edge, Node, ObjectTemplate } from '../../api/document';
import { HOVER_COLOR, LOCKED_COLOR, SELECTION_COLOR } from '../constants';
import { indexTemplates } from '../style';
import { Renderer } from './renderer';
import { Scene, type SceneDocument } from './scene';
import { FakeSurface, fakeMeasure, makeEdge, makeNode } from './testing';

function setup(nodeList: Node[], edgeList: Edge[] = [], templates: ObjectTemplate[] = [], now?: () => number) {
  const doc = {
    nodes: new Map(nodeList.map((n) => [n.id, n])),
    edges: new Map(edgeList.map((e) => [e.id, e])),
    templates: indexTemplates(templates),
    globalDesign: null,
  } satisfies SceneDocument;
  const scene = new Scene({ measure: fakeMeasure });
  scene.setDocument(doc);
  const canvas = new FakeSurface(800, 600);
  const surfaces: FakeSurface[] = [];
  const frames: (() => void)[] = [];
  const renderer = new Renderer({
    canvas,
    scene,
    images: null,
    createSurface: (w, h) => {
      const s = new FakeSurface(w, h);
      surfaces.push(s);
      return s;
    },
    requestFrame: (cb) => frames.push(cb),
    now,
  });
  return { doc, scene, renderer, ctx: canvas.ctx, surfaces, frames };
}

describe('Renderer', () => {
  it('draws only the nodes in the viewport', () => {
    const { renderer, ctx, surfaces } = setup([makeNode(1, 100, 100), makeNode(2, 5000, 5000)]);
    const stats = renderer.draw();
    expect(stats.nodes).toBe(1);
    expect(surfaces).toHaveLength(1);
    expect(ctx.ops('drawImage')).toHaveLength(1);
    expect(ctx.ops('drawImage')[0]?.args[0]).toBe(surfaces[0]);
  });

  it('draws an unchanged node from its cached bitmap, even when it moved', () => {
    const { doc, scene, renderer, ctx, surfaces } = setup([makeNode(1, 100, 100)]);
    renderer.draw();
    const bitmap = surfaces[0];
    if (!bitmap) throw new Error('no bitmap');
    expect(bitmap.ctx.ops('fillText').map((c) => c.args[0])).toEqual(['Node 1']);
    bitmap.ctx.reset();
    ctx.reset();

    const moved = makeNode(1, 300, 200);
    doc.nodes.set(1, moved);
    scene.update(doc, { nodes: [1] });
    const stats = renderer.draw();
    expect(stats.rasterised).toBe(0);
    expect(stats.blits).toBe(1);
    expect(bitmap.ctx.calls).toEqual([]);
    const blit = ctx.ops('drawImage')[0];
    expect(blit?.args[0]).toBe(bitmap);
    // Integer-snapped: drawn at its own scale at whole pixels.
    expect(blit?.args).toHaveLength(3);
    expect(Number.isInteger(blit?.args[1])).toBe(true);
  });

  it('re-rasterises a node whose look changed, and only that one', () => {
    const { doc, scene, renderer, surfaces } = setup([makeNode(1, 100, 100), makeNode(2, 400, 100)]);
    renderer.draw();
    for (const s of surfaces) s.ctx.reset();
    doc.nodes.set(2, makeNode(2, 400, 100, { bg_color: '#ff0000' }));
    scene.update(doc, { nodes: [2] });
    const stats = renderer.draw();
    expect(stats.rasterised).toBe(1);
    expect(stats.blits).toBe(1);
    expect(surfaces[0]?.ctx.calls).toEqual([]);
    expect(surfaces[1]?.ctx.ops('fill').map((c) => c.fill)).toContain('#ff0000');
  });

  it('re-rasterises when the zoom leaves the scale bucket', () => {
    const { renderer } = setup([makeNode(1, 100, 100)]);
    renderer.draw();
    renderer.camera.setScale(1.02, 0, 0);
    expect(renderer.draw().rasterised).toBe(0);
    renderer.camera.setScale(0.5, 0, 0);
    expect(renderer.draw().rasterised).toBe(1);
  });

  it('drops titles and shadows when zoomed far out, drawing plain batched shapes instead', () => {
    const node = makeNode(1, 100, 100, { font_size: 14, shadow_enabled: true, border_width: 5 });
    const { renderer, ctx, surfaces } = setup([node, makeNode(2, 400, 100, { font_size: 14, border_width: 5 })]);
    renderer.draw();
    expect(surfaces[0]?.ctx.ops('fillText')).toHaveLength(1);
    expect(surfaces[0]?.ctx.calls.some((c) => c.op === 'fill')).toBe(true);
    ctx.reset();
    renderer.camera.setScale(0.2, 0, 0); // 14 px × 0.2 = 2.8 px: unreadable
    const stats = renderer.draw();
    expect(stats.rasterised).toBe(0);
    expect(stats.plain).toBe(2);
    expect(ctx.ops('fillText')).toHaveLength(0);
    expect(ctx.ops('drawImage')).toHaveLength(0);
    // Both share fill and border: one fill and one stroke for the two.
    expect(ctx.ops('fill')).toHaveLength(1);
    expect(ctx.ops('stroke')).toHaveLength(1);
    // A border under 0.75 device px is left out when there is a fill.
    renderer.camera.setScale(0.1, 0, 0);
    ctx.reset();
    renderer.draw();
    expect(ctx.ops('stroke')).toHaveLength(0);
  });

  it('draws a dashed edge solid and lighter once its dashes are too small to see', () => {
    const nodes = [makeNode(1, 100, 100), makeNode(2, 700, 100)];
    const { renderer, ctx } = setup(nodes, [makeEdge(1, 1, 2, { border_style: 'dashed', border_width: 1 })]);
    renderer.draw();
    const dashes = () => ctx.ops('setLineDash').map((c) => c.args[0] as number[]);
    // At 1:1 a dash and its gap are 7 px: dashed.
    expect(dashes().some((d) => d.length === 2)).toBe(true);
    const solidAlpha = ctx.ops('stroke')[0]?.alpha;
    expect(solidAlpha).toBe(1);
    ctx.reset();
    renderer.camera.setScale(0.2, 0, 0); // 7 × 0.2 = 1.4 px: no dash shows
    renderer.draw();
    expect(dashes().every((d) => d.length === 0)).toBe(true);
    // Drawn at the share of the line its dashes cover: 4 of 7.
    expect(ctx.ops('stroke')[0]?.alpha).toBeCloseTo(4 / 7);
  });

  it('keeps the thin border of a node whose fill is the map’s background, however far out', () => {
    // The defaults: a white node with a 1 px border, on a white map.
    const { renderer, ctx } = setup([makeNode(1, 100, 100, { bg_color: '#FFF', border_color: '#1e293b', border_width: 1 })]);
    renderer.setState({ background: '#ffffff' });
    renderer.camera.setScale(0.3, 0, 0); // 1 px × 0.3: under 0.75 device px
    renderer.draw();
    expect(ctx.ops('stroke').map((c) => c.stroke)).toEqual(['#1e293b']);
    // On a map of another colour the fill shows, and the hairline is left out as before.
    renderer.setState({ background: '#fdf6e3' });
    ctx.reset();
    renderer.draw();
    expect(ctx.ops('stroke')).toHaveLength(0);
    // Smaller than a few pixels, the node is a box: in its border's colour on a map of its fill's.
    renderer.setState({ background: '#ffffff' });
    renderer.camera.setScale(0.02, 0, 0);
    ctx.reset();
    renderer.draw();
    expect(ctx.ops('fill').map((c) => c.fill)).toContain('#1e293b');
    expect(ctx.ops('fill').map((c) => c.fill)).not.toContain('#FFF');
  });

  it('spends a bounded time per frame re-rasterising for a new zoom, finishing in the next frames', () => {
    const nodes = Array.from({ length: 20 }, (_, i) => makeNode(i + 1, 100 + (i % 5) * 130, 100 + Math.floor(i / 5) * 100));
    let clock = 0;
    const { renderer, frames } = setup(nodes, [], [], () => (clock += 1)); // every raster "takes" 1 ms
    expect(renderer.draw().rasterised).toBe(20);
    renderer.camera.setScale(0.7, 0, 0);
    const first = renderer.draw();
    expect(first.rasterised).toBeLessThan(20);
    expect(first.stale).toBe(20 - first.rasterised);
    expect(frames).toHaveLength(1);
    frames[0]?.();
    expect(renderer.stats.rasterised).toBe(Math.min(20 - first.rasterised, first.rasterised));
  });

  it('draws tiny nodes as filled boxes, one path per colour', () => {
    const nodes = Array.from({ length: 50 }, (_, i) =>
      makeNode(i + 1, (i % 10) * 200, Math.floor(i / 10) * 200, { bg_color: i % 2 ? '#aaaaaa' : '#bbbbbb' }),
    );
    const { renderer, ctx, surfaces } = setup(nodes);
    renderer.camera.setScale(0.02, 0, 0);
    const stats = renderer.draw();
    expect(stats.boxes).toBe(50);
    expect(surfaces).toHaveLength(0);
    expect(ctx.ops('rect')).toHaveLength(50);
    expect(
      ctx
        .ops('fill')
        .map((c) => c.fill)
        .sort(),
    ).toEqual(['#aaaaaa', '#bbbbbb']);
  });

  it('does not draw hidden nodes, their edges, locally hidden elements or nodes of a hidden layer', () => {
    const nodes = [
      makeNode(1, 100, 100),
      makeNode(2, 400, 100, {}, { visibility: { min_level: 1, max_level: 3, hidden: true } }),
      makeNode(3, 100, 400),
      makeNode(4, 400, 400, {}, { visibility: { min_level: 2, max_level: 2, hidden: false } }),
    ];
    const { renderer } = setup(nodes, [makeEdge(1, 1, 2), makeEdge(2, 1, 3)]);
    let stats = renderer.draw();
    expect(stats.nodes).toBe(3);
    expect(stats.edges).toBe(1);
    renderer.state = { ...renderer.state, hiddenNodes: new Set([3]) };
    stats = renderer.draw();
    expect(stats.nodes).toBe(2);
    expect(stats.edges).toBe(0);
    renderer.state = {
      ...renderer.state,
      hiddenNodes: new Set(),
      level: 2,
      layers: [
        { id: 1, hidden: false, locked: false },
        { id: 2, hidden: true, locked: false },
      ],
    };
    // Everything on level 2 is hidden; only nodes outside it remain (dimmed): none here.
    expect(renderer.draw().nodes).toBe(0);
  });

  it('draws nodes and edges outside the current level at half opacity, or hides them', () => {
    const nodes = [makeNode(1, 100, 100), makeNode(2, 400, 100, {}, { visibility: { min_level: 2, max_level: 3, hidden: false } })];
    const edge = makeEdge(1, 1, 2, {}, { visibility: { min_level: 2, max_level: 3, hidden: false } });
    const { renderer, ctx, surfaces } = setup(nodes, [edge]);
    renderer.draw();
    const alphaOf = (s: FakeSurface | undefined) => ctx.ops('drawImage').find((c) => c.args[0] === s)?.alpha;
    expect(alphaOf(surfaces[0])).toBe(1);
    expect(alphaOf(surfaces[1])).toBe(0.5);
    expect(ctx.ops('stroke').map((c) => c.alpha)).toEqual([0.5]);
    renderer.state = { ...renderer.state, outOfLevel: 'hide' };
    ctx.reset();
    const stats = renderer.draw();
    expect(stats.nodes).toBe(1);
    expect(stats.edges).toBe(0);
  });

  it('fades between levels: what leaves fades out, what comes fades in, what stays stays', () => {
    let clock = 0;
    const range = (min_level: number, max_level: number) => ({ visibility: { min_level, max_level, hidden: false } });
    const nodes = [makeNode(1, 100, 100, {}, range(1, 1)), makeNode(2, 300, 100, {}, range(1, 2)), makeNode(3, 500, 100, {}, range(2, 2))];
    const { renderer, ctx, surfaces, frames } = setup(nodes, [], [], () => clock);
    renderer.setState({ outOfLevel: 'hide' });
    renderer.draw();
    expect(renderer.stats.nodes).toBe(2);
    const bitmapOf = new Map(surfaces.map((s, i) => [s, i + 1]));

    renderer.setLevel(2, 300);
    expect(renderer.fading).toBe(true);
    clock = 150;
    ctx.reset();
    frames.splice(0).forEach((f) => {
      f();
    });
    const drawn = new Map(ctx.ops('drawImage').map((c) => [bitmapOf.get(c.args[0] as FakeSurface) ?? 3, c.alpha]));
    expect(drawn.get(1)).toBeCloseTo(0.5);
    expect(drawn.get(2)).toBe(1);
    expect(drawn.get(3)).toBeCloseTo(0.5);
    // The fade asks for the frames that carry it on.
    expect(frames).toHaveLength(1);

    clock = 300;
    ctx.reset();
    renderer.draw();
    expect(renderer.fading).toBe(false);
    expect(renderer.stats.nodes).toBe(2);
    expect(ctx.ops('drawImage').every((c) => c.alpha === 1)).toBe(true);
  });

  it('draws edges in one path per stroke style with arrow heads and labels', () => {
    const nodes = [makeNode(1, 100, 100), makeNode(2, 500, 100), makeNode(3, 100, 400), makeNode(4, 500, 400)];
    const edges = [
      makeEdge(1, 1, 2, { line_end: 'sharp' }, { content: { en: { middle: 'causes' } } }),
      makeEdge(2, 3, 4, { line_end: 'dot' }),
    ];
    const { renderer, ctx } = setup(nodes, edges);
    const stats = renderer.draw();
    expect(stats.edges).toBe(2);
    expect(ctx.ops('stroke')).toHaveLength(1);
    expect(ctx.ops('moveTo').length).toBeGreaterThanOrEqual(2);
    expect(ctx.ops('arc')).toHaveLength(1);
    expect(ctx.ops('fillText').map((c) => c.args[0])).toEqual(['causes']);
  });

  it('leaves out a label slot under 30 px without a template, but not with one', () => {
    const nodes = [makeNode(1, 100, 100, { width: 40 }), makeNode(2, 200, 100, { width: 40 })];
    const labelled = { content: { en: { start: 'a', middle: 'b', end: 'c' } } };
    const templates: ObjectTemplate[] = [{ id: 7, name: 'T', type: 'edge', design: {} }];
    let r = setup(nodes, [makeEdge(1, 1, 2, {}, labelled)], templates);
    r.renderer.draw();
    expect(r.ctx.ops('fillText')).toHaveLength(0); // 60 px between borders: 20 px per slot
    r = setup(nodes, [makeEdge(1, 1, 2, { object_template: '7' }, labelled)], templates);
    r.renderer.draw();
    expect(r.ctx.ops('fillText').map((c) => c.args[0])).toEqual(['a', 'b', 'c']);
  });

  it('outlines hover, locks and selection in their colours', () => {
    const nodes = [makeNode(1, 100, 100), makeNode(2, 400, 100, {}, { editing: { locked: true } }), makeNode(3, 100, 400)];
    const { renderer, ctx } = setup(nodes);
    renderer.state = {
      ...renderer.state,
      hoverNode: 1,
      showLocked: true,
      nodesLockedByOthers: new Map([[3, '#ff8800']]),
      selectedNodes: new Set([1]),
    };
    renderer.draw();
    const strokes = ctx.ops('stroke').map((c) => c.stroke);
    expect(strokes).toEqual(expect.arrayContaining([HOVER_COLOR, LOCKED_COLOR, '#ff8800', SELECTION_COLOR]));
    const marks = ctx.ops('arc').filter((c) => c.args[2] === 4);
    expect(marks).toHaveLength(4);
    expect(ctx.ops('fill').map((c) => c.fill)).toContain(SELECTION_COLOR);
  });

  it('finds the topmost node under the pointer, else an edge within the hover area', () => {
    const nodes = [makeNode(1, 100, 100), makeNode(2, 130, 100), makeNode(3, 500, 100)];
    const { renderer } = setup(nodes, [makeEdge(1, 2, 3)]);
    expect(renderer.hitTest(120, 100)).toEqual({ kind: 'node', id: 2 });
    expect(renderer.hitTest(50, 100)).toEqual({ kind: 'node', id: 1 });
    expect(renderer.hitTest(300, 108)).toEqual({ kind: 'edge', id: 1 });
    expect(renderer.hitTest(300, 125)).toBeNull();
  });

  it('coalesces render requests into one frame', () => {
    const { renderer, frames, scene, doc } = setup([makeNode(1, 100, 100)]);
    renderer.render();
    renderer.render();
    scene.update(doc, { nodes: [1] });
    expect(frames).toHaveLength(1);
    frames[0]?.();
    expect(renderer.stats.nodes).toBe(1);
    renderer.render();
    expect(frames).toHaveLength(2);
  });

  it('moves edges with their nodes', () => {
    const { doc, scene } = setup([makeNode(1, 0, 0), makeNode(2, 300, 0)], [makeEdge(1, 1, 2)]);
    doc.nodes.set(2, makeNode(2, 300, 300));
    scene.update(doc, { nodes: [2] });
    const e = scene.edge(1);
    expect(e?.seg.y2).toBeCloseTo(260);
    expect(scene.edgeIndex.searchPoint(200, 200, 5)).toEqual([e]);
    doc.nodes.delete(2);
    scene.update(doc, { nodes: [2] });
    expect(scene.edge(1)?.drawable).toBe(false);
  });

  describe('zoomed out over many nodes', () => {
    // 1,200 nodes on a 100-unit grid: fitted to the 800×600 canvas, far more than tiles start at.
    const grid = (now?: () => number) => {
      const nodes: Node[] = [];
      for (let y = 0; y < 30; y++) for (let x = 0; x < 40; x++) nodes.push(makeNode(y * 40 + x + 1, x * 100, y * 100));
      const edges: Edge[] = [];
      for (let i = 1; i < 1200; i += 2) edges.push(makeEdge(i, i, i + 1));
      const s = setup(nodes, edges, [], now);
      s.renderer.fit();
      return s;
    };

    it('draws the map from tiles, and a still view without drawing any tile again', () => {
      const { renderer, ctx, surfaces } = grid();
      const first = renderer.draw();
      expect(first.tiles).toBeGreaterThan(0);
      expect(first.tilesRendered).toBeGreaterThan(0);
      expect(first.nodes).toBe(0);
      // The canvas itself got tile blits only: no node or edge path of its own.
      const tileSurfaces = new Set(surfaces.filter((s) => s.width === 256 && s.height === 256));
      expect(ctx.ops('drawImage').every((c) => tileSurfaces.has(c.args[0] as FakeSurface))).toBe(true);
      expect(ctx.ops('stroke')).toHaveLength(0);

      // The first frames show stand-ins (the overview) and sharpen them within their time.
      let settled = first;
      for (let i = 0; i < 20 && settled.stale > 0; i++) settled = { ...renderer.draw() };
      expect(settled.stale).toBe(0);
      ctx.reset();
      const still = renderer.draw();
      expect(still.tilesRendered).toBe(0);
      expect(still.tiles).toBe(settled.tiles);
      // At rest, tiles are drawn at the shown scale: copied pixel for pixel, not scaled.
      expect(ctx.ops('drawImage').every((c) => c.args.length === 3)).toBe(true);

      // A pan draws only the tiles that come into view.
      renderer.camera.panBy(-3, -2);
      expect(renderer.draw().tilesRendered).toBeLessThan(settled.tiles);
    });

    it('stands in scaled tiles while zooming, and draws the new scale once the zoom rests', () => {
      let clock = 0;
      const { renderer, ctx } = grid(() => clock);
      for (let i = 0; i < 20 && renderer.draw().stale > 0; i++);
      renderer.camera.setScale(renderer.camera.scale * 1.1);
      ctx.reset();
      const zooming = renderer.draw();
      expect(zooming.tilesRendered).toBe(0);
      expect(zooming.stale).toBeGreaterThan(0);
      expect(ctx.ops('drawImage').every((c) => c.args.length === 5)).toBe(true);
      // Frames between two wheel events of one zoom draw no tile of a scale about to be left.
      clock += 100;
      expect(renderer.draw().tilesRendered).toBe(0);
      clock += 100;
      const resting = renderer.draw();
      expect(resting.tilesRendered).toBeGreaterThan(0);
    });

    it("draws tiles afresh only within the frame's time, counted from its start", () => {
      let clock = 0;
      // Every reading of the clock is 1.5 ms later: a tile drawn costs 3 ms, the frame more.
      const { renderer } = grid(() => (clock += 1.5));
      renderer.draw();
      const counts: number[] = [];
      for (let i = 0; i < 5; i++) counts.push(renderer.draw().tilesRendered);
      expect(counts).toEqual([1, 1, 1, 1, 1]);
    });

    it('draws no tile again when a zoom comes back to about the scale it left', () => {
      let clock = 0;
      const { renderer } = grid(() => clock);
      for (let i = 0; i < 20 && renderer.draw().stale > 0; i++);
      const cam = renderer.camera;
      const scale = cam.scale;
      cam.setScale(scale * 1.3);
      renderer.draw();
      // Back, a rounding error off (as a wheel zoom in and out again lands).
      cam.setScale(scale * (1 + 1e-12));
      clock += 1000;
      const back = renderer.draw();
      expect(back.tilesRendered).toBe(0);
      expect(back.stale).toBe(0);
    });

    it('draws again only the tiles a change touches', () => {
      const { renderer, scene, doc } = grid();
      for (let i = 0; i < 20 && renderer.draw().stale > 0; i++);
      const all = renderer.draw().tiles;
      doc.nodes.set(1, makeNode(1, 10, 10));
      scene.update(doc, { nodes: [1] });
      const after = renderer.draw();
      expect(all).toBeGreaterThanOrEqual(12);
      // Node 1 and its edge sit in the top-left corner: the tiles there, not the rest.
      expect(after.tilesRendered).toBeGreaterThan(0);
      expect(after.tilesRendered).toBeLessThanOrEqual(4);
    });

    it('draws the tiles of a new level when the level changes', () => {
      const { renderer } = grid();
      for (let i = 0; i < 20 && renderer.draw().stale > 0; i++);
      renderer.setState({ level: 2 });
      let redrawn = 0;
      for (let i = 0; i < 20; i++) {
        const st = renderer.draw();
        redrawn += st.tilesRendered;
        if (st.stale === 0) break;
      }
      expect(redrawn).toBeGreaterThanOrEqual(renderer.stats.tiles);
    });

    it("cross-fades the tiles of two levels, and keeps each level's tiles", () => {
      let clock = 0;
      const { renderer, ctx } = grid(() => clock);
      renderer.setState({ outOfLevel: 'hide' });
      for (let i = 0; i < 20 && renderer.draw().stale > 0; i++);
      renderer.setLevel(2, 300);
      clock = 100;
      ctx.reset();
      renderer.draw();
      // Level 1's tiles fade out beneath level 2's (stand-ins at first) fading in.
      const alphas = new Set(ctx.ops('drawImage').map((c) => c.alpha.toFixed(2)));
      expect(alphas).toEqual(new Set(['0.67', '0.33']));
      for (let i = 0; i < 40 && renderer.fading; i++) {
        clock += 20;
        renderer.draw();
      }
      expect(renderer.fading).toBe(false);
      // Back to level 1: its tiles are still there, nothing is drawn again.
      renderer.setLevel(1);
      expect(renderer.draw().tilesRendered).toBe(0);
    });

    it("draws selection, hover and others' locks over the tiles", () => {
      const { renderer, ctx } = grid();
      renderer.draw();
      ctx.reset();
      renderer.setState({
        selectedNodes: new Set([5]),
        hoverNode: 6,
        nodesLockedByOthers: new Map([[7, '#123456']]),
        selectedEdges: new Set([1]),
      });
      renderer.draw();
      const strokes = ctx.ops('stroke').map((c) => c.stroke);
      expect(strokes).toContain(SELECTION_COLOR);
      expect(strokes).toContain(HOVER_COLOR);
      expect(strokes).toContain('#123456');
    });

    it('answers hits from the index whatever draws the view', () => {
      const { renderer } = grid();
      renderer.draw();
      const p = renderer.camera.worldToScreen(500, 500);
      expect(renderer.hitTest(p.x, p.y)).toEqual({ kind: 'node', id: 5 * 40 + 5 + 1 });
    });
  });
});
