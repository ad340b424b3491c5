import { describe, expect, it } from 'vitest';
import { makeNode } from '../../../map/render/testing';
import { contentChanges, contentProblems, draftOf, followStoredTitles, hasContent, isDirty, normalizeSearchTerms } from './contentForm';

const node = makeNode(1, 0, 0, {}, { content: { en: { title: 'One', content: '<p>Body</p>' } }, next_id: 4 });

describe('the content draft', () => {
  it('has every field in every language, empty when the node has none', () => {
    const d = draftOf(node);
    expect(d.content.en).toMatchObject({ title: 'One', content: '<p>Body</p>', abstract: '' });
    expect(d.content.fr.title).toBe('');
    expect(d).toMatchObject({ next_id: 4, previous_id: null, popup_type: 'popup-small' });
    expect(isDirty(d, d)).toBe(false);
  });

  it('saves only what changed: "" empties a field, blanks count as empty', () => {
    const saved = draftOf(node);
    const draft = structuredClone(saved);
    draft.content.en.title = 'One!';
    draft.content.en.content = '   ';
    draft.content.de.abstract = 'Kurz';
    draft.previous_id = 2;
    draft.popup_type = 'detached-large';
    expect(contentChanges(saved, draft)).toEqual({
      content: { en: { title: 'One!', content: '' }, de: { abstract: 'Kurz' } },
      navigation: { previous_id: 2, popup_type: 'detached-large' },
    });
    expect(isDirty(saved, draft)).toBe(true);
  });

  it('keeps search terms comma separated, trimmed, without repeats', () => {
    expect(normalizeSearchTerms(' maps,  zoom ,, Maps, levels ')).toBe('maps, zoom, levels');
    const saved = draftOf(node);
    const draft = structuredClone(saved);
    draft.content.en.node_search_terms = 'a ,b';
    expect(contentChanges(saved, draft).content).toEqual({ en: { node_search_terms: 'a, b' } });
  });
});

describe('content rules', () => {
  it('refuses a link on a node with content, but not a title with a link', () => {
    const d = draftOf(node).content.en;
    expect(hasContent(d)).toBe(true);
    expect(contentProblems({ ...d, node_link_to: 'https://example.org' })).toEqual([{ field: 'node_link_to', key: 'linkWithContent' }]);
    const titleOnly = { ...d, content: '', node_link_to: 'https://example.org' };
    expect(contentProblems(titleOnly)).toEqual([]);
    expect(contentProblems({ ...titleOnly, node_link_to: 'javascript:alert(1)' })).toEqual([{ field: 'node_link_to', key: 'url' }]);
  });

  it('limits the SEO description to 250 characters', () => {
    const d = { ...draftOf(node).content.en, seo_description: 'x'.repeat(251) };
    expect(contentProblems(d)).toEqual([{ field: 'seo_description', key: 'tooLong', max: 250 }]);
    expect(contentProblems({ ...d, seo_description: 'é'.repeat(250) })).toEqual([]);
  });
});

describe('titles edited outside the form', () => {
  const node = makeNode(1, 0, 0, {}, { content: { en: { title: 'Map' }, de: { title: 'Karte' } } });

  it('follows a title changed on the canvas while the form is open and clean', () => {
    const saved = draftOf(node);
    const next = followStoredTitles(saved, structuredClone(saved), { content: { en: { title: 'Map' }, de: { title: 'Landkarte' } } });
    expect(next?.saved.content.de.title).toBe('Landkarte');
    expect(next?.draft.content.de.title).toBe('Landkarte');
    expect(next && isDirty(next.saved, next.draft)).toBe(false);
  });

  it('keeps a title being typed in the form, which then differs from the stored one', () => {
    const saved = draftOf(node);
    const draft = structuredClone(saved);
    draft.content.de.title = 'Typed';
    const next = followStoredTitles(saved, draft, { content: { en: { title: 'Map' }, de: { title: 'Landkarte' } } });
    expect(next?.saved.content.de.title).toBe('Landkarte');
    expect(next?.draft.content.de.title).toBe('Typed');
    expect(next && isDirty(next.saved, next.draft)).toBe(true);
  });

  it('changes nothing when the titles agree', () => {
    const saved = draftOf(node);
    expect(followStoredTitles(saved, structuredClone(saved), node)).toBeNull();
  });
});
