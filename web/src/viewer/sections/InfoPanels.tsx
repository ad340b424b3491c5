// The reader's panels that show what the map's authors wrote about it: the editor's note ("About
// this map"), the glossary index and the bibliography. Rich texts are sanitised before insertion.
import { useEffect, useId, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../api';
import type { EditorsNote, References } from '../../api/sections';
import { sanitizeRichText } from '../richText';
import { referenceAnchor } from './citations';
import { indexLetter, type GlossaryEntry } from './glossaryMarks';
import { safeLink } from './headerBar';
import { ReaderPanel } from './ReaderPanel';
import { interfaceTextIn, textIn } from './readerSections';
import styles from './Reader.module.css';

export function AboutPanel({ note, languages, onClose }: { note: EditorsNote; languages: readonly Language[]; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const text = textIn(note.text, languages);
  const members = note.team_members.filter((m) => m.name.trim() !== '');
  return (
    <ReaderPanel title={interfaceTextIn(note.label, i18n.resolvedLanguage, t('reader.about.open'))} testId="reader-about" onClose={onClose}>
      {textIn(note.title, languages) && <h3>{textIn(note.title, languages)}</h3>}
      {text && <div className={styles.rich} dangerouslySetInnerHTML={{ __html: sanitizeRichText(text) }} />}
      {members.length > 0 && (
        <>
          <h3>{t('reader.about.team')}</h3>
          <ul className={styles.team}>
            {members.map((m, i) => (
              <li key={i}>
                <strong>{m.name}</strong>
                {textIn(m.description, languages) && <span>{textIn(m.description, languages)}</span>}
              </li>
            ))}
          </ul>
        </>
      )}
    </ReaderPanel>
  );
}

/** The glossary's terms A–Z under their letters, with a jump list of the letters. */
export function GlossaryPanel({ entries, onClose }: { entries: GlossaryEntry[]; onClose: () => void }) {
  const { t } = useTranslation();
  const baseId = useId();
  const groups = useMemo(() => {
    const byLetter = new Map<string, GlossaryEntry[]>();
    for (const e of entries) {
      const letter = indexLetter(e.term);
      byLetter.set(letter, [...(byLetter.get(letter) ?? []), e]);
    }
    return [...byLetter.entries()];
  }, [entries]);
  return (
    <ReaderPanel title={t('reader.glossary.title')} testId="reader-glossary" onClose={onClose}>
      {entries.length === 0 && <p className={styles.muted}>{t('reader.glossary.empty')}</p>}
      {groups.length > 1 && (
        <nav aria-label={t('reader.glossary.letters')}>
          <ul className={styles.letters}>
            {groups.map(([letter]) => (
              <li key={letter}>
                <button
                  type="button"
                  onClick={() => {
                    const heading = document.getElementById(`${baseId}-${letter}`);
                    heading?.scrollIntoView({ block: 'start' });
                    heading?.focus();
                  }}
                >
                  {letter}
                </button>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {groups.map(([letter, items]) => (
        <section key={letter} aria-labelledby={`${baseId}-${letter}`}>
          <h3 id={`${baseId}-${letter}`} className={styles.letter} tabIndex={-1}>
            {letter}
          </h3>
          <dl className={styles.terms}>
            {items.map((e) => (
              <div key={e.index}>
                <dt>{e.term}</dt>
                <dd>
                  {e.definition ? (
                    <span className={styles.rich} dangerouslySetInnerHTML={{ __html: sanitizeRichText(e.definition) }} />
                  ) : (
                    <span className={styles.muted}>{t('reader.glossary.noDefinition')}</span>
                  )}
                </dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </ReaderPanel>
  );
}

/** The bibliography; a citation followed opens it at its entry, which takes the focus. */
export function ReferencesPanel({
  references,
  languages,
  focusKey,
  onClose,
}: {
  references: References | null;
  languages: readonly Language[];
  focusKey: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const listRef = useRef<HTMLOListElement>(null);
  const list = references?.references ?? [];
  useEffect(() => {
    if (focusKey === null) return;
    const entry = listRef.current?.querySelector<HTMLElement>(`[id="${CSS.escape(referenceAnchor(focusKey))}"]`);
    entry?.focus();
    entry?.scrollIntoView({ block: 'nearest' });
  }, [focusKey]);
  return (
    <ReaderPanel title={t('reader.references.title')} testId="reader-references" onClose={onClose}>
      {list.length === 0 && <p className={styles.muted}>{t('reader.references.empty')}</p>}
      <ol className={styles.references} ref={listRef}>
        {list.map((r) => {
          const link = safeLink(r.link);
          return (
            <li
              key={r.key}
              id={referenceAnchor(r.key)}
              tabIndex={-1}
              aria-current={r.key === focusKey ? 'true' : undefined}
              className={r.key === focusKey ? styles.cited : undefined}
            >
              <span className={styles.refKey}>[{r.key}]</span> {textIn(r.source, languages)}
              {link && (
                <>
                  {' '}
                  <a href={link} target="_blank" rel="noopener noreferrer">
                    {t('reader.references.link')}
                  </a>
                </>
              )}
            </li>
          );
        })}
      </ol>
    </ReaderPanel>
  );
}
