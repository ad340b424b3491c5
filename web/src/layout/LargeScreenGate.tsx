import { useSyncExternalStore, type ReactNode } from 'react';
import { LargeScreenNotice } from './LargeScreenNotice';
import { LARGE_SCREEN_QUERY } from './screen';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(LARGE_SCREEN_QUERY);
  query.addEventListener('change', onChange);
  return () => {
    query.removeEventListener('change', onChange);
  };
}

function isLargeScreen(): boolean {
  return window.matchMedia(LARGE_SCREEN_QUERY).matches;
}

/**
 * Shows the notice instead of the app on narrow screens. The app stays mounted but hidden, so
 * that narrowing a window for a moment does not throw away what the user was doing. A screen
 * that works narrow too (the published map) says so with `narrowAllowed`.
 */
export function LargeScreenGate({ children, narrowAllowed = false }: { children: ReactNode; narrowAllowed?: boolean }) {
  const large = useSyncExternalStore(subscribe, isLargeScreen) || narrowAllowed;
  return (
    <>
      {!large && <LargeScreenNotice />}
      <div hidden={!large} className="app-root">
        {children}
      </div>
    </>
  );
}
