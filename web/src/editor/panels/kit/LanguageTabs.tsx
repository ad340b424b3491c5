// The one row of language tabs every panel with texts by language shows. The map's languages are
// data (BCP 47 tags, in the map's order), not a fixed list: each tab is named in the interface
// language by Intl.DisplayNames, and a tab whose fields have a problem carries a mark.
import { useTranslation } from 'react-i18next';
import { languageName } from './languageName';
import styles from './Panel.module.css';

export function LanguageTabs<L extends string>({
  languages,
  lang,
  onLang,
  marked = [],
  testId = 'section',
}: {
  /** The map's languages, in the order the map lists them. */
  languages: readonly L[];
  lang: L;
  onLang: (lang: L) => void;
  /** Languages with a problem in their fields: their tab is marked. */
  marked?: readonly L[];
  /** Each tab's test id is `${testId}-lang-${tag}`. */
  testId?: string;
}) {
  const { t, i18n } = useTranslation();
  if (languages.length < 2) return null;
  return (
    <div className={styles.tabs} role="tablist" aria-label={t('editor.sections.common.languages')}>
      {languages.map((l) => (
        <button
          key={l}
          type="button"
          role="tab"
          aria-selected={l === lang}
          className={[styles.tab, l === lang && styles.tabOn].filter(Boolean).join(' ')}
          data-testid={`${testId}-lang-${l}`}
          onClick={() => {
            onLang(l);
          }}
        >
          {languageName(l, i18n.language)}
          {marked.includes(l) && <span className={styles.tabMark} aria-label={t('editor.sections.common.hasProblems')} />}
        </button>
      ))}
    </div>
  );
}
