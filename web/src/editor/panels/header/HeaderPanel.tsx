// The header bar (account-area §3): background, height, logo (a media asset of the library, or an
// address), logo height and link, font colour, and the floating and additional links with title, URL
// and where they open. Drawn above the reader's map. Held under the `header_bar` lock while open.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Header, HeaderLink } from '../../../api/sections';
import type { Language } from '../../../api/types';
import sidebar from '../kit/Panel.module.css';
import type { SectionProblems } from '../kit/checks';
import { MediaField } from '../../media/MediaField';
import { useSection } from '../kit/useSection';
import { useSectionForm, type SectionPanelProps } from '../kit/useSectionForm';
import type { PanelProps } from '../types';
import { LanguageTabs } from '../kit/LanguageTabs';
import { PanelFrame } from '../kit/PanelFrame';
import {
  checkHeader,
  firstLanguage,
  languagesWithProblems,
  LIMITS,
  LINK_TARGETS,
  moved,
  replaced,
  textIn,
  without,
  withText,
} from '../kit/checks';
import { AddButton, ColourField, ListItem, TextField } from '../kit/fields';

type LinkList = 'floating_links' | 'additional_links';
type TextKey = 'background' | 'font_color' | 'logo_url' | 'logo_link';
type NumberKey = 'height' | 'logo_height';

/** The header with one optional field set, or left out when empty (the server's "not set"). */
function withField<K extends TextKey | NumberKey | 'logo_media'>(h: Header, key: K, value: Header[K] | undefined): Header {
  const out: Header = { ...h };
  if (value === undefined || value === '') Reflect.deleteProperty(out, key);
  else out[key] = value;
  return out;
}

/** A logo is a picture: the library opens on images. */
const LOGO_TYPES = ['image', 'vector'] as const;

/** A number box's text as the header holds it: a whole number, NaN (named as out of range) or unset. */
const asNumber = (v: string): number | undefined => (v.trim() === '' ? undefined : Number(v));

function HeaderPanelForm({ store, languages, canvasLanguage, lockedBy, onClose, onUnsaved }: SectionPanelProps) {
  const { t } = useTranslation();
  const section = useSection(store, 'header');
  const form = useSectionForm(section, checkHeader, languages, onUnsaved);
  const [lang, setLang] = useState(() => firstLanguage(languages, canvasLanguage));
  const readOnly = lockedBy !== null;
  const header = form.value;
  const p = form.problems;
  const commit = () => {
    form.commit();
  };
  const text = (h: Header, key: TextKey, type: 'text' | 'url' = 'text') => (
    <TextField
      label={t(`editor.sections.header.${key}`)}
      value={h[key] ?? ''}
      type={type}
      onEdit={(v) => {
        form.edit(withField(h, key, v));
      }}
      onCommit={commit}
      problem={p[key]}
      disabled={readOnly}
      testId={`header-${key}`}
    />
  );
  const colour = (h: Header, key: 'background' | 'font_color') => (
    <ColourField
      label={t(`editor.sections.header.${key}`)}
      value={h[key] ?? ''}
      onEdit={(v) => {
        form.edit(withField(h, key, v));
      }}
      onCommit={commit}
      onPick={(v) => {
        form.commit(withField(h, key, v));
      }}
      problem={p[key]}
      disabled={readOnly}
      testId={`header-${key}`}
    />
  );
  const number = (h: Header, key: NumberKey, range: { min: number; max: number }) => (
    <TextField
      label={t(`editor.sections.header.${key}`)}
      value={h[key] === undefined ? '' : String(h[key])}
      type="number"
      hint={t('editor.sections.header.range', range)}
      onEdit={(v) => {
        form.edit(withField(h, key, asNumber(v)));
      }}
      onCommit={commit}
      problem={p[key]}
      disabled={readOnly}
      testId={`header-${key}`}
    />
  );
  return (
    <PanelFrame
      title={t('editor.menu.options.headerBar')}
      testId="header-panel"
      onClose={onClose}
      lockedBy={lockedBy}
      load={header !== null ? 'ready' : section.error !== null ? 'failed' : 'loading'}
      closeOnEscape
    >
      {header && (
        <>
          <fieldset className={sidebar.group}>
            <legend className={sidebar.legend}>{t('editor.sections.header.bar')}</legend>
            {colour(header, 'background')}
            {colour(header, 'font_color')}
            {number(header, 'height', LIMITS.headerHeight)}
          </fieldset>
          <fieldset className={sidebar.group}>
            <legend className={sidebar.legend}>{t('editor.sections.header.logo')}</legend>
            <div className={sidebar.field}>
              <span>{t('media.field.logo')}</span>
              <MediaField
                value={header.logo_media ?? null}
                label={t('media.field.logo')}
                types={LOGO_TYPES}
                disabled={readOnly}
                testId="header-logo_media"
                onChange={(key) => {
                  form.commit(withField(header, 'logo_media', key ?? undefined));
                }}
              />
            </div>
            {text(header, 'logo_url', 'url')}
            {number(header, 'logo_height', LIMITS.logoHeight)}
            {text(header, 'logo_link', 'url')}
          </fieldset>
          <LanguageTabs languages={languages} lang={lang} onLang={setLang} marked={languagesWithProblems(p, languages)} />
          <div lang={lang}>
            {(['floating_links', 'additional_links'] as const).map((list) => (
              <Links
                key={list}
                list={list}
                links={header[list]}
                lang={lang}
                problems={p}
                readOnly={readOnly}
                onLinks={(links, now) => {
                  if (now) form.commit({ ...header, [list]: links });
                  else form.edit({ ...header, [list]: links });
                }}
                onCommit={commit}
              />
            ))}
          </div>
        </>
      )}
    </PanelFrame>
  );
}

function Links({
  list,
  links,
  lang,
  problems: p,
  readOnly,
  onLinks,
  onCommit,
}: {
  list: LinkList;
  links: HeaderLink[];
  lang: Language;
  problems: SectionProblems;
  readOnly: boolean;
  onLinks: (links: HeaderLink[], commit: boolean) => void;
  onCommit: () => void;
}) {
  const { t } = useTranslation();
  const prefix = list === 'floating_links' ? 'floating' : 'additional';
  return (
    <fieldset className={sidebar.group} data-testid={`header-${prefix}`}>
      <legend className={sidebar.legend}>{t(`editor.sections.header.${prefix}`)}</legend>
      {links.length === 0 && <p className={sidebar.note}>{t('editor.sections.header.noLinks')}</p>}
      <ol className={sidebar.list}>
        {links.map((link, i) => {
          const path = `${list}[${i}]`;
          return (
            <ListItem
              key={i}
              title={textIn(link.title, lang) || t('editor.sections.header.linkNumber', { n: i + 1 })}
              index={i}
              count={links.length}
              disabled={readOnly}
              testId={`header-${prefix}-${i}`}
              onMove={(d) => {
                onLinks(moved(links, i, d), true);
              }}
              onRemove={() => {
                onLinks(without(links, i), true);
              }}
            >
              <TextField
                label={t('editor.sections.header.linkTitle')}
                value={textIn(link.title, lang)}
                onEdit={(v) => {
                  onLinks(replaced(links, i, { ...link, title: withText(link.title, lang, v) }), false);
                }}
                onCommit={onCommit}
                problem={p[`${path}.title.${lang}`]}
                disabled={readOnly}
                testId={`header-${prefix}-${i}-title`}
              />
              <TextField
                label={t('editor.sections.header.linkUrl')}
                value={link.url}
                type="url"
                onEdit={(v) => {
                  onLinks(replaced(links, i, { ...link, url: v }), false);
                }}
                onCommit={onCommit}
                problem={p[`${path}.url`]}
                disabled={readOnly}
                testId={`header-${prefix}-${i}-url`}
              />
              <label className={sidebar.field}>
                <span>{t('editor.sections.header.target')}</span>
                <select
                  className={sidebar.select}
                  value={link.target}
                  disabled={readOnly}
                  data-testid={`header-${prefix}-${i}-target`}
                  onChange={(e) => {
                    onLinks(replaced(links, i, { ...link, target: e.target.value as HeaderLink['target'] }), true);
                  }}
                >
                  {LINK_TARGETS.map((target) => (
                    <option key={target} value={target}>
                      {t(`editor.sections.header.targets.${target}`)}
                    </option>
                  ))}
                </select>
              </label>
            </ListItem>
          );
        })}
      </ol>
      <AddButton
        label={t(`editor.sections.header.add_${prefix}`)}
        disabled={readOnly || links.length >= LIMITS.links}
        testId={`header-add-${prefix}`}
        onAdd={() => {
          onLinks([...links, { title: {}, url: '', target: 'new_window' }], true);
        }}
      />
    </fieldset>
  );
}

export function HeaderPanel({ store, canvasLanguage, sectionHolder, closePanel, setPanelUnsaved }: PanelProps) {
  return (
    <HeaderPanelForm
      store={store}
      onUnsaved={setPanelUnsaved}
      languages={store.map.languages}
      canvasLanguage={canvasLanguage}
      lockedBy={sectionHolder}
      onClose={closePanel}
    />
  );
}
