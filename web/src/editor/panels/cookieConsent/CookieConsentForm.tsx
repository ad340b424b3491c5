// Cookie consent's form (account-area §3): whether readers are asked, the banner's title and
// text, the three categories with label and description per language, and the imprint and
// privacy-policy links. A controlled form.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldProblems } from '../../../api/http';
import type { CookieConsent } from '../../../api/sections';
import type { Language } from '../../../api/types';
import { COOKIE_CATEGORIES, withCategoryText, type CookieUrlField } from './cookieForm';
import { useServerProblemText } from '../kit/useServerProblemText';
import sidebar from '../kit/Panel.module.css';
import { LanguageTabs } from '../kit/LanguageTabs';
import { firstLanguage, isHttpUrl, languagesWithProblems, LIMITS, textIn, withText } from '../kit/checks';
import { DraftTextField } from '../kit/fields';

const URL_FIELDS: readonly CookieUrlField[] = ['imprint_url', 'privacy_policy_url'];

export function CookieConsentForm({
  value,
  onChange,
  readOnly,
  languages,
  canvasLanguage,
  problems,
}: {
  value: CookieConsent;
  onChange: (next: CookieConsent) => void;
  readOnly: boolean;
  languages: readonly Language[];
  /** The canvas's language: the form opens on its tab when the map has it. */
  canvasLanguage?: Language;
  problems: FieldProblems;
}) {
  const { t, i18n } = useTranslation();
  const [lang, setLang] = useState<Language>(() => firstLanguage(languages, canvasLanguage, i18n.language));
  const serverText = useServerProblemText(problems);
  const set = (patch: Partial<CookieConsent>) => {
    onChange({ ...value, ...patch });
  };
  return (
    <>
      <label className={sidebar.check}>
        <input
          type="checkbox"
          checked={value.enabled}
          disabled={readOnly}
          data-testid="cookies-enabled"
          onChange={(e) => {
            set({ enabled: e.target.checked });
          }}
        />
        {t('editor.sections.cookies.enabled')}
      </label>
      <p className={sidebar.hint}>{t('editor.sections.cookies.enabledHint')}</p>
      <LanguageTabs
        languages={languages}
        lang={lang}
        onLang={setLang}
        marked={languagesWithProblems(problems, languages)}
        testId="cookies"
      />
      <fieldset className={sidebar.group} lang={lang}>
        <legend className={sidebar.legend}>{t('editor.sections.cookies.banner')}</legend>
        <div className={sidebar.form}>
          <DraftTextField
            label={t('editor.sections.cookies.title')}
            value={textIn(value.title, lang)}
            readOnly={readOnly}
            max={LIMITS.label}
            testId="cookies-title"
            problem={serverText(`title.${lang}`)}
            onCommit={(s) => {
              set({ title: withText(value.title, lang, s) });
            }}
          />
          <DraftTextField
            label={t('editor.sections.cookies.text')}
            value={textIn(value.text, lang)}
            readOnly={readOnly}
            max={LIMITS.description}
            multiline
            testId="cookies-text"
            problem={serverText(`text.${lang}`)}
            onCommit={(s) => {
              set({ text: withText(value.text, lang, s) });
            }}
          />
        </div>
      </fieldset>
      {COOKIE_CATEGORIES.map((c) => (
        <fieldset key={c} className={sidebar.group} lang={lang} data-testid={`cookies-${c}`}>
          <legend className={sidebar.legend}>{t(`editor.sections.cookies.category.${c}`)}</legend>
          <p className={sidebar.hint}>{t(`editor.sections.cookies.categoryHint.${c}`)}</p>
          <div className={sidebar.form}>
            <DraftTextField
              label={t('editor.sections.cookies.label')}
              value={textIn(value[c].label, lang)}
              readOnly={readOnly}
              max={LIMITS.label}
              testId={`cookies-${c}-label`}
              problem={serverText(`${c}.label.${lang}`)}
              onCommit={(s) => {
                onChange(withCategoryText(value, c, 'label', lang, s));
              }}
            />
            <DraftTextField
              label={t('editor.sections.cookies.description')}
              value={textIn(value[c].description, lang)}
              readOnly={readOnly}
              max={LIMITS.description}
              multiline
              testId={`cookies-${c}-description`}
              problem={serverText(`${c}.description.${lang}`)}
              onCommit={(s) => {
                onChange(withCategoryText(value, c, 'description', lang, s));
              }}
            />
          </div>
        </fieldset>
      ))}
      <fieldset className={sidebar.group}>
        <legend className={sidebar.legend}>{t('editor.sections.cookies.links')}</legend>
        <div className={sidebar.form}>
          {URL_FIELDS.map((f) => (
            <DraftTextField
              key={f}
              label={t(`editor.sections.cookies.${f}`)}
              value={value[f] ?? ''}
              readOnly={readOnly}
              max={2000}
              inputMode="url"
              testId={`cookies-${f}`}
              problem={serverText(f)}
              check={(s) => (isHttpUrl(s) ? null : t('editor.sections.forms.httpUrl'))}
              onCommit={(s) => {
                set({ [f]: s.trim() });
              }}
            />
          ))}
        </div>
      </fieldset>
    </>
  );
}
