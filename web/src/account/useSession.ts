import { useSyncExternalStore } from 'react';
import { session } from './app-session';
import type { SessionState } from './session';

export function useSession(): SessionState {
  return useSyncExternalStore(session.subscribe, session.get);
}
