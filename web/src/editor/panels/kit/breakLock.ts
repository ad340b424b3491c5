import { createContext } from 'react';
import type { LockHolder } from './PanelFrame';

/** Breaks another editor's lock; provided to admins only (the server refuses others). */
export const BreakLockContext = createContext<((holder: LockHolder) => void) | null>(null);
