// Roving focus for the toolbar (the WAI-ARIA toolbar pattern): the bar is one Tab stop, and the
// arrow keys, Home and End move between its controls. The panels it opens (the shape menu,
// "More") are left alone: their controls keep their own Tab stops while open.
import { useLayoutEffect, useRef, type FocusEvent, type KeyboardEvent, type RefObject } from 'react';

const CONTROLS = 'button, select, input, a[href]';
/** Marks a panel of the bar whose controls are not part of the roving (data-roving-skip). */
const SKIP = '[data-roving-skip]';

/** The bar's own controls, in order. */
export function rovingItems(bar: HTMLElement): HTMLElement[] {
  return [...bar.querySelectorAll<HTMLElement>(CONTROLS)].filter((el) => el.closest(SKIP) === null && !el.hasAttribute('disabled'));
}

/** Gives the current control the bar's one Tab stop (the first when it is gone). */
function assign(bar: HTMLElement, current: HTMLElement | null): HTMLElement | null {
  const items = rovingItems(bar);
  const keep = current && items.includes(current) ? current : (items[0] ?? null);
  for (const el of items) el.tabIndex = el === keep ? 0 : -1;
  return keep;
}

export function useRovingFocus(bar: RefObject<HTMLElement | null>) {
  const current = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    const el = bar.current;
    if (!el) return;
    current.current = assign(el, current.current);
    // Controls come and go (the edit tools, parts moving into "More"): each new one is given -1.
    const observer = new MutationObserver(() => {
      current.current = assign(el, current.current);
    });
    observer.observe(el, { childList: true, subtree: true });
    return () => {
      observer.disconnect();
    };
  }, [bar]);

  const onFocus = (e: FocusEvent) => {
    const el = bar.current;
    if (!el || !(e.target instanceof HTMLElement) || !rovingItems(el).includes(e.target)) return;
    current.current = assign(el, e.target);
  };

  const onKeyDown = (e: KeyboardEvent) => {
    const el = bar.current;
    if (!el || !(e.target instanceof HTMLElement) || e.target.closest(SKIP) !== null) return;
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const items = rovingItems(el);
    const at = items.indexOf(e.target);
    if (at < 0) return;
    const next =
      e.key === 'ArrowRight'
        ? (at + 1) % items.length
        : e.key === 'ArrowLeft'
          ? (at - 1 + items.length) % items.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? items.length - 1
              : -1;
    if (next < 0) return;
    e.preventDefault();
    // Not the editor's shortcuts (Arrow keys nudge the selection).
    e.stopPropagation();
    const target = items[next];
    if (!target) return;
    current.current = assign(el, target);
    target.focus();
  };
  return { onFocus, onKeyDown };
}
