import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../api';
import type { Node } from '../../api/document';
import { NodeSearchIndex } from './nodeSearch';
import styles from './EditorSearch.module.css';

interface EditorSearchProps {
  nodes: readonly Node[];
  /** The map's languages, the one the canvas draws first. */
  languages: readonly Language[];
  /** Shows the node: at a level where it is visible, centred and selected. */
  onJump: (id: number) => void;
  onClose: () => void;
}

const LIMIT = 20;

/** Ctrl/⌘+F over the map: finds nodes by title and search terms in every language of the map. */
export function EditorSearch({ nodes, languages, onJump, onClose }: EditorSearchProps) {
  const { t } = useTranslation();
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  // Made again only when the document changes, not per keystroke.
  const index = useMemo(() => new NodeSearchIndex(nodes, languages), [nodes, languages]);
  const hits = useMemo(() => index.search(query, LIMIT), [index, query]);
  const current = Math.min(active, Math.max(0, hits.length - 1));

  useEffect(() => {
    inputRef.current?.focus();
  }, []);

  const jump = (i: number) => {
    const hit = hits[i];
    if (!hit) return;
    setActive(i);
    onJump(hit.id);
  };

  return (
    <div className={styles.search} role="search" data-testid="editor-search">
      <input
        ref={inputRef}
        type="text"
        className={styles.field}
        value={query}
        placeholder={t('editor.search.placeholder')}
        aria-label={t('editor.search.label')}
        role="combobox"
        aria-expanded={query.trim() !== ''}
        aria-controls={listId}
        aria-activedescendant={hits.length > 0 ? `${listId}-${current}` : undefined}
        data-testid="editor-search-field"
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            if (hits.length === 0) return;
            const step = e.key === 'ArrowDown' ? 1 : -1;
            setActive((current + step + hits.length) % hits.length);
          } else if (e.key === 'Enter') {
            e.preventDefault();
            jump(current);
          } else if (e.key === 'Escape') {
            e.preventDefault();
            onClose();
          }
        }}
      />
      <button type="button" className={styles.close} aria-label={t('dialog.close')} onClick={onClose}>
        ×
      </button>
      {query.trim() !== '' && (
        <ul id={listId} className={styles.hits} role="listbox" aria-label={t('editor.search.results')}>
          {hits.length === 0 && <li className={styles.none}>{t('editor.search.noResults')}</li>}
          {hits.map((hit, i) => (
            <li
              key={hit.id}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === current}
              className={i === current ? styles.current : undefined}
              data-testid="editor-search-hit"
              onMouseDown={(e) => {
                // The field keeps the focus, so that arrows and Enter go on working.
                e.preventDefault();
              }}
              onClick={() => {
                jump(i);
              }}
            >
              <span className={styles.title}>{hit.title || t('viewer.untitled')}</span>
              {hit.matchedIn && <span className={styles.language}>{t(`language.${hit.matchedIn}`)}</span>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
