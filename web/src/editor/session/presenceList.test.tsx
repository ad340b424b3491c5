// @vitest-environment jsdom
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Visitor, VisitorColor } from '../../api/live';
import { VISITOR_CSS, contrastRatio } from './colors';
import { initI18n } from '../../i18n';
import { PresenceList } from './PresenceList';

const visitor = (id: number): Visitor => ({
  id,
  name: `Editor ${id}`,
  initials: `E${id}`,
  color: 'sea',
  pointer: { x: 0, y: 0 },
});

initI18n();

describe('PresenceList', () => {
  it('shows up to five editors by face', () => {
    const html = renderToStaticMarkup(<PresenceList self={visitor(1)} others={[2, 3, 4, 5].map(visitor)} />);
    expect(html.match(/data-testid="presence-avatar"/g)).toHaveLength(5);
    expect(html).not.toContain('presence-more');
  });

  it('counts the rest of a crowd in one chip that names them', () => {
    const html = renderToStaticMarkup(<PresenceList self={visitor(1)} others={[2, 3, 4, 5, 6, 7, 8].map(visitor)} />);
    expect(html.match(/data-testid="presence-avatar"/g)).toHaveLength(4);
    expect(html).toMatch(/data-testid="presence-more"[^>]*>\+4</);
    for (const id of [5, 6, 7, 8]) expect(html).toContain(`Editor ${id}`);
  });
});

describe('an avatar', () => {
  const colors = Object.keys(VISITOR_CSS) as VisitorColor[];

  it.each(colors)('reads at 4.5:1 or more on %s', (color) => {
    const html = renderToStaticMarkup(<PresenceList self={{ ...visitor(1), color }} others={[]} />);
    const style = /style="([^"]*)"/.exec(html)?.[1] ?? '';
    const background = /background:\s*(#[0-9a-f]{6})/i.exec(style)?.[1] ?? '';
    const text = /(?:^|;)\s*color:\s*(#[0-9a-f]{6})/i.exec(style)?.[1] ?? '#ffffff';
    expect(background).toBe(VISITOR_CSS[color]);
    expect(contrastRatio(background, text)).toBeGreaterThanOrEqual(4.5);
  });
});
