// Others' pointers over the canvas, each with its editor's initials in their visitor colour.
import { useSyncExternalStore } from 'react';
import type { Visitor } from '../../api/live';
import type { CanvasController } from '../canvas/canvasController';
import { visitorCss, visitorTextCss } from './colors';
import styles from '../Editor.module.css';

/** Others' pointers, placed over the canvas wherever the camera puts their world position. */
export function PointerLayer({ controller, others }: { controller: CanvasController; others: readonly Visitor[] }) {
  useSyncExternalStore(controller.subscribeFrame, controller.getFrame);
  return (
    <div className={styles.pointers} aria-hidden="true">
      {others.map((v) => {
        const p = controller.worldToScreen(v.pointer);
        const color = visitorCss(v.color);
        return (
          <div
            key={v.id}
            className={styles.pointer}
            style={{ transform: `translate(${Math.round(p.x)}px, ${Math.round(p.y)}px)` }}
            data-testid="remote-pointer"
          >
            <svg width="16" height="16" viewBox="0 0 16 16">
              <path d="M1 1l5 14 2-6 6-2z" fill={color} stroke="#fff" strokeWidth="1.2" strokeLinejoin="round" />
            </svg>
            <span className={styles.pointerTag} style={{ background: color, color: visitorTextCss(v.color) }}>
              {v.initials}
            </span>
          </div>
        );
      })}
    </div>
  );
}
