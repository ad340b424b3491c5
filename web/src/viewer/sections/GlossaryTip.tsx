// What node content's marks do: a glossary term shows its definition while hovered or focused
// and on a tap (pinned until tapped again, Escape, or another term); a citation opens the
// bibliography; a blocked source's button allows external sources.
import { useId, useMemo, useState, type HTMLAttributes, type ReactNode, type SyntheticEvent } from 'react';
import { sanitizeRichText } from '../richText';
import type { GlossaryEntry } from './glossaryMarks';
import styles from './Reader.module.css';

interface Shown {
  /** The content it was shown over: another node's popup does not show it. */
  scope: number | null;
  term: number;
  box: DOMRect;
  pinned: boolean;
}

type ContentEvents = Pick<HTMLAttributes<HTMLElement>, 'onClick' | 'onMouseOver' | 'onMouseOut' | 'onFocus' | 'onBlur' | 'onKeyDown'>;

interface ContentMarks {
  /** The open node's id. */
  scope: number | null;
  glossary: GlossaryEntry[];
  onCite: (key: string) => void;
  onAllowExternal: () => void;
}

const termOf = (e: SyntheticEvent) => (e.target instanceof Element ? e.target.closest<HTMLElement>('[data-glossary]') : null);

export function useContentMarks({ scope, glossary, onCite, onAllowExternal }: ContentMarks): { events: ContentEvents; tip: ReactNode } {
  const tipId = useId();
  const [state, setShown] = useState<Shown | null>(null);
  const shown = state?.scope === scope ? state : null;
  const byIndex = useMemo(() => new Map(glossary.map((g) => [g.index, g])), [glossary]);

  const show = (el: HTMLElement, pinned: boolean) => {
    el.setAttribute('aria-describedby', tipId);
    setShown({ scope, term: Number(el.dataset.glossary), box: el.getBoundingClientRect(), pinned });
  };
  const hide = (onlyUnpinned: boolean) => {
    setShown((cur) => (cur && onlyUnpinned && cur.pinned ? cur : null));
  };

  const events: ContentEvents = {
    onClick: (e) => {
      if (!(e.target instanceof Element)) return;
      const term = termOf(e);
      if (term) {
        const same = shown?.term === Number(term.dataset.glossary) && shown.pinned;
        if (same) hide(false);
        else show(term, true);
        return;
      }
      const cite = e.target.closest<HTMLElement>('a[data-ref]');
      if (cite) {
        e.preventDefault();
        onCite(cite.dataset.ref ?? '');
        return;
      }
      if (e.target.closest('[data-allow-external]')) onAllowExternal();
    },
    onMouseOver: (e) => {
      const term = termOf(e);
      if (term && !shown?.pinned) show(term, false);
    },
    onMouseOut: (e) => {
      if (termOf(e)) hide(true);
    },
    onFocus: (e) => {
      const term = termOf(e);
      if (term) show(term, false);
    },
    onBlur: (e) => {
      if (termOf(e)) hide(false);
    },
    onKeyDown: (e) => {
      if (e.key === 'Escape' && shown) {
        // The definition goes, not the popup.
        e.stopPropagation();
        hide(false);
      }
    },
  };

  const entry = shown ? byIndex.get(shown.term) : undefined;
  const tip =
    shown && entry ? (
      <div
        id={tipId}
        role="tooltip"
        className={styles.tip}
        data-testid="glossary-tip"
        style={{
          // Below the term, or above it when the term is in the lower part of the window.
          ...(shown.box.bottom > window.innerHeight * 0.65
            ? { bottom: window.innerHeight - shown.box.top + 6 }
            : { top: shown.box.bottom + 6 }),
          left: Math.max(8, Math.min(shown.box.left, window.innerWidth - 328)),
        }}
      >
        <strong>{entry.term}</strong>
        {entry.definition && <div dangerouslySetInnerHTML={{ __html: sanitizeRichText(entry.definition) }} />}
      </div>
    ) : null;
  return { events, tip };
}
