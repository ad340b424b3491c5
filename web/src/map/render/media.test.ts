import { describe, expect, it } from 'vitest';
import { mediaId, mediaOf, variantFor } from './media';

describe('variantFor', () => {
  it('picks the narrowest variant at least as wide as drawn, the original past the widest', () => {
    expect(variantFor(1)).toBe(256);
    expect(variantFor(256)).toBe(256);
    expect(variantFor(257)).toBe(1024);
    expect(variantFor(1024)).toBe(1024);
    expect(variantFor(1500)).toBe(2048);
    expect(variantFor(2048)).toBe(2048);
    expect(variantFor(2049)).toBeNull();
  });

  it('asks for the width a node is drawn at times zoom times device pixels', () => {
    // A 200-unit node at zoom 2 on a 2x screen is 800 device pixels wide.
    expect(variantFor(200 * 2 * 2)).toBe(1024);
    expect(variantFor(200 * 0.5 * 1)).toBe(256);
    expect(variantFor(200 * 4 * 3)).toBeNull();
  });
});

describe('mediaOf', () => {
  it('shows the link when both are set, else the asset, else nothing', () => {
    expect(mediaOf('K', 'https://x.test/a.png')).toEqual({ kind: 'remote', url: 'https://x.test/a.png' });
    expect(mediaOf('K', '')).toEqual({ kind: 'asset', key: 'K' });
    expect(mediaOf(null, null)).toBeNull();
    expect(mediaId(mediaOf('K', null))).toBe('k:K');
    expect(mediaId(null)).toBe('');
  });
});
