import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { patchUser, type Language, type User } from '../api';
import { session } from '../account/app-session';
import { applyLanguage, currentLanguage } from '../i18n';
import { isLanguage, LANGUAGES } from '../i18n/language';
import { toasts } from './toasts';
import styles from './TopBar.module.css';

/** Switches the interface at once and keeps the choice in the user's record. */
export function UserLanguageSelect({ user }: { user: User }) {
  const { t, i18n } = useTranslation();
  const [saving, setSaving] = useState(false);

  async function choose(language: Language) {
    await applyLanguage(language);
    setSaving(true);
    try {
      const updated = await patchUser(user.id, { language });
      session.updateUser(updated);
      // In the language just chosen, not the one this render started with.
      toasts.success(i18n.t('language.saved'));
    } catch {
      toasts.error(i18n.t('language.saveFailed'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <label className={styles.language}>
      <span className="visually-hidden">{t('language.label')}</span>
      <svg className={styles.globe} viewBox="0 0 20 20" aria-hidden="true" focusable="false">
        <circle cx="10" cy="10" r="7.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
        <path
          d="M2.5 10h15M10 2.5c2.2 2.2 3 4.7 3 7.5s-.8 5.3-3 7.5M10 2.5C7.8 4.7 7 7.2 7 10s.8 5.3 3 7.5"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
        />
      </svg>
      <select
        className={styles.languageSelect}
        data-testid="language-select"
        value={currentLanguage()}
        aria-busy={saving || undefined}
        onChange={(event) => {
          const { value } = event.target;
          if (isLanguage(value)) void choose(value);
        }}
      >
        {LANGUAGES.map((lang) => (
          <option key={lang} value={lang} lang={lang}>
            {t(`language.${lang}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
