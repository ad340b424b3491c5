import { describe, expect, it } from 'vitest';
import { anchorTarget, citationHref, filesArePictures, isAllowedHref, pasteLeavesOut, targetOfAnchor } from './richText';

describe('rich text links', () => {
  it('allows web and mail addresses and citations, nothing else', () => {
    expect(isAllowedHref('https://example.org/a')).toBe(true);
    expect(isAllowedHref('mailto:ada@example.org')).toBe(true);
    expect(isAllowedHref(citationHref('smith:2020'))).toBe(true);
    expect(isAllowedHref('#ref-')).toBe(false);
    expect(isAllowedHref('javascript:alert(1)')).toBe(false);
    expect(isAllowedHref('example.org')).toBe(false);
  });

  it('maps a link’s target to the anchor’s and back', () => {
    for (const t of ['new_window', 'same_window', 'embedding_window'] as const) expect(targetOfAnchor(anchorTarget(t))).toBe(t);
    expect(targetOfAnchor(null)).toBe('new_window');
  });
});

describe('pasting', () => {
  it('knows what the text leaves out', () => {
    expect(pasteLeavesOut('<p>Text <img src="a.png"></p>')).toBe(true);
    expect(pasteLeavesOut('<iframe src="https://video.example"></iframe>')).toBe(true);
    expect(pasteLeavesOut('<p><b>Bold</b> text</p>')).toBe(false);
    expect(filesArePictures([{ type: 'image/png' }])).toBe(true);
    expect(filesArePictures([{ type: 'text/plain' }])).toBe(false);
  });
});
