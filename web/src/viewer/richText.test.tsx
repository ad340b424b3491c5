// @vitest-environment jsdom
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Node } from '../api/document';
import { NodePopup } from './NodePopup';
import { sanitizeRichText } from './richText';

const payload =
  '<p>Hi<script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">x</a>' +
  '<svg><script>alert(4)</script></svg><iframe src="https://evil.example"></iframe></p>';
const ignore = (): void => undefined;
const dangerous = /script|onerror|javascript:|iframe|svg/i;

describe('sanitizeRichText', () => {
  it('strips scripts, event handlers and javascript: links', () => {
    const out = sanitizeRichText(payload);
    expect(out).not.toMatch(dangerous);
    expect(out).toContain('<img src="x">');
  });

  it('keeps the formatting the editor produces', () => {
    const html =
      '<h2>Plan</h2><p>Der <strong>Plan</strong> <em>heute</em></p><ul><li>eins</li></ul>' +
      '<a href="https://example.org" target="_blank" rel="nofollow noreferrer">link</a>';
    expect(sanitizeRichText(html)).toBe(html);
  });
});

describe('NodePopup', () => {
  it("inserts a node's rich text only once sanitised", () => {
    const node = {
      id: 1,
      popup_type: 'popup-small',
      previous_id: null,
      next_id: null,
      content: { en: { title: 'Plan', content: payload } },
    } as unknown as Node;
    const html = renderToStaticMarkup(
      <NodePopup
        node={node}
        languages={['en']}
        previousTitle={null}
        nextTitle={null}
        onNavigate={ignore}
        onClose={ignore}
        onCopyLink={ignore}
      />,
    );
    expect(html).toContain('Hi');
    expect(html).not.toMatch(dangerous);
  });
});
