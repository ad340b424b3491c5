import { describe, expect, it } from 'vitest';
import { SELECTION_COLOR } from '../constants';
import { FOCUS_RING_COLOR } from './focusRing';
import { Renderer } from './renderer';
import { Scene } from './scene';
import { FakeSurface, fakeMeasure, makeNode } from './testing';

function setup() {
  const scene = new Scene({ measure: fakeMeasure });
  const deep = { ...makeNode(2, 300, 100), visibility: { min_level: 2, max_level: 2, hidden: false } };
  scene.setDocument({
    nodes: new Map([
      [1, makeNode(1, 100, 100)],
      [2, deep],
    ]),
    edges: new Map(),
    templates: new Map(),
    globalDesign: null,
  });
  const canvas = new FakeSurface(800, 600);
  const renderer = new Renderer({ canvas, scene, images: null, createSurface: (w, h) => new FakeSurface(w, h), requestFrame: () => 0 });
  return { renderer, ctx: canvas.ctx };
}

const strokes = (ctx: ReturnType<typeof setup>['ctx']) => ctx.ops('stroke').map((c) => c.stroke);

describe('the keyboard focus ring', () => {
  it('rings the focused node, unlike the selection', () => {
    const { renderer, ctx } = setup();
    renderer.setState({ selectedNodes: new Set([1]) });
    renderer.draw();
    expect(strokes(ctx)).not.toContain(FOCUS_RING_COLOR);
    ctx.reset();
    renderer.setState({ focusedNode: 1 });
    renderer.draw();
    expect(strokes(ctx)).toContain(FOCUS_RING_COLOR);
    expect(strokes(ctx)).toContain(SELECTION_COLOR);
    // Drawn last: over the selection's outline.
    expect(strokes(ctx).at(-1)).toBe(FOCUS_RING_COLOR);
  });

  it('is not drawn for a node the view does not show', () => {
    const { renderer, ctx } = setup();
    renderer.setState({ focusedNode: 2, outOfLevel: 'hide', level: 1 });
    renderer.draw();
    expect(strokes(ctx)).not.toContain(FOCUS_RING_COLOR);
  });
});
