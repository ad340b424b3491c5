import { describe, expect, it } from 'vitest';
import { Camera, Scene, sceneDocument, TITLE_GAP } from '../../map';
import { fakeMeasure, makeNode } from '../../map/render/testing';
import type { Node } from '../../api/document';
import {
  FIELD_TEXT_COLOR,
  MIN_FIELD_FONT_PX,
  MIN_FIELD_WIDTH_PX,
  readableOnField,
  titleEdit,
  titleFieldPlacement,
  titleOf,
  titleRefusal,
} from './titleField';

function entryOf(node: Node) {
  const scene = new Scene({ measure: fakeMeasure, languages: ['en'] });
  scene.setDocument(sceneDocument({ nodes: [node], edges: [], object_templates: [], global_design: null }));
  const entry = scene.node(node.id);
  if (!entry) throw new Error('no entry');
  return entry;
}

function cameraAt(x: number, y: number, scale: number): Camera {
  const cam = new Camera();
  cam.setViewport(800, 600);
  cam.x = x;
  cam.y = y;
  cam.scale = scale;
  return cam;
}

describe('titleFieldPlacement', () => {
  it('covers a centred title inside the node, scaled with the zoom', () => {
    const entry = entryOf(makeNode(1, 300, 200, { width: 200, height: 100, font_size: 16, title_position: 'center' }));
    const p = titleFieldPlacement(entry, cameraAt(100, 100, 2));
    // The node's centre is at ((300-100)*2, (200-100)*2) on screen.
    expect(p.left + p.width / 2).toBeCloseTo(400);
    expect(p.top + p.height / 2).toBeCloseTo(200);
    expect(p.width).toBeCloseTo((200 - 2 * TITLE_GAP) * 2);
    expect(p.fontSize).toBe(32);
    expect(p.rotate).toBe(0);
    expect(p.originX).toBeCloseTo(400 - p.left);
  });

  it('follows the camera: a pan moves the field by as much', () => {
    const entry = entryOf(makeNode(1, 300, 200, { width: 200, height: 100 }));
    const a = titleFieldPlacement(entry, cameraAt(0, 0, 1));
    const b = titleFieldPlacement(entry, cameraAt(50, -20, 1));
    expect(b.left - a.left).toBeCloseTo(-50);
    expect(b.top - a.top).toBeCloseTo(20);
  });

  it('puts a title placed below the node below it', () => {
    const entry = entryOf(makeNode(1, 0, 0, { width: 100, height: 100, border_enabled: false, title_position: 'bottom', font_size: 10 }));
    const p = titleFieldPlacement(entry, cameraAt(-400, -300, 1));
    // Its middle lies below the node's bottom edge and the gap.
    expect(p.top + p.height / 2).toBeGreaterThan(300 + 50 + TITLE_GAP);
  });

  it('keeps the field wide enough to type and its text readable when zoomed far out', () => {
    const entry = entryOf(makeNode(1, 0, 0, { width: 40, height: 40, font_size: 12 }));
    const p = titleFieldPlacement(entry, cameraAt(-10, -10, 0.1));
    expect(p.width).toBe(MIN_FIELD_WIDTH_PX);
    expect(p.fontSize).toBe(MIN_FIELD_FONT_PX);
    // Still centred on the node.
    expect(p.left + p.width / 2).toBeCloseTo(1);
  });

  it('turns with a rotated node, about its centre', () => {
    const entry = entryOf(makeNode(1, 100, 100, { shape: 'rectangle', width: 200, height: 80, rotate: 30 }));
    const p = titleFieldPlacement(entry, cameraAt(0, 0, 1));
    expect(p.rotate).toBeCloseTo(30);
    expect(p.left + p.originX).toBeCloseTo(100);
    expect(p.top + p.originY).toBeCloseTo(100);
  });
});

describe('titleEdit', () => {
  const node = { id: 7, content: { en: { title: 'Map' }, de: { title: 'Karte' } } };

  it('sets the title of the language edited, and only it', () => {
    expect(titleEdit(node, 'de', 'Landkarte')).toEqual({ type: 'setNodeContent', id: 7, content: { de: { title: 'Landkarte' } } });
    expect(titleEdit(node, 'fr', 'Carte')).toEqual({ type: 'setNodeContent', id: 7, content: { fr: { title: 'Carte' } } });
  });

  it('makes no edit when nothing changed', () => {
    expect(titleEdit(node, 'en', 'Map')).toBeNull();
    expect(titleEdit(node, 'fr', '   ')).toBeNull();
  });

  it('stores a blank title empty and pasted line breaks as spaces', () => {
    expect(titleEdit(node, 'en', '  ')).toEqual({ type: 'setNodeContent', id: 7, content: { en: { title: '' } } });
    expect(titleEdit(node, 'en', 'One\r\ntwo \n three')).toEqual({
      type: 'setNodeContent',
      id: 7,
      content: { en: { title: 'One two three' } },
    });
  });

  it('reads the title of one language', () => {
    expect(titleOf(node, 'de')).toBe('Karte');
    expect(titleOf(node, 'fr')).toBe('');
  });
});

describe('titleRefusal', () => {
  const free = { canEdit: true, node: { editing: { locked: false } }, holder: null, formDirty: false };

  it('lets a free node of an editor be edited', () => {
    expect(titleRefusal(free)).toBeNull();
  });

  it('refuses read-only editors, nodes another editor holds, locked nodes and a form with unsaved changes', () => {
    expect(titleRefusal({ ...free, canEdit: false })).toEqual({ kind: 'readOnly' });
    expect(titleRefusal({ ...free, holder: { name: 'Ada', color: 'orange' } })).toEqual({ kind: 'lockedBy', name: 'Ada', color: 'orange' });
    expect(titleRefusal({ ...free, node: { editing: { locked: true } } })).toEqual({ kind: 'nodeLocked' });
    expect(titleRefusal({ ...free, formDirty: true })).toEqual({ kind: 'unsavedForm' });
    expect(titleRefusal({ ...free, node: undefined })).toEqual({ kind: 'gone' });
  });
});

describe('readableOnField', () => {
  it('keeps a dark title colour and replaces one that would vanish on the white field', () => {
    expect(readableOnField('#1d4ed8')).toBe('#1d4ed8');
    expect(readableOnField('#000')).toBe('#000');
    expect(readableOnField('#ffffff')).toBe(FIELD_TEXT_COLOR);
    expect(readableOnField('#FFE')).toBe(FIELD_TEXT_COLOR);
    expect(readableOnField('red')).toBe('red');
  });
});
