// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { citedKey } from './citations';
import { isRemote } from './externalSources';
import { readerContent, type ContentRules } from './readerContent';

const origin = 'https://maps.example.org';
const rules = (over: Partial<ContentRules> = {}): ContentRules => ({
  glossary: null,
  referenceKeys: new Set(['smith:2020', 'doe/b.1']),
  blockExternal: null,
  origin,
  ...over,
});
const blocking = { text: 'External content is blocked.', allow: 'Allow external sources' };

describe('citations', () => {
  it('reads the key a link cites', () => {
    expect(citedKey('#ref-smith:2020')).toBe('smith:2020');
    expect(citedKey('#ref-doe%2Fb.1')).toBe('doe/b.1');
    expect(citedKey('#ref-%E0%A4%A')).toBe('%E0%A4%A');
    expect(citedKey('https://example.org/#ref-x')).toBeNull();
    expect(citedKey(null)).toBeNull();
  });

  it('keeps a citation of a known reference as a link to it, and turns an unknown one into text', () => {
    const html = readerContent(
      '<p>See <a href="#ref-smith:2020" rel="noreferrer">Smith</a> and <a href="#ref-nobody"><em>Nobody</em></a>.</p>',
      rules(),
    );
    expect(html).toBe(
      '<p>See <a href="#ref-smith:2020" data-ref="smith:2020" class="citation">Smith</a> and <span><em>Nobody</em></span>.</p>',
    );
  });

  it('leaves other links alone', () => {
    const html = '<p><a href="https://example.org" target="_blank" rel="nofollow noreferrer">x</a></p>';
    expect(readerContent(html, rules())).toBe(html);
  });

  it('sanitises before anything else: a citation cannot carry a script', () => {
    const html = readerContent('<a href="#ref-smith:2020" onclick="alert(1)">S</a><script>alert(2)</script>', rules());
    expect(html).not.toMatch(/onclick|script/);
  });
});

describe('external sources', () => {
  it('tells another site’s address from this one’s', () => {
    expect(isRemote('https://cdn.example.com/a.png', origin)).toBe(true);
    expect(isRemote('//cdn.example.com/a.png', origin)).toBe(true);
    expect(isRemote('/api/v1/media/1', origin)).toBe(false);
    expect(isRemote('https://maps.example.org/a.png', origin)).toBe(false);
    expect(isRemote('data:image/png;base64,AAAA', origin)).toBe(false);
  });

  it('holds back remote images until allowed, with a placeholder and a button', () => {
    const html = '<p>A <img src="https://cdn.example.com/a.png" alt="A"> and <img src="/media/b.png" alt="B"></p>';
    const blocked = readerContent(html, rules({ blockExternal: blocking }));
    expect(blocked).not.toContain('cdn.example.com');
    expect(blocked).toContain('<img src="/media/b.png" alt="B">');
    expect(blocked).toContain('<span class="blocked-source" data-blocked-source=""><span>External content is blocked.</span>');
    expect(blocked).toContain('<button type="button" data-allow-external="">Allow external sources</button>');
    expect(readerContent(html, rules())).toBe(html);
  });

  it('holds back a remote srcset too', () => {
    const blocked = readerContent(
      '<img src="/a.png" srcset="/a2.png 2x, https://cdn.example.com/a3.png 3x">',
      rules({ blockExternal: blocking }),
    );
    expect(blocked).not.toContain('cdn.example.com');
  });
});
