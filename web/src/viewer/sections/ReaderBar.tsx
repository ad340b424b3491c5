import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../api';
import type { Header, HeaderLink } from '../../api/sections';
import { linkTarget, safeLink } from './headerBar';
import type { PanelName } from './panels';
import { textIn } from './readerSections';
import styles from './Reader.module.css';
import type { MediaUrl } from '../../map';

interface ReaderBarProps {
  header: Header | null;
  languages: readonly Language[];
  /** The panels this map has, in the order their buttons show, with their labels. */
  panels: { name: PanelName; label: string }[];
  open: PanelName | null;
  onOpen: (name: PanelName, opener: HTMLElement) => void;
  /** Where the map's media assets are read: a logo from the library (logo_media) comes through it. */
  mediaUrl?: MediaUrl;
}

function Links({ links, languages, className }: { links: HeaderLink[]; languages: readonly Language[]; className: string }) {
  const shown = links.flatMap((l) => {
    const url = safeLink(l.url);
    const title = textIn(l.title, languages);
    return url && title ? [{ url, title, ...linkTarget(l.target) }] : [];
  });
  if (shown.length === 0) return null;
  return (
    <ul className={className}>
      {shown.map((l, i) => (
        <li key={i}>
          <a href={l.url} target={l.target} rel={l.rel}>
            {l.title}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The map's header bar above the reader's map: its logo and links, and the sections' buttons. */
export function ReaderBar({ header, languages, panels, open, onOpen, mediaUrl }: ReaderBarProps) {
  const { t } = useTranslation();
  if (!header && panels.length === 0) return null;
  const style: CSSProperties = {
    background: header?.background,
    color: header?.font_color,
    minHeight: header?.height,
  };
  // A library asset wins over a typed address (the editor keeps one of them); 256 px is ample for a bar.
  const logo = header?.logo_media && mediaUrl ? mediaUrl(header.logo_media, 256) : safeLink(header?.logo_url);
  const logoLink = safeLink(header?.logo_link);
  const logoImage = logo && <img src={logo} alt={logoLink ? t('reader.bar.logoLink') : ''} style={{ height: header?.logo_height ?? 32 }} />;
  return (
    <nav className={styles.bar} style={style} aria-label={t('reader.bar.label')} data-testid="reader-bar">
      {logoImage &&
        (logoLink ? (
          <a className={styles.logo} href={logoLink} target="_blank" rel="noopener noreferrer">
            {logoImage}
          </a>
        ) : (
          <span className={styles.logo}>{logoImage}</span>
        ))}
      {header && <Links links={header.floating_links} languages={languages} className={styles.floatingLinks ?? ''} />}
      {panels.length > 0 && (
        <ul className={styles.sectionButtons}>
          {panels.map((p) => (
            <li key={p.name}>
              <button
                type="button"
                aria-expanded={open === p.name}
                data-testid={`reader-open-${p.name}`}
                onClick={(e) => {
                  onOpen(p.name, e.currentTarget);
                }}
              >
                {p.label}
              </button>
            </li>
          ))}
        </ul>
      )}
      {header && <Links links={header.additional_links} languages={languages} className={styles.additionalLinks ?? ''} />}
    </nav>
  );
}
