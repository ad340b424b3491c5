import { describe, expect, it } from 'vitest';
import { gifAnimationOn, isGifLink, kindOfLink, kindOfType, popupMedia } from './mediaView';

const url = (key: string, w: number | null) => `/p/${key}${w === null ? '' : `?w=${w}`}`;
const on = { external: true, animateGifs: true };

describe('the media a popup shows', () => {
  it('tells kinds by content type', () => {
    expect(kindOfType('image/png')).toBe('image');
    expect(kindOfType('image/svg+xml')).toBe('image');
    expect(kindOfType('video/mp4')).toBe('video');
    expect(kindOfType('audio/mpeg; charset=binary')).toBe('audio');
    expect(kindOfType('application/pdf')).toBeNull();
    expect(kindOfType(null)).toBeNull();
  });

  it('tells a link’s kind by its path, not its query', () => {
    expect(kindOfLink('https://x.test/a/film.MP4?t=3')).toBe('video');
    expect(kindOfLink('https://x.test/song.ogg')).toBe('audio');
    expect(kindOfLink('https://x.test/pic.webp')).toBe('image');
    expect(kindOfLink('https://x.test/watch?v=film.mp4')).toBe('image');
    expect(isGifLink('https://x.test/a.gif?x=1')).toBe(true);
  });

  it('shows an asset picture in a variant, a film and a sound from the original', () => {
    const ref = { kind: 'asset', key: 'K' } as const;
    expect(popupMedia(ref, url, 'image/jpeg', on)).toEqual({ kind: 'image', url: '/p/K?w=1024', still: false });
    expect(popupMedia(ref, url, 'video/webm', on)).toEqual({ kind: 'video', url: '/p/K', still: false });
    expect(popupMedia(ref, url, 'audio/mpeg', on)).toEqual({ kind: 'audio', url: '/p/K', still: false });
    expect(popupMedia(ref, url, 'application/zip', on)).toBeNull();
  });

  it('shows a GIF moving from the original, or still when the map turns animation off', () => {
    const ref = { kind: 'asset', key: 'G' } as const;
    expect(popupMedia(ref, url, 'image/gif', on)).toEqual({ kind: 'image', url: '/p/G', still: false });
    expect(popupMedia(ref, url, 'image/gif', { external: true, animateGifs: false })).toEqual({
      kind: 'image',
      url: '/p/G?w=1024',
      still: true,
    });
    const link = { kind: 'remote', url: 'https://x.test/a.gif' } as const;
    expect(popupMedia(link, url, null, { external: true, animateGifs: false })).toMatchObject({ still: true });
  });

  it('blocks a link to another site until the reader allows external sources', () => {
    const link = { kind: 'remote', url: 'https://x.test/film.mp4' } as const;
    expect(popupMedia(link, url, null, { external: false, animateGifs: true })).toEqual({
      kind: 'blocked',
      url: 'https://x.test/film.mp4',
    });
    expect(popupMedia(link, url, null, on)).toEqual({ kind: 'video', url: 'https://x.test/film.mp4', still: false });
    // An asset of the map is not another site's: never blocked.
    expect(popupMedia({ kind: 'asset', key: 'K' }, url, 'image/png', { external: false, animateGifs: true })?.kind).toBe('image');
  });

  it('animates GIFs unless the global design’s popups say gif_animation: false', () => {
    expect(gifAnimationOn(null)).toBe(true);
    expect(gifAnimationOn({ popups: {} })).toBe(true);
    expect(gifAnimationOn({ popups: { gif_animation: true } })).toBe(true);
    expect(gifAnimationOn({ popups: { gif_animation: false } })).toBe(false);
    // A reader who asked for less motion sees them still anyway.
    expect(gifAnimationOn({ popups: {} }, true)).toBe(false);
  });
});
