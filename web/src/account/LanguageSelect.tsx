import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { applyLanguage, currentLanguage } from '../i18n';
import { isLanguage, LANGUAGES } from '../i18n/language';
import styles from './LanguageSelect.module.css';

export function LanguageSelect() {
  const { t } = useTranslation();
  const id = useId();
  return (
    <span className={styles.wrap}>
      <label htmlFor={id} className={styles.label}>
        {t('language.label')}
      </label>
      <select
        id={id}
        className={styles.select}
        value={currentLanguage()}
        onChange={(event) => {
          const { value } = event.target;
          if (isLanguage(value)) void applyLanguage(value);
        }}
      >
        {LANGUAGES.map((lang) => (
          <option key={lang} value={lang} lang={lang}>
            {t(`language.${lang}`)}
          </option>
        ))}
      </select>
    </span>
  );
}
