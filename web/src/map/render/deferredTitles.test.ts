import { describe, expect, it } from 'vitest';
import type { Node } from '../../api/document';
import { indexTemplates } from '../style';
import { Renderer } from './renderer';
import { Scene, type SceneDocument } from './scene';
import { FakeSurface, fakeMeasure, makeNode } from './testing';

// A title above its node, so that laying it out grows the node's bounds upwards.
const nodes = (count: number): Node[] => Array.from({ length: count }, (_, i) => makeNode(i + 1, i * 300, 0, { title_position: 'top' }));

function docOf(list: Node[]) {
  return {
    nodes: new Map(list.map((n) => [n.id, n])),
    edges: new Map(),
    templates: indexTemplates([]),
    globalDesign: null,
  } satisfies SceneDocument;
}

function sceneOf(list: Node[], deferTitlesFrom = 2) {
  const doc = docOf(list);
  const scene = new Scene({ measure: fakeMeasure, deferTitlesFrom });
  scene.setDocument(doc);
  return { doc, scene };
}

/** The world area just above node 1's box, where its title is drawn. */
function aboveFirst(scene: Scene) {
  const e = scene.node(1);
  if (!e) throw new Error('no node 1');
  const top = e.box.y - e.style.height / 2;
  return { minX: e.box.x - 1, minY: top - 5, maxX: e.box.x + 1, maxY: top - 4 };
}

describe('titles put off on a large map', () => {
  it('opens without titles, then lays them out and grows the bounds to hold them', () => {
    const { scene } = sceneOf(nodes(3));
    const e = scene.node(1);
    expect(scene.titlesPending).toBe(true);
    expect(e?.title).toBeNull();
    expect(e?.titlePending).toBe(true);
    expect(scene.nodeIndex.search(aboveFirst(scene))).toHaveLength(0);
    const version = e?.version ?? 0;

    expect(scene.layoutPendingTitles(() => true)).toBe(false);
    expect(scene.titlesPending).toBe(false);
    expect(e?.titleText).toBe('Node 1');
    expect(e?.titlePending).toBe(false);
    expect(e?.version).toBeGreaterThan(version);
    expect(scene.nodeIndex.search(aboveFirst(scene)).map((n) => n.id)).toEqual([1]);
    expect(scene.takeDirty().all).toBe(true);
  });

  it('stops when time runs out and goes on where it stopped', () => {
    const { scene } = sceneOf(nodes(200));
    expect(scene.layoutPendingTitles(() => false)).toBe(true);
    const done = [...scene.allNodes()].filter((n) => !n.titlePending).length;
    expect(done).toBe(64);
    // Bounds stay as the index holds them until every title is done.
    expect(scene.nodeIndex.search(aboveFirst(scene))).toHaveLength(0);
    expect(scene.layoutPendingTitles(() => true)).toBe(false);
    expect([...scene.allNodes()].every((n) => n.title !== null)).toBe(true);
  });

  it('lays out a pending node changed meanwhile at once, and keeps the index whole', () => {
    const { doc, scene } = sceneOf(nodes(3));
    const moved = makeNode(2, 5000, 5000, { title_position: 'top' }, { content: { en: { title: 'Moved' } } });
    doc.nodes.set(2, moved);
    scene.update(doc, { nodes: [2] });
    expect(scene.node(2)?.titleText).toBe('Moved');
    expect(scene.layoutPendingTitles(() => true)).toBe(false);
    expect(scene.nodeIndex.search({ minX: 4999, minY: 4999, maxX: 5001, maxY: 5001 }).map((n) => n.id)).toEqual([2]);
    expect(scene.nodeIndex.search({ minX: 299, minY: -1, maxX: 301, maxY: 1 })).toHaveLength(0);
  });

  it('skips a node removed meanwhile', () => {
    const { doc, scene } = sceneOf(nodes(3));
    doc.nodes.delete(3);
    scene.update(doc, { nodes: [3] });
    expect(scene.layoutPendingTitles(() => true)).toBe(false);
    expect(scene.nodeCount).toBe(2);
    expect(scene.nodeIndex.search({ minX: 599, minY: -1, maxX: 601, maxY: 1 })).toHaveLength(0);
  });

  it('lays out every title at once below the threshold, and on a relayout', () => {
    const small = sceneOf(nodes(3), 4).scene;
    expect(small.titlesPending).toBe(false);
    expect(small.node(1)?.titleText).toBe('Node 1');

    const { scene } = sceneOf(nodes(3));
    scene.relayoutText();
    expect(scene.titlesPending).toBe(false);
    expect(scene.node(3)?.titleText).toBe('Node 3');
  });

  it('is driven by the renderer after a frame, in slices, until none remain', () => {
    const { scene } = sceneOf(nodes(3));
    const work: (() => void)[] = [];
    const frames: (() => void)[] = [];
    const renderer = new Renderer({
      canvas: new FakeSurface(800, 600),
      scene,
      images: null,
      createSurface: (w, h) => new FakeSurface(w, h),
      requestFrame: (cb) => frames.push(cb),
      scheduleWork: (w) => work.push(w),
    });
    renderer.draw();
    expect(work).toHaveLength(1);
    renderer.draw();
    expect(work).toHaveLength(1);
    work.shift()?.();
    expect(scene.titlesPending).toBe(false);
    expect(scene.node(1)?.titleText).toBe('Node 1');
    // The scene changed: a frame is asked for, and no more work.
    expect(frames.length).toBeGreaterThan(0);
    renderer.draw();
    expect(work).toHaveLength(0);
  });
});
