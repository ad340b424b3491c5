import { useEffect, useLayoutEffect, useState, type RefObject } from 'react';

/**
 * Whether the bar is too full: a child reaches past its content box (the bar never wraps), or a
 * child marked `data-squeezable` (the map's name) is cut short below its own maximum width.
 */
export function overflows(bar: HTMLElement): boolean {
  const box = bar.getBoundingClientRect();
  const right = box.right - parseFloat(getComputedStyle(bar).paddingRight || '0');
  for (const child of Array.from(bar.children)) {
    if (child.getBoundingClientRect().right > right + 0.5) return true;
    if (child instanceof HTMLElement && child.dataset.squeezable !== undefined && squeezed(child)) return true;
  }
  return false;
}

function squeezed(el: HTMLElement): boolean {
  const max = parseFloat(getComputedStyle(el).maxWidth);
  const capped = Number.isFinite(max) && el.clientWidth >= max - 0.5;
  return !capped && el.scrollWidth > el.clientWidth + 0.5;
}

/**
 * How many of the bar's `max` collapsible parts to move into its "More" panel so the rest fits.
 * It starts from none collapsed whenever the bar's width or its `content` (the interface language,
 * the map's name, who is here) change, and collapses one more per layout pass while the bar
 * overflows: those passes run before the browser paints, so the bar is never seen overflowing.
 */
export function useCollapsed(bar: RefObject<HTMLElement | null>, max: number, content: string): number {
  const [width, setWidth] = useState(0);
  const key = `${width}\u0000${content}`;
  const [fit, setFit] = useState({ key, collapsed: 0 });
  if (fit.key !== key) setFit({ key, collapsed: 0 });

  useEffect(() => {
    const el = bar.current;
    if (!el) return;
    const observer = new ResizeObserver((entries) => {
      setWidth(Math.round(entries[0]?.contentRect.width ?? 0));
    });
    observer.observe(el);
    return () => {
      observer.disconnect();
    };
  }, [bar]);

  useLayoutEffect(() => {
    const el = bar.current;
    if (!el || fit.key !== key || fit.collapsed >= max) return;
    // Measuring before paint is what useLayoutEffect is for; the rule cannot see that the
    // state comes from the DOM (facebook/react#34858).
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (overflows(el)) setFit({ key, collapsed: fit.collapsed + 1 });
  }, [bar, fit, key, max]);
  return fit.key === key ? fit.collapsed : 0;
}
