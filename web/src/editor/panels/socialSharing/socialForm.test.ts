import { describe, expect, it } from 'vitest';
import { normalizeHashtags, socialProblem, withNetwork } from './socialForm';

describe('social sharing', () => {
  it('keeps the networks in one order, each once', () => {
    expect(withNetwork(['email'], 'facebook', true)).toEqual(['facebook', 'email']);
    expect(withNetwork(['facebook', 'email'], 'facebook', true)).toEqual(['facebook', 'email']);
    expect(withNetwork(['facebook', 'email'], 'facebook', false)).toEqual(['email']);
  });

  it('makes hashtags one list without # and repeats', () => {
    expect(normalizeHashtags(' #maps, learning  #Maps,,map ')).toBe('maps learning map');
    expect(normalizeHashtags('')).toBe('');
  });

  it('refuses an image that is not an http(s) address and too many hashtags', () => {
    expect(socialProblem('image', 'ftp://example.org/a.png')).toEqual({ field: 'image', key: 'url' });
    expect(socialProblem('image', 'https://example.org/a.png')).toBeNull();
    expect(socialProblem('hashtags', 'a'.repeat(501))).toEqual({ field: 'hashtags', key: 'tooLong', max: 500 });
  });
});
