// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MapDocument } from '../api/document';
import { SELECTION_COLOR } from '../map';
import { FakeContext, makeNode } from '../map/render/testing';
import { ViewerCanvas } from './viewerCanvas';

function mapDocument(): MapDocument {
  return {
    map: {
      id: 1,
      name: 'M',
      description: '',
      measurement: { width: 1000, height: 800 },
      design: {
        expansion: 'both',
        bg_color: '#ffffff',
        media: null,
        media_url: null,
        media_position: 'center',
        media_repeat: 'no-repeat',
        media_size: 'cover',
        media_opacity: 100,
      },
      visibility_levels: 1,
      behavior: { mark_visited_nodes: false },
      languages: ['en'],
      updated_at: '2025-01-01T00:00:00.000Z',
    },
    nodes: [makeNode(1, 100, 100), makeNode(2, 400, 300)],
    edges: [],
    object_templates: [],
    global_design: { nodes: {}, edges: {}, popups: {}, tooltips: {}, table_of_contents: {}, templates: {} },
    layers: [{ id: 1, hidden: false, locked: false }],
    revision: 1,
  };
}

describe('the reader’s canvas', () => {
  // jsdom draws nothing: every canvas gets a context that records what is drawn on it.
  const contexts = new WeakMap<HTMLCanvasElement, FakeContext>();
  beforeEach(() => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
      let ctx = contexts.get(this);
      if (!ctx) contexts.set(this, (ctx = new FakeContext()));
      return ctx as unknown as CanvasRenderingContext2D;
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('outlines the node it opened without the editor’s resize handles', () => {
    const canvas = document.createElement('canvas');
    const view = new ViewerCanvas(canvas, mapDocument(), ['en'], { onOpen: () => undefined, onLevel: () => undefined });
    view.resize(800, 600);
    view.fit();
    view.focus(1);
    const ctx = canvas.getContext('2d') as unknown as FakeContext;
    ctx.reset();
    view.renderer.draw();
    // The opened node is outlined in the selection colour …
    expect(ctx.ops('stroke').map((c) => c.stroke)).toContain(SELECTION_COLOR);
    // … and no handle is drawn at its corners (the only fills in that colour).
    expect(ctx.ops('fill').filter((c) => c.fill === SELECTION_COLOR)).toEqual([]);
    view.dispose();
  });
});
