// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePopover } from './usePopover';

function Menu() {
  const { open, toggle, root, onKeyDown } = usePopover();
  return (
    <div ref={root} onKeyDown={onKeyDown} data-testid="menu">
      <button type="button" data-testid="opener" onClick={toggle}>
        open
      </button>
      {open && (
        <button type="button" data-testid="item">
          item
        </button>
      )}
    </div>
  );
}

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let host: HTMLDivElement;
let outside: HTMLButtonElement;
let root: Root;
const $ = (id: string) => host.querySelector<HTMLElement>(`[data-testid="${id}"]`);

beforeEach(() => {
  host = document.createElement('div');
  outside = document.createElement('button');
  document.body.append(host, outside);
  root = createRoot(host);
  act(() => {
    root.render(<Menu />);
  });
});

afterEach(() => {
  act(() => {
    root.unmount();
  });
  host.remove();
  outside.remove();
});

const press = (el: Element) => {
  act(() => {
    el.dispatchEvent(new MouseEvent('pointerdown', { bubbles: true }));
  });
};
const escape = (el: Element) => {
  const e = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true });
  act(() => {
    el.dispatchEvent(e);
  });
  return e;
};

describe('usePopover', () => {
  it('opens and closes from its opener', () => {
    act(() => $('opener')?.click());
    expect($('item')).not.toBeNull();
    act(() => $('opener')?.click());
    expect($('item')).toBeNull();
  });

  it('closes on a press outside, not on one inside', () => {
    act(() => $('opener')?.click());
    const item = $('item');
    if (!item) throw new Error('not open');
    press(item);
    expect($('item')).not.toBeNull();
    press(outside);
    expect($('item')).toBeNull();
  });

  it('closes on Esc, keeps the Esc from the canvas and gives the focus back to the opener', () => {
    const onCanvas = vi.fn();
    document.addEventListener('keydown', onCanvas);
    act(() => $('opener')?.click());
    const item = $('item');
    if (!item) throw new Error('not open');
    item.focus();
    escape(item);
    expect($('item')).toBeNull();
    expect(document.activeElement).toBe($('opener'));
    expect(onCanvas).not.toHaveBeenCalled();
    // Closed, an Esc is the canvas's again.
    const opener = $('opener');
    if (opener) escape(opener);
    expect(onCanvas).toHaveBeenCalledTimes(1);
    document.removeEventListener('keydown', onCanvas);
  });
});
