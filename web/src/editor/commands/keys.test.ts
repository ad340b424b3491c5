import { describe, expect, it } from 'vitest';
import type { KeyPress } from './keys';
import { commandForKey } from './useCommandKeys';

/** The command id a press finds and whether the browser's meaning is suppressed, as the old shortcutOf answered. */
function shortcutOf(e: KeyPress): { action: string; preventDefault: boolean } | null {
  const found = commandForKey(e);
  return found && { action: found.command.id, preventDefault: found.preventDefault };
}

const press = (key: string, more: Partial<KeyPress> = {}): KeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  typing: false,
  ...more,
});

describe('the command a key press finds', () => {
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
    expect(shortcutOf(press('-', { ctrlKey: true, typing: true }))).toBeNull();
  });

  it('zooms the map, not the page, with Ctrl/⌘ + and −', () => {
    expect(shortcutOf(press('=', { ctrlKey: true, code: 'Equal' }))).toEqual({ action: 'zoomIn', preventDefault: true });
    expect(shortcutOf(press('+', { metaKey: true, shiftKey: true }))).toEqual({ action: 'zoomIn', preventDefault: true });
    expect(shortcutOf(press('-', { ctrlKey: true }))).toEqual({ action: 'zoomOut', preventDefault: true });
    expect(shortcutOf(press('0', { ctrlKey: true, code: 'Digit0' }))).toEqual({ action: 'zoomActualSize', preventDefault: true });
  });

  it('fits, zooms to the selection and to 100 % with Shift and a digit, whatever the layout types', () => {
    // US: Shift+1 types '!'; French: '1'; German: Shift+0 types '='.
    expect(shortcutOf(press('!', { shiftKey: true, code: 'Digit1' }))).toEqual({ action: 'fit', preventDefault: true });
    expect(shortcutOf(press('1', { shiftKey: true, code: 'Digit1' }))?.action).toBe('fit');
    expect(shortcutOf(press('@', { shiftKey: true, code: 'Digit2' }))?.action).toBe('zoomToSelection');
    expect(shortcutOf(press('=', { shiftKey: true, code: 'Digit0' }))?.action).toBe('zoomActualSize');
    expect(shortcutOf(press('1', { code: 'Digit1' }))).toBeNull();
  });

  it('chooses a tool with V, N and C, leaving Ctrl/⌘+C and V to the clipboard', () => {
    expect(shortcutOf(press('v'))?.action).toBe('toolSelect');
    expect(shortcutOf(press('n'))?.action).toBe('toolAddNode');
    expect(shortcutOf(press('C', { shiftKey: true }))?.action).toBe('toolConnect');
    expect(shortcutOf(press('c', { ctrlKey: true }))?.action).not.toBe('toolConnect');
    expect(shortcutOf(press('v', { metaKey: true }))?.action).not.toBe('toolSelect');
    expect(shortcutOf(press('n', { typing: true }))).toBeNull();
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

  it('edits the selected node’s title with Enter, but not from a text field or with a modifier', () => {
    expect(shortcutOf(press('Enter'))).toEqual({ action: 'editTitle', preventDefault: false });
    expect(shortcutOf(press('Enter', { typing: true }))).toBeNull();
    expect(shortcutOf(press('Enter', { ctrlKey: true }))).toBeNull();
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
