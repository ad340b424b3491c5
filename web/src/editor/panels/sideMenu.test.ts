import { describe, expect, it } from 'vitest';
import { MENU_OPTIONS, canOpen, optionState, panelOf, toggleOption } from './sideMenu';
import { lockHolder, othersLocks, othersSectionLocks } from '../session/presence';

const option = (id: string) => {
  const o = MENU_OPTIONS.find((m) => m.id === id);
  if (!o) throw new Error(id);
  return o;
};

describe('side menu', () => {
  it('lists every option once, in the three groups', () => {
    const ids = MENU_OPTIONS.map((o) => o.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(MENU_OPTIONS.map((o) => o.group))).toEqual(new Set(['create', 'organize', 'manage']));
  });

  it('offers the working options, and the rest as coming with the design tools', () => {
    const none = new Map();
    expect(optionState(option('addNode'), 'student', true, none)).toEqual({ kind: 'available' });
    expect(optionState(option('edgeConnection'), 'student', true, none)).toEqual({ kind: 'available' });
    expect(optionState(option('layers'), 'student', true, none)).toEqual({ kind: 'available' });
    expect(optionState(option('textOnMap'), 'student', true, none)).toEqual({ kind: 'later' });
    for (const [id, panel] of [
      ['editorsNote', 'editorsNote'],
      ['glossary', 'glossary'],
      ['sources', 'references'],
      ['headerBar', 'headerBar'],
    ] as const) {
      expect(optionState(option(id), 'student', true, none)).toEqual({ kind: 'available' });
      expect(panelOf(option(id).id)).toBe(panel);
    }
    for (const id of ['nodeDesign', 'nodeVisibility', 'edgeDesign', 'edgeVisibility']) {
      expect(optionState(option(id), 'student', true, none)).toEqual({ kind: 'available' });
      expect(panelOf(option(id).id)).toBe(id);
    }
    expect(panelOf('edgeConnection')).toBeNull();
    expect(panelOf(null)).toBeNull();
  });

  it('needs the editor role for quiz, table of contents, map URL and access', () => {
    for (const id of ['quiz', 'tableOfContents', 'mapUrl', 'mapAccess']) {
      expect(optionState(option(id), 'student', true, new Map())).toEqual({ kind: 'needsRole', role: 'editor' });
      expect(optionState(option(id), 'editor', true, new Map()).kind).not.toBe('needsRole');
    }
    expect(optionState(option('addNode'), 'admin', false, new Map()).kind).toBe('needsRole');
  });

  it('opens the versions for students and the protocol only for admins', () => {
    expect(optionState(option('versions'), 'student', true, new Map())).toEqual({ kind: 'available' });
    expect(panelOf('versions')).toBe('versions');
    expect(optionState(option('protocol'), 'editor', true, new Map())).toEqual({ kind: 'needsRole', role: 'admin' });
    expect(optionState(option('protocol'), 'admin', true, new Map())).toEqual({ kind: 'available' });
    expect(optionState(option('protocol'), 'superuser', true, new Map())).toEqual({ kind: 'available' });
    expect(panelOf('protocol')).toBe('protocol');
    expect(option('protocol').group).toBe('manage');
  });

  it('marks an option another editor holds with their colour', () => {
    expect(optionState(option('mapSettings'), 'editor', true, new Map([['map', '#e8772e']]))).toEqual({
      kind: 'lockedByOther',
      color: '#e8772e',
    });
  });

  it('opens a section another editor holds (read-only)', () => {
    const held = new Map([
      ['map', '#e8772e'],
      ['glossary', '#e8772e'],
      ['media_asset', '#e8772e'],
    ] as const);
    const design = option('nodeDesign');
    expect(canOpen(design, optionState(design, 'student', true, new Map()))).toBe(true);
    const glossary = option('glossary');
    const state = optionState(glossary, 'student', true, held);
    expect(state.kind).toBe('lockedByOther');
    expect(canOpen(glossary, state)).toBe(true);
    // The media library too: browsed while another editor changes it.
    const media = option('mediaAssets');
    expect(optionState(media, 'student', true, held)).toEqual({ kind: 'lockedByOther', color: '#e8772e' });
    expect(canOpen(media, optionState(media, 'student', true, held))).toBe(true);
    expect(canOpen(option('quiz'), optionState(option('quiz'), 'student', true, held))).toBe(false);
  });

  it('closes the open option when it is chosen again', () => {
    expect(toggleOption(null, 'layers')).toBe('layers');
    expect(toggleOption('layers', 'layers')).toBeNull();
    expect(toggleOption('layers', 'addNode')).toBe('addNode');
  });
});

describe('locks of others', () => {
  const locks = [
    { elem_type: 'node', elem_id: '4', user_id: 2, lock_extent: 'appearance', color: 'sea' },
    { elem_type: 'node', elem_id: '5', user_id: 1, lock_extent: 'appearance', color: 'orange' },
    { elem_type: 'map', elem_id: '1', user_id: 2, lock_extent: 'appearance', color: 'sea' },
  ] as const;

  it('leaves out the own locks and keeps the holder’s colour', () => {
    expect([...othersLocks(locks, 1, 'node')]).toEqual([[4, '#1f8fa6']]);
    expect([...othersSectionLocks(locks, 1)]).toEqual([['map', '#1f8fa6']]);
  });

  it('names the holder of a lock that is not one’s own', () => {
    const others = [{ id: 2, name: 'Ada', initials: 'A', color: 'sea' as const, pointer: { x: 0, y: 0 } }];
    expect(lockHolder(locks, 1, others, 'node', 4)).toEqual({ name: 'Ada', color: '#1f8fa6', elemType: 'node', elemId: '4' });
    expect(lockHolder(locks, 1, others, 'map', '1')).toEqual({ name: 'Ada', color: '#1f8fa6', elemType: 'map', elemId: '1' });
    expect(lockHolder(locks, 1, others, 'node', 5)).toBeNull();
    expect(lockHolder(locks, 2, others, 'node', 4)).toBeNull();
  });
});

describe('the table of contents, social sharing, cookie consent and quizzes', () => {
  it('open their panels under their section locks, toc and quizzes for editors', () => {
    const none = new Map();
    const opened = [
      ['tableOfContents', 'tableOfContents', 'table_of_contents', 'editor'],
      ['socialNetworks', 'socialSharing', 'social_sharing', 'student'],
      ['cookieConsent', 'cookieConsent', 'cookie_consent', 'student'],
      ['quiz', 'quiz', 'quiz', 'editor'],
      // The list and one quiz are one panel: the quiz being edited stays when they switch.
      ['quizForm', 'quiz', 'quiz', 'editor'],
    ] as const;
    for (const [id, panel, lock, role] of opened) {
      expect(optionState(option(id), role, true, none)).toEqual({ kind: 'available' });
      expect(panelOf(id)).toBe(panel);
      expect(option(id).lock).toBe(lock);
    }
    expect(optionState(option('quizForm'), 'student', true, none)).toEqual({ kind: 'needsRole', role: 'editor' });
    const held = optionState(option('quiz'), 'editor', true, new Map([['quiz', '#e8772e']]));
    expect(held).toEqual({ kind: 'lockedByOther', color: '#e8772e' });
    expect(canOpen(option('quiz'), held)).toBe(true);
  });
});
