// The reader's cookie consent for one map: what they allowed beyond the necessary storage. When
// the map asks for consent, nothing is stored about the choice until the reader makes it.
import type { CookieConsent } from '../../api/sections';

/** The categories a reader may allow; the necessary one always is. */
export type ConsentCategory = 'external' | 'statistics';
export type ConsentChoice = Record<ConsentCategory, boolean>;

export type ConsentState =
  /** The map does not ask: everything is allowed. */
  | { kind: 'off' }
  /** It asks and the reader has not answered yet: only the necessary. */
  | { kind: 'undecided' }
  | { kind: 'decided'; choice: ConsentChoice };

export const ALL: ConsentChoice = { external: true, statistics: true };
export const NECESSARY_ONLY: ConsentChoice = { external: false, statistics: false };

export type ConsentStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** The key a map address's choice is kept under. */
export const consentKey = (mapKey: string) => `strata:consent:${mapKey}`;

function parseChoice(raw: string | null): ConsentChoice | null {
  if (raw === null) return null;
  try {
    const v = JSON.parse(raw) as unknown;
    if (typeof v !== 'object' || v === null) return null;
    const { external, statistics } = v as Record<string, unknown>;
    if (typeof external !== 'boolean' || typeof statistics !== 'boolean') return null;
    return { external, statistics };
  } catch {
    return null;
  }
}

/** Where the reader stands as the map opens: their kept choice, if the map asks at all. */
export function initialConsent(consent: CookieConsent | null, storage: ConsentStorage | null, mapKey: string): ConsentState {
  if (!consent?.enabled) return { kind: 'off' };
  let stored: string | null;
  try {
    stored = storage?.getItem(consentKey(mapKey)) ?? null;
  } catch {
    stored = null;
  }
  const choice = parseChoice(stored);
  return choice ? { kind: 'decided', choice } : { kind: 'undecided' };
}

export function allows(state: ConsentState, category: ConsentCategory): boolean {
  if (state.kind === 'off') return true;
  return state.kind === 'decided' && state.choice[category];
}

/** The reader's answer: kept for the map's address (it is what they consented to). */
export function decide(state: ConsentState, choice: ConsentChoice, storage: ConsentStorage | null, mapKey: string): ConsentState {
  if (state.kind === 'off') return state;
  try {
    storage?.setItem(consentKey(mapKey), JSON.stringify(choice));
  } catch {
    // Storage refused (a private mode, a frame of another site): the choice holds for this visit.
  }
  return { kind: 'decided', choice };
}

/** One category allowed on top of what was chosen (the placeholder's button). */
export function allowCategory(
  state: ConsentState,
  category: ConsentCategory,
  storage: ConsentStorage | null,
  mapKey: string,
): ConsentState {
  if (state.kind === 'off') return state;
  const current = state.kind === 'decided' ? state.choice : NECESSARY_ONLY;
  return decide(state, { ...current, [category]: true }, storage, mapKey);
}

/** Does the banner ask? Only while the map asks and the reader has not answered. */
export const asking = (state: ConsentState) => state.kind === 'undecided';
