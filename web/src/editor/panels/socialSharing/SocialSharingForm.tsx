// Social sharing's form (account-area §3): the networks readers may share the map on, and the
// title, description, hashtags and picture a shared link shows. A controlled form.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldProblems } from '../../../api/http';
import type { SocialSharing } from '../../../api/sections';
import type { Language } from '../../../api/types';
import { useServerProblemText } from '../kit/useServerProblemText';
import { NETWORK_NAMES, normalizeHashtags, SOCIAL_NETWORKS, socialProblem, withNetwork } from './socialForm';
import sidebar from '../kit/Panel.module.css';
import { LanguageTabs } from '../kit/LanguageTabs';
import { firstLanguage, languagesWithProblems, LIMITS, textIn, withText } from '../kit/checks';
import { DraftTextField, ServerProblem } from '../kit/fields';

export function SocialSharingForm({
  value,
  onChange,
  readOnly,
  languages,
  canvasLanguage,
  problems,
}: {
  value: SocialSharing;
  onChange: (next: SocialSharing) => void;
  readOnly: boolean;
  languages: readonly Language[];
  /** The canvas's language: the form opens on its tab when the map has it. */
  canvasLanguage?: Language;
  problems: FieldProblems;
}) {
  const { t, i18n } = useTranslation();
  const [lang, setLang] = useState<Language>(() => firstLanguage(languages, canvasLanguage, i18n.language));
  const serverText = useServerProblemText(problems);
  const set = (patch: Partial<SocialSharing>) => {
    onChange({ ...value, ...patch });
  };
  return (
    <>
      <fieldset className={sidebar.group}>
        <legend className={sidebar.legend}>{t('editor.sections.social.networks')}</legend>
        <p className={sidebar.hint}>{t('editor.sections.social.networksHint')}</p>
        <div className={sidebar.networks} data-testid="social-networks">
          {SOCIAL_NETWORKS.map((n) => (
            <label key={n} className={sidebar.check}>
              <input
                type="checkbox"
                checked={value.networks.includes(n)}
                disabled={readOnly}
                data-testid={`social-network-${n}`}
                onChange={(e) => {
                  set({ networks: withNetwork(value.networks, n, e.target.checked) });
                }}
              />
              {n === 'email' ? t('editor.sections.social.email') : NETWORK_NAMES[n]}
            </label>
          ))}
        </div>
        <ServerProblem problems={problems} path="networks" />
      </fieldset>
      <fieldset className={sidebar.group}>
        <legend className={sidebar.legend}>{t('editor.sections.social.texts')}</legend>
        <LanguageTabs
          languages={languages}
          lang={lang}
          onLang={setLang}
          marked={languagesWithProblems(problems, languages)}
          testId="social"
        />
        <div className={sidebar.form} lang={lang}>
          <DraftTextField
            label={t('editor.sections.social.title')}
            value={textIn(value.title, lang)}
            readOnly={readOnly}
            max={LIMITS.label}
            testId="social-title"
            problem={serverText(`title.${lang}`)}
            onCommit={(s) => {
              set({ title: withText(value.title, lang, s) });
            }}
          />
          <DraftTextField
            label={t('editor.sections.social.description')}
            value={textIn(value.description, lang)}
            readOnly={readOnly}
            max={LIMITS.description}
            multiline
            testId="social-description"
            problem={serverText(`description.${lang}`)}
            onCommit={(s) => {
              set({ description: withText(value.description, lang, s) });
            }}
          />
        </div>
      </fieldset>
      <fieldset className={sidebar.group}>
        <legend className={sidebar.legend}>{t('editor.sections.social.forAll')}</legend>
        <div className={sidebar.form}>
          <DraftTextField
            label={t('editor.sections.social.hashtags')}
            value={value.hashtags ?? ''}
            readOnly={readOnly}
            max={LIMITS.hashtags}
            testId="social-hashtags"
            hint={t('editor.sections.social.hashtagsHint')}
            problem={serverText('hashtags')}
            onCommit={(s) => {
              set({ hashtags: normalizeHashtags(s) });
            }}
          />
          <DraftTextField
            label={t('editor.sections.social.image')}
            value={value.image ?? ''}
            readOnly={readOnly}
            max={2000}
            inputMode="url"
            testId="social-image"
            hint={t('editor.sections.social.imageHint')}
            problem={serverText('image')}
            check={(s) => (socialProblem('image', s) ? t('editor.sections.forms.httpUrl') : null)}
            onCommit={(s) => {
              set({ image: s.trim() });
            }}
          />
        </div>
      </fieldset>
    </>
  );
}
