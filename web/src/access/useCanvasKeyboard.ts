// The canvas's keyboard (canvasKeyboard.ts) for React: made for a canvas and its renderer, with
// the live region that says which node the keyboard is on and the hint the canvas points to.
import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { Renderer } from '../map/render/renderer';
import { nodeAnnouncement } from './announcement';
import { CanvasKeyboard } from './canvasKeyboard';

export interface CanvasKeyboardState {
  keyboard: CanvasKeyboard | null;
  /** What the live region says now. */
  announcement: string;
  /** The id of the hint that the canvas's aria-describedby names. */
  hintId: string;
}

/**
 * Tab through the nodes of a canvas; `activate` is Enter on the focused node (answers whether it
 * did something). Made again when the canvas or its renderer is.
 */
export function useCanvasKeyboard(
  canvasRef: RefObject<HTMLElement | null>,
  renderer: Renderer | null,
  levels: number,
  activate: (id: number) => boolean,
): CanvasKeyboardState {
  const { t } = useTranslation();
  const [keyboard, setKeyboard] = useState<CanvasKeyboard | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const hintId = useId();
  // The latest callbacks and texts, read when a key arrives: the keyboard is made once per canvas.
  const latest = useRef({ activate, t, levels });
  useEffect(() => {
    latest.current = { activate, t, levels };
  });
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || !renderer) return;
    const kb = new CanvasKeyboard(canvas, renderer, {
      activate: (id) => latest.current.activate(id),
      onFocus: (focus) => {
        const { t: tr, levels: count } = latest.current;
        setAnnouncement(focus ? nodeAnnouncement(tr, renderer.scene, focus, renderer.state.level, count) : '');
      },
    });
    setKeyboard(kb);
    return () => {
      kb.dispose();
      setKeyboard(null);
    };
  }, [canvasRef, renderer]);
  return { keyboard, announcement, hintId };
}
