import { useCallback, useMemo, useState } from 'react';
import type { Language } from '../../api/types';
import { currentLanguage } from '../../i18n';
import { withFirst } from '../../map/nodeLink';
import { addressWithLanguage, effectiveCanvasLanguage, initialCanvasLanguage, mapLanguagesOf } from './canvasLanguage';

export interface CanvasLanguage {
  /** The language the canvas opened on (the canvas is made with it, so it never changes). */
  initial: Language;
  /** The language the canvas shows and edits now. */
  language: Language;
  /** The map's languages with the shown one first: the order the canvas draws titles in. */
  languages: Language[];
  /** The map's languages, for the switch. */
  mapLanguages: Language[];
  choose: (language: Language) => void;
}

/** The canvas's language: opened from lang= (or the interface's), switched in the toolbar, kept in lang=. */
export function useCanvasLanguage(mapLanguages: readonly Language[], linkLanguage: Language | null): CanvasLanguage {
  const [initial] = useState(() => initialCanvasLanguage(linkLanguage, currentLanguage(), mapLanguages));
  const [chosen, setChosen] = useState(initial);
  const all = useMemo(() => mapLanguagesOf(mapLanguages), [mapLanguages]);
  const language = effectiveCanvasLanguage(chosen, all);
  const languages = useMemo(() => withFirst(all, language), [all, language]);
  const choose = useCallback((next: Language) => {
    setChosen(next);
    // Not a navigation: the router (and its guard for unsaved content) is not involved.
    window.history.replaceState(window.history.state, '', addressWithLanguage(window.location.href, next));
  }, []);
  return { initial, language, languages, mapLanguages: all, choose };
}
