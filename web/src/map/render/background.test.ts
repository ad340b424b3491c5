import { describe, expect, it } from 'vitest';
import type { MapDesign } from '../../api/document';
import { backdropOf, backdropTileSize, layoutBackdrop, sameBackdrop, type Backdrop } from './background';

const DESIGN: MapDesign = {
  expansion: 'both',
  bg_color: '#ffffff',
  media: null,
  media_url: null,
  media_position: 'center',
  media_repeat: 'no-repeat',
  media_size: 'cover',
  media_opacity: 100,
};
const area = { width: 1000, height: 500 };
const img = { width: 200, height: 100 };
const everything = { minX: -1e6, minY: -1e6, maxX: 1e6, maxY: 1e6 };

function backdrop(patch: Partial<Backdrop> = {}): Backdrop {
  return { media: { kind: 'asset', key: 'K' }, position: 'center', repeat: 'no-repeat', size: 'none', opacity: 100, ...area, ...patch };
}

describe('backdropTileSize', () => {
  it('fill stretches to the area, cover covers it, contain fits inside, none keeps a pixel a unit', () => {
    const square = { width: 100, height: 100 };
    expect(backdropTileSize('fill', area, square)).toEqual({ w: 1000, h: 500 });
    expect(backdropTileSize('cover', area, square)).toEqual({ w: 1000, h: 1000 });
    expect(backdropTileSize('contain', area, square)).toEqual({ w: 500, h: 500 });
    expect(backdropTileSize('none', area, square)).toEqual({ w: 100, h: 100 });
  });
});

describe('layoutBackdrop', () => {
  it.each([
    ['top-left', 0, 0],
    ['top', 400, 0],
    ['top-right', 800, 0],
    ['left', 0, 200],
    ['center', 400, 200],
    ['right', 800, 200],
    ['bottom-left', 0, 400],
    ['bottom', 400, 400],
    ['bottom-right', 800, 400],
  ] as const)('puts the picture at %s of the map area', (position, x, y) => {
    const { tile, paint } = layoutBackdrop(backdrop({ position }), img, everything);
    expect(tile).toEqual({ x, y, w: 200, h: 100 });
    // Without repeat only the picture itself is painted.
    expect(paint).toEqual({ x, y, w: 200, h: 100 });
  });

  it('centres a covering picture so that it overflows evenly (clipped to the area)', () => {
    const { tile, paint } = layoutBackdrop(backdrop({ size: 'cover' }), { width: 100, height: 100 }, everything);
    expect(tile).toEqual({ x: 0, y: -250, w: 1000, h: 1000 });
    expect(paint).toEqual({ x: 0, y: 0, w: 1000, h: 500 });
  });

  it('repeat paints the whole area, repeat-x its row, repeat-y its column', () => {
    expect(layoutBackdrop(backdrop({ repeat: 'repeat' }), img, everything).paint).toEqual({ x: 0, y: 0, w: 1000, h: 500 });
    expect(layoutBackdrop(backdrop({ repeat: 'repeat-x', position: 'bottom' }), img, everything).paint).toEqual({
      x: 0,
      y: 400,
      w: 1000,
      h: 100,
    });
    expect(layoutBackdrop(backdrop({ repeat: 'repeat-y', position: 'right' }), img, everything).paint).toEqual({
      x: 800,
      y: 0,
      w: 200,
      h: 500,
    });
  });

  it('paints only the part in view, nothing when the area is out of view', () => {
    const view = { minX: 900, minY: -50, maxX: 1300, maxY: 100 };
    expect(layoutBackdrop(backdrop({ repeat: 'repeat' }), img, view).paint).toEqual({ x: 900, y: 0, w: 100, h: 100 });
    expect(layoutBackdrop(backdrop(), img, { minX: 2000, minY: 0, maxX: 3000, maxY: 100 }).paint).toBeNull();
  });
});

describe('backdropOf', () => {
  it('is the map design picture over the measurement, the link before the asset', () => {
    expect(backdropOf({ ...DESIGN, media: 'K' }, area)).toMatchObject({ media: { kind: 'asset', key: 'K' }, width: 1000 });
    expect(backdropOf({ ...DESIGN, media_url: 'https://x.test/b.png' }, area)?.media).toEqual({
      kind: 'remote',
      url: 'https://x.test/b.png',
    });
    expect(backdropOf(DESIGN, area)).toBeNull();
  });

  it('compares by what is drawn', () => {
    const a = backdropOf({ ...DESIGN, media: 'K' }, area);
    expect(sameBackdrop(a, backdropOf({ ...DESIGN, media: 'K' }, area))).toBe(true);
    expect(sameBackdrop(a, backdropOf({ ...DESIGN, media: 'L' }, area))).toBe(false);
    expect(sameBackdrop(a, backdropOf({ ...DESIGN, media: 'K', media_opacity: 50 }, area))).toBe(false);
  });
});
