import { useTranslation } from 'react-i18next';
import type { Language } from '../../api/types';
import styles from './InText.module.css';

/** The toolbar's choice of the language the canvas shows and edits; only for maps of several languages. */
export function CanvasLanguageSwitch({
  language,
  languages,
  onChoose,
}: {
  language: Language;
  languages: readonly Language[];
  onChoose: (language: Language) => void;
}) {
  const { t } = useTranslation();
  if (languages.length < 2) return null;
  return (
    <label className={styles.languageSwitch} title={t('editor.canvasLanguage.hint')}>
      {t('editor.canvasLanguage.label')}
      <select
        value={language}
        data-testid="canvas-language"
        onChange={(e) => {
          onChoose(e.target.value as Language);
        }}
      >
        {languages.map((l) => (
          <option key={l} value={l}>
            {t(`language.${l}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
