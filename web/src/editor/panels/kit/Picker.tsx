// A search over a list of choices (the map's nodes, say): typing narrows it, choosing one hands it
// on, Escape or Cancel closes it without a choice.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../layout/Button';
import styles from './Panel.module.css';

export interface Choice {
  id: number | string;
  title: string;
}

export function Picker({
  search,
  label,
  listLabel,
  emptyText,
  onPick,
  onClose,
  testId,
}: {
  /** The choices matching what is typed. */
  search: (query: string) => readonly Choice[];
  /** The search box's name. */
  label: string;
  listLabel: string;
  emptyText: string;
  onPick: (choice: Choice) => void;
  onClose: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    input.current?.focus();
  }, []);
  const choices = search(query);
  return (
    <div
      className={styles.picker}
      data-testid={testId}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onClose();
        }
      }}
    >
      <input
        ref={input}
        type="search"
        className={styles.input}
        value={query}
        aria-label={label}
        placeholder={label}
        data-testid={`${testId}-search`}
        onChange={(e) => {
          setQuery(e.target.value);
        }}
      />
      {choices.length === 0 ? (
        <p className={styles.hint}>{emptyText}</p>
      ) : (
        <ul className={styles.pickerList} aria-label={listLabel}>
          {choices.map((c) => (
            <li key={c.id}>
              <button
                type="button"
                className={styles.pickerItem}
                onClick={() => {
                  onPick(c);
                }}
              >
                {c.title}
              </button>
            </li>
          ))}
        </ul>
      )}
      <Button size="small" variant="ghost" onClick={onClose}>
        {t('editor.sections.forms.cancel')}
      </Button>
    </div>
  );
}
