// @vitest-environment jsdom
import i18next, { type i18n } from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { CookieConsent, EditorsNote } from '../../api/sections';
import { resources } from '../../i18n';
import fr from '../../i18n/fr.json';
import de from '../../i18n/de.json';
import { ConsentBanner } from './ConsentBanner';
import { AboutPanel } from './InfoPanels';
import { panelsOf } from './panels';
import { NO_SECTIONS } from './readerSections';

function interfaceIn(lng: 'en' | 'de' | 'fr'): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({ resources, lng, initAsync: false, interpolation: { escapeValue: false } });
  return instance;
}

const category = (label: string) => ({ label: { en: label }, description: { en: 'Written in English only.' } });

/** A banner its authors wrote in English only, as the audit found it. */
const englishOnly: CookieConsent = {
  enabled: true,
  title: { en: 'Your privacy' },
  text: { en: 'Pictures from other sites load only if you allow it.' },
  necessary: category('Necessary'),
  external: category('External sources'),
  statistics: category('Statistics'),
};

function banner(lng: 'en' | 'de' | 'fr', consent: CookieConsent, languages: ('en' | 'de' | 'fr')[]): string {
  return renderToStaticMarkup(
    <I18nextProvider i18n={interfaceIn(lng)}>
      <ConsentBanner
        consent={consent}
        state={{ kind: 'undecided' }}
        languages={languages}
        onChoose={() => undefined}
        onClose={() => undefined}
      />
    </I18nextProvider>,
  );
}

describe('texts the interface has its own translation of', () => {
  it('are the interface’s in a French page when the map has them in English only', () => {
    for (const languages of [['fr', 'en'], ['en']] as ('en' | 'fr')[][]) {
      const html = banner('fr', englishOnly, languages);
      expect(html).toContain(fr.reader.consent.title);
      expect(html).toContain(fr.reader.consent.text);
      expect(html).toContain(fr.reader.consent.external);
      expect(html).not.toContain('Your privacy');
      expect(html).not.toContain('External sources');
    }
  });

  it('are the map’s own where it has them in the page’s language', () => {
    const consent = { ...englishOnly, title: { en: 'Your privacy', de: 'Ihre Privatsphäre' } };
    const html = banner('de', consent, ['de', 'en']);
    expect(html).toContain('Ihre Privatsphäre');
    expect(html).toContain(de.reader.consent.text);
    expect(banner('en', englishOnly, ['en'])).toContain('Your privacy');
  });

  it('include the label of the map’s note, on its button and its panel', () => {
    const note: EditorsNote = { shown: true, label: { en: 'About us' }, title: {}, text: {}, team_members: [] };
    const t = interfaceIn('fr').t;
    expect(panelsOf({ ...NO_SECTIONS, editorsNote: note }, 'fr', t)).toEqual([{ name: 'about', label: fr.reader.about.open }]);
    expect(panelsOf({ ...NO_SECTIONS, editorsNote: note }, 'en', t)).toEqual([{ name: 'about', label: 'About us' }]);
    const html = renderToStaticMarkup(
      <I18nextProvider i18n={interfaceIn('fr')}>
        <AboutPanel note={note} languages={['fr', 'en']} onClose={() => undefined} />
      </I18nextProvider>,
    );
    expect(html).toContain(fr.reader.about.open);
    expect(html).not.toContain('About us');
  });
});
