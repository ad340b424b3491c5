import type { CommandIcon as IconName } from './commandTable';

/** Stroke paths on a 24-unit grid for the commands' icons. */
const STROKES: Record<Exclude<IconName, 'minimap' | 'select' | 'connect'>, string> = {
  undo: 'M9 14L4 9l5-5M4 9h10.5a5.5 5.5 0 0 1 0 11H11',
  redo: 'M15 14l5-5-5-5M20 9H9.5a5.5 5.5 0 0 0 0 11H13',
  clone: 'M9 9h11v11H9zM5 15H4V4h11v1',
  delete: 'M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13M10 11v6M14 11v6',
  fit: 'M4 9V4h5M15 4h5v5M20 15v5h-5M9 20H4v-5',
  zoomIn: 'M5 12h14M12 5v14',
  zoomOut: 'M5 12h14',
};

export function CommandIcon({ icon }: { icon: IconName }) {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {icon === 'select' ? (
        <path d="M5 3l13 9-6 1.5L9 20z" fill="currentColor" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
      ) : icon === 'connect' ? (
        <>
          <circle cx="5" cy="18" r="3" fill="none" stroke="currentColor" strokeWidth="1.8" />
          <circle cx="19" cy="6" r="3" fill="none" stroke="currentColor" strokeWidth="1.8" />
          <path d="M7.5 15.5l9-7" stroke="currentColor" strokeWidth="1.8" />
        </>
      ) : icon === 'minimap' ? (
        <>
          <rect x="3" y="5" width="18" height="14" rx="1.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
          <rect x="12" y="11" width="6" height="5" fill="currentColor" />
        </>
      ) : (
        <path d={STROKES[icon]} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
      )}
    </svg>
  );
}
