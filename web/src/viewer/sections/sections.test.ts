import { describe, expect, it } from 'vitest';
import type { Quiz, ReaderQuiz } from '../../api/sections';
import { linkTarget, safeLink } from './headerBar';
import { answersOf, choose, unanswered } from './quizAnswers';
import { checkQuizLocally, readerQuiz, textIn } from './readerSections';
import { shareAddress } from './share';
import { tocTree } from './toc';

describe('textIn', () => {
  it('takes the first of the reader’s languages that has the text', () => {
    expect(textIn({ en: 'Map', de: ' ', fr: 'Carte' }, ['de', 'fr', 'en'])).toBe('Carte');
    expect(textIn(null, ['en'])).toBe('');
  });
});

describe('tocTree', () => {
  const entry = (depth: number, node: number, title = `T${node}`) => ({ depth, node_id: node, zoom_level: 1, title: { en: title } });
  it('nests entries under the nearest less deep one before them', () => {
    const tree = tocTree({ entries: [entry(1, 1), entry(2, 2), entry(3, 3), entry(2, 4), entry(1, 5), entry(2, 6)] }, ['en'], () => '');
    const shape = (items: ReturnType<typeof tocTree>): unknown => items.map((i) => [i.nodeId, shape(i.children)]);
    expect(shape(tree)).toEqual([
      [
        1,
        [
          [2, [[3, []]]],
          [4, []],
        ],
      ],
      [5, [[6, []]]],
    ]);
  });
  it('takes a too deep entry under the one before, names untitled entries, and is empty without contents', () => {
    const tree = tocTree({ entries: [entry(1, 1), entry(3, 2, '')] }, ['en'], (id) => `Node ${id}`);
    expect(tree[0]?.children[0]?.title).toBe('Node 2');
    expect(tocTree(null, ['en'], () => '')).toEqual([]);
  });
});

describe('share addresses', () => {
  const shared = { url: 'https://maps.example.org/m/a?node=3', title: 'A & B', description: 'About', hashtags: '#maps, learning' };
  it('puts the link and texts into each network’s address, encoded', () => {
    expect(shareAddress('facebook', shared)).toBe(
      'https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fmaps.example.org%2Fm%2Fa%3Fnode%3D3',
    );
    expect(shareAddress('x', shared)).toContain('&text=A%20%26%20B&hashtags=maps%2Clearning');
    expect(shareAddress('whatsapp', shared)).toBe(
      `https://wa.me/?text=${encodeURIComponent('A & B #maps #learning https://maps.example.org/m/a?node=3')}`,
    );
    expect(shareAddress('email', shared)).toBe(
      `mailto:?subject=A%20%26%20B&body=${encodeURIComponent('About\n\nhttps://maps.example.org/m/a?node=3')}`,
    );
    for (const n of ['linkedin', 'xing', 'telegram', 'mastodon', 'bluesky', 'reddit'] as const) {
      expect(shareAddress(n, shared)).toMatch(/^https:\/\/[^?]+\?.*https%3A%2F%2Fmaps\.example\.org/);
    }
  });
});

describe('header links', () => {
  it('accepts only http(s) and mailto addresses', () => {
    expect(safeLink('https://example.org/a')).toBe('https://example.org/a');
    expect(safeLink('mailto:team@example.org')).toBe('mailto:team@example.org');
    expect(safeLink('javascript:alert(1)')).toBeNull();
    expect(safeLink('data:text/html,x')).toBeNull();
    expect(safeLink('/relative')).toBeNull();
    expect(safeLink(undefined)).toBeNull();
  });
  it('opens each target where it says', () => {
    expect(linkTarget('new_window')).toEqual({ target: '_blank', rel: 'noopener noreferrer' });
    expect(linkTarget('embedding_window')).toEqual({ target: '_top' });
    expect(linkTarget('same_window')).toEqual({ target: '_self' });
    expect(linkTarget('map_frame')).toEqual({ target: '_self' });
  });
});

const quiz: Quiz = {
  id: 7,
  name: { en: 'Q' },
  description: {},
  expandable: false,
  questions: [
    {
      id: 1,
      text: { en: 'One?' },
      multiple_answers: false,
      answers: [
        { id: 11, text: { en: 'a' }, correct: true },
        { id: 12, text: { en: 'b' }, correct: false },
      ],
    },
    {
      id: 2,
      text: { en: 'Two?' },
      multiple_answers: true,
      answers: [
        { id: 21, text: { en: 'c' }, correct: true },
        { id: 22, text: { en: 'd' }, correct: true },
        { id: 23, text: { en: 'e' }, correct: false },
      ],
    },
  ],
};

describe('quiz answers', () => {
  it('keeps one answer for a single-answer question and several for a multiple one', () => {
    const reader: ReaderQuiz = readerQuiz(quiz);
    expect(JSON.stringify(reader)).not.toContain('correct');
    let s = choose(new Map(), 1, 11, false, true);
    s = choose(s, 1, 12, false, true);
    expect(s.get(1)).toEqual([12]);
    expect(unanswered(reader, s)).toEqual([2]);
    s = choose(s, 2, 21, true, true);
    s = choose(s, 2, 22, true, true);
    s = choose(s, 2, 21, true, false);
    expect(answersOf(reader, s)).toEqual({
      answers: [
        { question_id: 1, answer_ids: [12] },
        { question_id: 2, answer_ids: [22] },
      ],
    });
    expect(unanswered(reader, s)).toEqual([]);
  });

  it('checks answers against the working copy in the preview', () => {
    const result = checkQuizLocally(quiz, {
      answers: [
        { question_id: 1, answer_ids: [11] },
        { question_id: 2, answer_ids: [21] },
      ],
    });
    expect(result).toEqual({
      right: 1,
      results: [
        { question_id: 1, right: true, correct_answer_ids: [11] },
        { question_id: 2, right: false, correct_answer_ids: [21, 22] },
      ],
    });
  });
});
