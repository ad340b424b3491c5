// @vitest-environment jsdom
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Visitor } from '../../api/live';
import { initI18n } from '../../i18n';
import { PresenceList } from './EditorParts';

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
