import { describe, expect, it } from 'vitest';
import { wheelIntent, type WheelInput } from './wheelIntent';

const wheel = (more: Partial<WheelInput>): WheelInput => ({
  deltaX: 0,
  deltaY: 0,
  deltaMode: 0,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  ...more,
});

describe('wheelIntent', () => {
  it('pans with a trackpad’s two-finger scroll, the world moving against the scroll', () => {
    expect(wheelIntent(wheel({ deltaX: 12.5, deltaY: -4 }), { wheelZooms: false })).toEqual({ kind: 'pan', dx: -12.5, dy: 4 });
    expect(wheelIntent(wheel({ deltaY: 3.2 }), { wheelZooms: false })).toEqual({ kind: 'pan', dx: 0, dy: -3.2 });
  });

  it('zooms on a pinch (Ctrl+wheel) whatever the setting, in when the fingers spread', () => {
    const pinchOut = wheelIntent(wheel({ deltaY: -10, ctrlKey: true }), { wheelZooms: false });
    expect(pinchOut.kind).toBe('zoom');
    if (pinchOut.kind === 'zoom') expect(pinchOut.factor).toBeGreaterThan(1);
    const pinchIn = wheelIntent(wheel({ deltaY: 10, ctrlKey: true }), { wheelZooms: true });
    if (pinchIn.kind !== 'zoom') throw new Error('expected a zoom');
    expect(pinchIn.factor).toBeLessThan(1);
    expect(wheelIntent(wheel({ deltaY: 100, metaKey: true }), { wheelZooms: false }).kind).toBe('zoom');
  });

  it('pans with a plain mouse wheel by default, lines counted in pixels', () => {
    expect(wheelIntent(wheel({ deltaY: 3, deltaMode: 1 }), { wheelZooms: false })).toEqual({ kind: 'pan', dx: 0, dy: -48 });
  });

  it('turns a Shift+wheel sideways', () => {
    expect(wheelIntent(wheel({ deltaY: 100, shiftKey: true }), { wheelZooms: false })).toEqual({ kind: 'pan', dx: -100, dy: 0 });
  });

  it('zooms with a plain wheel when the setting asks, out on scrolling down', () => {
    const down = wheelIntent(wheel({ deltaY: 100 }), { wheelZooms: true });
    if (down.kind !== 'zoom') throw new Error('expected a zoom');
    expect(down.factor).toBeLessThan(1);
    const up = wheelIntent(wheel({ deltaY: -100 }), { wheelZooms: true });
    if (up.kind !== 'zoom') throw new Error('expected a zoom');
    expect(up.factor).toBeGreaterThan(1);
  });

  it('still pans a sideways scroll with the setting on (a mouse wheel moves one axis only)', () => {
    expect(wheelIntent(wheel({ deltaX: 20, deltaY: 5 }), { wheelZooms: true })).toEqual({ kind: 'pan', dx: -20, dy: -5 });
    expect(wheelIntent(wheel({ deltaY: 100, shiftKey: true }), { wheelZooms: true }).kind).toBe('pan');
  });

  it('does nothing noticeable for an empty event', () => {
    expect(wheelIntent(wheel({}), { wheelZooms: true })).toEqual({ kind: 'pan', dx: 0, dy: 0 });
  });
});
