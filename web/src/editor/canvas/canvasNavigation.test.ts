import { describe, expect, it } from 'vitest';
import type { NodeEntry } from '../../map';
import { boundsOfNodes, spaceIsForTheMap, type FocusedElement } from './canvasNavigation';

const el = (tagName: string, role: string | null = null, isContentEditable = false): FocusedElement => ({
  tagName,
  isContentEditable,
  getAttribute: (name) => (name === 'role' ? role : null),
});

describe('spaceIsForTheMap', () => {
  it('takes Space on the page and the canvas, where it would only scroll', () => {
    expect(spaceIsForTheMap(null)).toBe(true);
    expect(spaceIsForTheMap(el('BODY'))).toBe(true);
    expect(spaceIsForTheMap(el('CANVAS'))).toBe(true);
    expect(spaceIsForTheMap(el('div', 'group'))).toBe(true);
  });

  it('leaves Space to fields, which type it, and to buttons and links, which it presses', () => {
    expect(spaceIsForTheMap(el('INPUT'))).toBe(false);
    expect(spaceIsForTheMap(el('textarea'))).toBe(false);
    expect(spaceIsForTheMap(el('DIV', null, true))).toBe(false);
    expect(spaceIsForTheMap(el('BUTTON'))).toBe(false);
    expect(spaceIsForTheMap(el('A'))).toBe(false);
    expect(spaceIsForTheMap(el('LI', 'option'))).toBe(false);
  });
});

describe('boundsOfNodes', () => {
  const entries = new Map<number, Pick<NodeEntry, 'minX' | 'minY' | 'maxX' | 'maxY'>>([
    [1, { minX: 0, minY: 10, maxX: 40, maxY: 30 }],
    [2, { minX: 100, minY: -20, maxX: 120, maxY: 5 }],
  ]);
  const scene = { node: (id: number) => entries.get(id) as NodeEntry | undefined };

  it('joins the selected nodes’ boxes, skipping ids the scene does not have', () => {
    expect(boundsOfNodes(scene, [1, 2, 99])).toEqual({ minX: 0, minY: -20, maxX: 120, maxY: 30 });
    expect(boundsOfNodes(scene, [2])).toEqual({ minX: 100, minY: -20, maxX: 120, maxY: 5 });
  });

  it('answers null for no node', () => {
    expect(boundsOfNodes(scene, [])).toBeNull();
    expect(boundsOfNodes(scene, [7])).toBeNull();
  });
});
