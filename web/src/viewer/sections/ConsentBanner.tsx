// The cookie consent banner: asked before anything but the necessary storage, and opened again
// from the header's "Cookie settings". Along the map's lower edge, never over all of it.
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../api';
import type { CookieConsent } from '../../api/sections';
import { Button } from '../../layout/Button';
import { ALL, NECESSARY_ONLY, type ConsentCategory, type ConsentChoice, type ConsentState } from './consent';
import { safeLink } from './headerBar';
import { interfaceTextIn, textIn } from './readerSections';
import styles from './Reader.module.css';

interface ConsentBannerProps {
  consent: CookieConsent;
  state: ConsentState;
  languages: readonly Language[];
  onChoose: (choice: ConsentChoice) => void;
  /** Present when the reader opened the banner again: it may close without a new choice. */
  onClose?: () => void;
}

const CATEGORIES: ConsentCategory[] = ['external', 'statistics'];

export function ConsentBanner({ consent, state, languages, onChoose, onClose }: ConsentBannerProps) {
  const { t, i18n } = useTranslation();
  const ui = i18n.resolvedLanguage;
  const baseId = useId();
  const ref = useRef<HTMLElement>(null);
  const current = state.kind === 'decided' ? state.choice : NECESSARY_ONLY;
  const [choosing, setChoosing] = useState(onClose !== undefined);
  const [draft, setDraft] = useState<ConsentChoice>(current);
  const imprint = safeLink(consent.imprint_url);
  const privacy = safeLink(consent.privacy_policy_url);

  useEffect(() => {
    if (onClose) ref.current?.focus();
  }, [onClose]);

  const category = (name: 'necessary' | ConsentCategory) => ({
    label: interfaceTextIn(consent[name].label, ui, t(`reader.consent.${name}`)),
    description: textIn(consent[name].description, languages),
  });

  return (
    <section
      ref={ref}
      className={styles.consent}
      role="dialog"
      aria-labelledby={`${baseId}-title`}
      tabIndex={-1}
      data-testid="consent-banner"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && onClose) {
          e.stopPropagation();
          onClose();
        }
      }}
    >
      <h2 id={`${baseId}-title`}>{interfaceTextIn(consent.title, ui, t('reader.consent.title'))}</h2>
      <p>{interfaceTextIn(consent.text, ui, t('reader.consent.text'))}</p>
      {choosing && (
        <ul className={styles.categories}>
          <li>
            <input id={`${baseId}-necessary`} type="checkbox" checked disabled aria-describedby={`${baseId}-necessary-d`} />
            <label htmlFor={`${baseId}-necessary`}>
              {category('necessary').label} <span className={styles.muted}>({t('reader.consent.alwaysOn')})</span>
            </label>
            <p id={`${baseId}-necessary-d`}>{category('necessary').description}</p>
          </li>
          {CATEGORIES.map((c) => (
            <li key={c}>
              <input
                id={`${baseId}-${c}`}
                type="checkbox"
                checked={draft[c]}
                aria-describedby={`${baseId}-${c}-d`}
                data-testid={`consent-${c}`}
                onChange={(e) => {
                  setDraft((d) => ({ ...d, [c]: e.target.checked }));
                }}
              />
              <label htmlFor={`${baseId}-${c}`}>{category(c).label}</label>
              <p id={`${baseId}-${c}-d`}>{category(c).description}</p>
            </li>
          ))}
        </ul>
      )}
      <div className={styles.consentActions}>
        <Button
          size="small"
          data-testid="consent-accept-all"
          onClick={() => {
            onChoose(ALL);
          }}
        >
          {t('reader.consent.acceptAll')}
        </Button>
        <Button
          size="small"
          variant="secondary"
          data-testid="consent-necessary-only"
          onClick={() => {
            onChoose(NECESSARY_ONLY);
          }}
        >
          {t('reader.consent.necessaryOnly')}
        </Button>
        {choosing ? (
          <Button
            size="small"
            variant="secondary"
            data-testid="consent-save"
            onClick={() => {
              onChoose(draft);
            }}
          >
            {t('reader.consent.save')}
          </Button>
        ) : (
          <Button
            size="small"
            variant="ghost"
            aria-expanded={false}
            onClick={() => {
              setChoosing(true);
            }}
          >
            {t('reader.consent.choose')}
          </Button>
        )}
        {onClose && (
          <Button size="small" variant="ghost" onClick={onClose}>
            {t('reader.close')}
          </Button>
        )}
      </div>
      {(imprint ?? privacy) && (
        <p className={styles.consentLinks}>
          {imprint && (
            <a href={imprint} target="_blank" rel="noopener noreferrer">
              {t('reader.consent.imprint')}
            </a>
          )}
          {privacy && (
            <a href={privacy} target="_blank" rel="noopener noreferrer">
              {t('reader.consent.privacy')}
            </a>
          )}
        </p>
      )}
    </section>
  );
}
