import { describe, expect, it } from 'vitest';
import { shortcutOf, type KeyPress } from './shortcuts';

const press = (key: string, more: Partial<KeyPress> = {}): KeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  typing: false,
  ...more,
});

describe('shortcutOf', () => {
  it('undoes and redoes with Ctrl or ⌘, suppressing the browser’s own', () => {
    expect(shortcutOf(press('z', { ctrlKey: true }))).toEqual({ action: 'undo', preventDefault: true });
    expect(shortcutOf(press('Z', { metaKey: true, shiftKey: true }))).toEqual({ action: 'redo', preventDefault: true });
    expect(shortcutOf(press('y', { ctrlKey: true }))).toEqual({ action: 'redo', preventDefault: true });
  });

  it('leaves the keys of a text field to it', () => {
    expect(shortcutOf(press('z', { ctrlKey: true, typing: true }))).toBeNull();
    expect(shortcutOf(press('Backspace', { typing: true }))).toBeNull();
    expect(shortcutOf(press('f', { typing: true }))).toBeNull();
  });

  it('zooms and fits with plain keys only', () => {
    expect(shortcutOf(press('+'))?.action).toBe('zoomIn');
    expect(shortcutOf(press('-'))?.action).toBe('zoomOut');
    expect(shortcutOf(press('f'))).toEqual({ action: 'fit', preventDefault: false });
    expect(shortcutOf(press('-', { ctrlKey: true }))).toBeNull();
  });

  it('deletes with Delete and Backspace, and knows Esc and ?', () => {
    expect(shortcutOf(press('Delete'))?.action).toBe('delete');
    expect(shortcutOf(press('Backspace'))).toEqual({ action: 'delete', preventDefault: true });
    expect(shortcutOf(press('Escape'))?.action).toBe('escape');
    expect(shortcutOf(press('?'))?.action).toBe('help');
    expect(shortcutOf(press('q'))).toBeNull();
  });

  it('opens the map search instead of the browser’s find, from a text field too', () => {
    expect(shortcutOf(press('f', { ctrlKey: true }))).toEqual({ action: 'search', preventDefault: true });
    expect(shortcutOf(press('F', { metaKey: true, typing: true }))).toEqual({ action: 'search', preventDefault: true });
  });

  it('selects all with Ctrl/⌘+A and nudges with the arrow keys, not in a text field', () => {
    expect(shortcutOf(press('a', { ctrlKey: true }))).toEqual({ action: 'selectAll', preventDefault: true });
    expect(shortcutOf(press('A', { metaKey: true }))?.action).toBe('selectAll');
    expect(shortcutOf(press('ArrowLeft'))).toEqual({ action: 'nudge', preventDefault: true });
    expect(shortcutOf(press('ArrowDown', { shiftKey: true }))?.action).toBe('nudge');
    expect(shortcutOf(press('ArrowUp', { typing: true }))).toBeNull();
    expect(shortcutOf(press('a', { ctrlKey: true, typing: true }))).toBeNull();
  });
});
