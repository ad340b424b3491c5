// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Renderer } from '../map/render/renderer';
import { Scene } from '../map/render/scene';
import { FakeSurface, fakeMeasure, makeNode } from '../map/render/testing';
import { CanvasKeyboard, type CanvasFocus } from './canvasKeyboard';

function setup() {
  const scene = new Scene({ measure: fakeMeasure });
  const nodes = [
    makeNode(1, 300, 100),
    makeNode(2, 100, 100, {}, { next_id: 3 }),
    makeNode(3, 2000, 900),
    makeNode(4, 100, 400, {}, { visibility: { min_level: 2, max_level: 3, hidden: false } }),
  ];
  scene.setDocument({ nodes: new Map(nodes.map((n) => [n.id, n])), edges: new Map(), templates: new Map(), globalDesign: null });
  const renderer = new Renderer({
    canvas: new FakeSurface(800, 600),
    scene,
    images: null,
    createSurface: (w, h) => new FakeSurface(w, h),
    requestFrame: () => 0,
  });
  const before = document.createElement('button');
  const canvas = document.createElement('div');
  canvas.tabIndex = 0;
  const after = document.createElement('button');
  document.body.append(before, canvas, after);
  const focus: (CanvasFocus | null)[] = [];
  const activate = vi.fn(() => true);
  const keyboard = new CanvasKeyboard(canvas, renderer, { activate, onFocus: (f) => focus.push(f) });
  const press = (key: string, shiftKey = false) => {
    const e = new KeyboardEvent('keydown', { key, shiftKey, bubbles: true, cancelable: true });
    canvas.dispatchEvent(e);
    return e.defaultPrevented;
  };
  return { renderer, canvas, before, after, focus, activate, keyboard, press };
}

afterEach(() => {
  document.body.replaceChildren();
});

describe('the keyboard on the canvas', () => {
  it('goes through the level’s nodes in reading order, ringing and revealing each, and lets Tab leave at the end', () => {
    const { renderer, canvas, focus, press } = setup();
    canvas.focus();
    // Reading order at level 1: 2 → 3 by the link, then 1; 4 is on level 2 only.
    expect(renderer.state.focusedNode).toBe(2);
    expect(focus.at(-1)).toEqual({ id: 2, position: 1, count: 3 });
    expect(press('Tab')).toBe(true);
    expect(renderer.state.focusedNode).toBe(3);
    // 3 lay outside the 800 × 600 view: the view moved to it.
    const vp = renderer.camera.viewport();
    expect(vp.maxX).toBeGreaterThan(2000);
    expect(vp.maxY).toBeGreaterThan(900);
    expect(press('Tab')).toBe(true);
    expect(focus.at(-1)).toEqual({ id: 1, position: 3, count: 3 });
    expect(press('Tab', true)).toBe(true);
    expect(renderer.state.focusedNode).toBe(3);
    expect(press('Tab')).toBe(true);
    // Past the last node the browser's Tab goes on.
    expect(press('Tab')).toBe(false);
  });

  it('comes in at the last node from what follows, and the level’s nodes follow the level', () => {
    const { renderer, canvas, after, press } = setup();
    after.focus();
    canvas.dispatchEvent(new FocusEvent('focus', { relatedTarget: after }));
    expect(renderer.state.focusedNode).toBe(1);
    // At level 2, node 4 shows too and follows 1: Tab no longer leaves after 1.
    expect(press('Tab')).toBe(false);
    canvas.dispatchEvent(new FocusEvent('focus', { relatedTarget: after }));
    renderer.setState({ level: 2 });
    expect(press('Tab')).toBe(true);
    expect(renderer.state.focusedNode).toBe(4);
  });

  it('acts on Enter, and shows no ring for a click or once the focus has left', () => {
    const { renderer, canvas, activate, press, focus } = setup();
    canvas.dispatchEvent(new Event('pointerdown'));
    canvas.focus();
    expect(renderer.state.focusedNode).toBeNull();
    expect(press('Enter')).toBe(false);
    expect(press('Tab')).toBe(true);
    expect(press('Enter')).toBe(true);
    expect(activate).toHaveBeenCalledWith(2);
    canvas.blur();
    expect(renderer.state.focusedNode).toBeNull();
    expect(focus.at(-1)).toBeNull();
  });
});
