import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/http';
import type { EditorsNote, Glossary } from '../../api/sections';
import { doc, ME, setup, sync, tick } from './storeFixtures';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const note = (title: string, over: Partial<EditorsNote> = {}): EditorsNote => ({
  shown: true,
  label: {},
  title: { en: title },
  text: {},
  team_members: [],
  ...over,
});
const glossary = (term: string): Glossary => ({ terms: [{ term: { en: term }, alternatives: {}, synonyms: {}, definition: {} }] });

/** A store whose editor's note has been read (at revision 10, titled "Start"). */
async function loaded() {
  const s = setup();
  s.api.getSection.mockResolvedValue({ ...note('Start'), revision: 10 });
  s.store.loadSection('editors_note');
  await tick();
  return s;
}

describe('sections', () => {
  it('reads a section on first use, once, and tells its subscribers', async () => {
    const { store, api, changes } = setup();
    api.getSection.mockResolvedValue({ ...note('Start'), revision: 10 });
    expect(store.section('editors_note')).toEqual({ value: null, error: null, problems: {} });
    store.loadSection('editors_note');
    store.loadSection('editors_note');
    await tick();
    expect(api.getSection).toHaveBeenCalledExactlyOnceWith(1, 'editors_note');
    expect(store.section('editors_note').value).toEqual(note('Start'));
    expect(changes.some((c) => c.sections.has('editors_note'))).toBe(true);
    // The same snapshot until something changes (what useSyncExternalStore needs).
    expect(store.section('editors_note')).toBe(store.section('editors_note'));
    store.loadSection('editors_note');
    expect(api.getSection).toHaveBeenCalledTimes(1);
  });

  it('says why a section could not be read, and tries again when asked', async () => {
    const { store, api } = setup();
    api.getSection.mockRejectedValueOnce(new ApiError(403, 'forbidden', 'no'));
    store.loadSection('glossary');
    await tick();
    expect(store.section('glossary').error?.code).toBe('forbidden');
    api.getSection.mockResolvedValueOnce({ ...glossary('Atom'), revision: 10 });
    store.loadSection('glossary');
    await tick();
    expect(store.section('glossary')).toMatchObject({ value: glossary('Atom'), error: null });
  });

  it('shows a change at once and merges consecutive changes of a section into one PUT', async () => {
    const { store, api } = await loaded();
    store.apply({ type: 'setSection', name: 'editors_note', value: note('A') });
    expect(store.section('editors_note').value?.title).toEqual({ en: 'A' });
    await vi.advanceTimersByTimeAsync(300);
    store.apply({ type: 'setSection', name: 'editors_note', value: note('AB') });
    await vi.advanceTimersByTimeAsync(699);
    expect(api.putSection).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(api.putSection).toHaveBeenCalledExactlyOnceWith(1, 'editors_note', note('AB'));
    expect(store.saveState).toEqual({ kind: 'saved' });
  });

  it('saves changes of different sections with a PUT each, and elements apart', async () => {
    const { store, api } = await loaded();
    api.getSection.mockResolvedValueOnce({ ...glossary('Atom'), revision: 10 });
    store.loadSection('glossary');
    await tick();
    store.apply({ type: 'setSection', name: 'editors_note', value: note('A') });
    store.apply({ type: 'setSection', name: 'glossary', value: glossary('Bond') });
    store.apply({ type: 'setNodeContent', id: 1, content: { en: { title: 'x' } } });
    store.apply({ type: 'setSection', name: 'glossary', value: glossary('Cell') });
    await vi.advanceTimersByTimeAsync(700);
    expect(api.putSection.mock.calls).toEqual([
      [1, 'editors_note', note('A')],
      [1, 'glossary', glossary('Bond')],
      [1, 'glossary', glossary('Cell')],
    ]);
    expect(api.patchElements).toHaveBeenCalledTimes(1);
  });

  it('undoes a change by putting back the value before it, and redoes it', async () => {
    const { store, api } = await loaded();
    store.apply({ type: 'setSection', name: 'editors_note', value: note('A') });
    store.apply({ type: 'setSection', name: 'editors_note', value: note('B') });
    await vi.advanceTimersByTimeAsync(700);
    expect(store.undo()).toBe(true);
    expect(store.section('editors_note').value?.title).toEqual({ en: 'A' });
    expect(store.undo()).toBe(true);
    expect(store.section('editors_note').value).toEqual(note('Start'));
    await vi.advanceTimersByTimeAsync(700);
    expect(api.putSection).toHaveBeenLastCalledWith(1, 'editors_note', note('Start'));
    expect(store.redo()).toBe(true);
    expect(store.section('editors_note').value?.title).toEqual({ en: 'A' });
    await vi.advanceTimersByTimeAsync(700);
    expect(api.putSection).toHaveBeenLastCalledWith(1, 'editors_note', note('A'));
  });

  it('takes another editor’s change of a section, which makes one’s own step of it stale', async () => {
    const { store, toasts, changes } = await loaded();
    store.apply({ type: 'setSection', name: 'editors_note', value: note('Mine') });
    await vi.advanceTimersByTimeAsync(700);
    store.receiveSync(sync(11, 'editors_note', { editors_note: note('Mine') }, ME));
    changes.length = 0;
    store.receiveSync(sync(12, 'editors_note', { editors_note: note('Theirs') }));
    expect(store.section('editors_note').value?.title).toEqual({ en: 'Theirs' });
    expect(changes.at(-1)?.sections.has('editors_note')).toBe(true);
    expect(store.undo()).toBe(true);
    expect(store.section('editors_note').value?.title).toEqual({ en: 'Theirs' });
    expect(toasts).toEqual([{ type: 'warning', key: 'undoStale' }]);
  });

  it('keeps a section another editor changed before it was read: the change is newer', async () => {
    const { store, api } = setup();
    const answer = Promise.resolve({ ...note('Old'), revision: 10 });
    api.getSection.mockReturnValue(answer);
    store.loadSection('editors_note');
    store.receiveSync(sync(11, 'editors_note', { editors_note: note('New') }));
    await tick();
    expect(store.section('editors_note').value?.title).toEqual({ en: 'New' });
  });

  it('rolls a refused save back and gives the panel its field problems, until a save works', async () => {
    const { store, api, toasts } = await loaded();
    api.putSection.mockRejectedValueOnce(
      new ApiError(
        400,
        'validation_failed',
        'invalid',
        { 'title.en': 'too long' },
        { 'title.en': { code: 'too_long', params: { max: 200 } } },
      ),
    );
    store.apply({ type: 'setSection', name: 'editors_note', value: note('x'.repeat(201)) });
    await vi.advanceTimersByTimeAsync(700);
    expect(store.section('editors_note').value).toEqual(note('Start'));
    expect(store.section('editors_note').problems).toEqual({ 'title.en': { code: 'too_long', params: { max: 200 } } });
    expect(toasts).toEqual([{ type: 'error', key: 'sectionError', params: { reason: 'invalid' } }]);
    store.apply({ type: 'setSection', name: 'editors_note', value: note('Short') });
    await vi.advanceTimersByTimeAsync(700);
    expect(store.section('editors_note')).toMatchObject({ value: note('Short'), problems: {} });
  });

  it('reads the sections again when a restore replaces the working copy', async () => {
    const { store, api } = await loaded();
    api.getMap.mockResolvedValue({ data: doc(11), revision: 11 });
    api.getSection.mockResolvedValue({ ...note('Restored'), revision: 11 });
    store.receiveSync(sync(11, 'state_restored', {}));
    await tick();
    expect(api.getSection).toHaveBeenCalledTimes(2);
    expect(store.section('editors_note').value?.title).toEqual({ en: 'Restored' });
    // Sections never read are not read for it.
    expect(api.getSection).not.toHaveBeenCalledWith(1, 'glossary');
  });
});
