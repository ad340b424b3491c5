// A tooltip that keyboard and touch users see too: shown while its trigger is hovered, focused
// or long-pressed, and always named as the trigger's description (aria-describedby), so that a
// disabled option can say why. Native title tooltips show only to a mouse.
import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type CSSProperties,
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import styles from './Tooltip.module.css';

/** How long a finger rests on the trigger before the tooltip shows. */
const LONG_PRESS_MS = 500;

export interface TooltipTrigger {
  'aria-describedby': string;
  onPointerEnter: (e: PointerEvent) => void;
  onPointerLeave: () => void;
  onPointerDown: (e: PointerEvent) => void;
  onPointerUp: () => void;
  onPointerCancel: () => void;
  onFocus: (e: FocusEvent) => void;
  onBlur: () => void;
  onKeyDown: (e: KeyboardEvent) => void;
}

/** The props for the trigger and the tooltip element to render beside it. */
export function useTooltip(text: string): { trigger: TooltipTrigger; tooltip: React.ReactElement } {
  const id = useId();
  const [at, setAt] = useState<CSSProperties | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const show = useCallback((el: Element) => {
    // Fixed, from the trigger's place: a scrolled or clipped container (the side menu) cannot cut it off.
    // In the window's right half it hangs to the left of the trigger's right edge, so it stays inside.
    const r = el.getBoundingClientRect();
    const top = r.bottom + 6;
    setAt(r.left > window.innerWidth / 2 ? { right: Math.max(4, window.innerWidth - r.right), top } : { left: Math.max(4, r.left), top });
  }, []);
  const hide = useCallback(() => {
    window.clearTimeout(timer.current);
    setAt(null);
  }, []);
  useEffect(() => hide, [hide]);
  const trigger: TooltipTrigger = {
    'aria-describedby': id,
    onPointerEnter: (e) => {
      if (e.pointerType === 'mouse') show(e.currentTarget);
    },
    onPointerLeave: hide,
    onPointerDown: (e) => {
      if (e.pointerType === 'mouse') return;
      const el = e.currentTarget;
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => {
        show(el);
      }, LONG_PRESS_MS);
    },
    onPointerUp: () => {
      window.clearTimeout(timer.current);
    },
    onPointerCancel: hide,
    onFocus: (e) => {
      show(e.currentTarget);
    },
    onBlur: hide,
    onKeyDown: (e) => {
      if (e.key === 'Escape' && at) hide();
    },
  };
  const tooltip = (
    <span id={id} role="tooltip" className={styles.tooltip} style={at ?? undefined} hidden={at === null} data-testid="tooltip">
      {text}
    </span>
  );
  return { trigger, tooltip };
}
