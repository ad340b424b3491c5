// The reader's bar over the map: the map's name, search, the level shown, zoom, the outline and
// the map's language.
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../api';
import type { Node } from '../api/document';
import { Button } from '../layout/Button';
import { searchNodes } from './search';
import styles from './Viewer.module.css';

interface ViewerBarProps {
  name: string;
  nodes: readonly Node[];
  languages: readonly Language[];
  /** A search hit was chosen. */
  onFind: (id: number) => void;
  level: number;
  levels: number;
  onZoom: (factor: number) => void;
  onFit: () => void;
  showOutline: boolean;
  onToggleOutline: () => void;
  mapLanguages: readonly Language[];
  language: Language;
  onLanguage: (language: Language) => void;
}

export function ViewerBar(props: ViewerBarProps) {
  const { t } = useTranslation();
  const { name, level, levels, mapLanguages, language } = props;
  return (
    <header className={styles.bar}>
      <h1 className={styles.name} title={name}>
        {name}
      </h1>
      <MapSearch nodes={props.nodes} languages={props.languages} onFind={props.onFind} />
      <span className={styles.level} data-testid="viewer-level">
        {t('editor.level.option', { level, count: levels })}
      </span>
      <div className={styles.zoom} role="group" aria-label={t('editor.zoom.label')}>
        <Button
          size="small"
          variant="secondary"
          aria-label={t('editor.zoom.out')}
          onClick={() => {
            props.onZoom(0.5);
          }}
        >
          −
        </Button>
        <Button
          size="small"
          variant="secondary"
          aria-label={t('editor.zoom.in')}
          onClick={() => {
            props.onZoom(2);
          }}
        >
          +
        </Button>
        <Button size="small" variant="secondary" onClick={props.onFit}>
          {t('editor.zoom.fit')}
        </Button>
      </div>
      <Button
        size="small"
        variant="secondary"
        aria-pressed={props.showOutline}
        data-testid="outline-toggle"
        onClick={props.onToggleOutline}
      >
        {t('access.outline.button')}
      </Button>
      {mapLanguages.length > 1 && (
        <label className={styles.language}>
          <span>{t('viewer.language')}</span>
          <select
            value={language}
            data-testid="viewer-language"
            onChange={(e) => {
              props.onLanguage(e.target.value as Language);
            }}
          >
            {mapLanguages.map((l) => (
              <option key={l} value={l}>
                {t(`language.${l}`)}
              </option>
            ))}
          </select>
        </label>
      )}
    </header>
  );
}

/** Search by title and search terms; a hit chosen empties the field. */
function MapSearch({ nodes, languages, onFind }: Pick<ViewerBarProps, 'nodes' | 'languages' | 'onFind'>) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const hits = useMemo(() => searchNodes(nodes, query, languages, 8), [nodes, query, languages]);
  return (
    <div className={styles.search}>
      <input
        type="search"
        value={query}
        placeholder={t('viewer.searchPlaceholder')}
        aria-label={t('viewer.search')}
        data-testid="viewer-search"
        onChange={(e) => {
          setQuery(e.target.value);
        }}
      />
      {query.trim() !== '' && (
        <ul className={styles.hits} role="listbox" aria-label={t('viewer.results')}>
          {hits.length === 0 && <li className={styles.noHits}>{t('viewer.noResults')}</li>}
          {hits.map((h) => (
            <li key={h.id}>
              <button
                type="button"
                onClick={() => {
                  setQuery('');
                  onFind(h.id);
                }}
              >
                {h.title}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
