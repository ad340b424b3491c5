import { useLayoutEffect, useRef, type HTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../api';
import type { Node, NodeContent, PopupType } from '../api/document';
import { Button } from '../layout/Button';
import { sanitizeRichText } from './richText';
import styles from './Viewer.module.css';

interface NodePopupProps {
  node: Node;
  /** The reader's languages in order: the first the node has content in is shown. */
  languages: readonly Language[];
  /** Titles of the previous and next nodes, when the node links to them. */
  previousTitle: string | null;
  nextTitle: string | null;
  onNavigate: (id: number) => void;
  onClose: () => void;
  onCopyLink: () => void;
  /** How rich text is made ready for the page; it must sanitise (the reader's map also marks glossary terms). */
  renderContent?: (html: string) => string;
  /** How plain text is made ready for the page: escaped, glossary terms marked. Absent: as it is. */
  renderText?: (text: string) => string;
  /** What the marks in the content do (glossary terms, citations). */
  contentEvents?: HTMLAttributes<HTMLDivElement>;
  /** The node's picture, film or sound (NodeMedia), atop its text. */
  media?: ReactNode;
}

/** A paragraph of plain text, through the reader's marks when there are any. */
function PlainText({ text, render, className }: { text: string; render?: (text: string) => string; className?: string }) {
  return render ? <p className={className} dangerouslySetInnerHTML={{ __html: render(text) }} /> : <p className={className}>{text}</p>;
}

const PLACE: Record<PopupType, string> = {
  'popup-small': styles.popupSmall ?? '',
  'detached-small': styles.detachedSmall ?? '',
  'detached-medium': styles.detachedMedium ?? '',
  'detached-large': styles.detachedLarge ?? '',
  'side-panel-small': styles.sideSmall ?? '',
  'side-panel-large': styles.sideLarge ?? '',
};

function contentIn(node: Node, languages: readonly Language[]): { lang: Language; content: NodeContent } | null {
  for (const lang of languages) {
    const content = node.content[lang];
    if (content && Object.keys(content).length > 0) return { lang, content };
  }
  return null;
}

/** A node's content in the box its popup type asks for. */
export function NodePopup({
  node,
  languages,
  previousTitle,
  nextTitle,
  onNavigate,
  onClose,
  onCopyLink,
  renderContent = sanitizeRichText,
  renderText,
  contentEvents,
  media,
}: NodePopupProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLElement>(null);
  const shown = contentIn(node, languages);
  const c = shown?.content;

  // Before paint, not after: once the popup can be seen, Esc closes it (a passive effect ran a
  // frame or more later on a busy page, and an Esc pressed meanwhile was lost).
  useLayoutEffect(() => {
    ref.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
    };
  }, [node.id, onClose]);

  return (
    <aside
      ref={ref}
      tabIndex={-1}
      className={`${styles.popup} ${PLACE[node.popup_type]}`}
      data-testid="node-popup"
      data-popup-type={node.popup_type}
      lang={shown?.lang}
      aria-label={c?.title ?? t('viewer.untitled')}
    >
      <header className={styles.popupHeader}>
        <h2>{c?.title ?? t('viewer.untitled')}</h2>
        <Button size="small" variant="ghost" onClick={onClose} aria-label={t('viewer.close')}>
          ×
        </Button>
      </header>
      <div className={styles.popupBody} {...contentEvents}>
        {media}
        {c?.abstract && <PlainText className={styles.abstract} text={c.abstract} render={renderText} />}
        {/* Rich text is sanitised by the server before it is stored, and again here before it is inserted. */}
        {c?.content && <div className={styles.richText} dangerouslySetInnerHTML={{ __html: renderContent(c.content) }} />}
        {!c?.content && c?.short_content && <PlainText text={c.short_content} render={renderText} />}
        {(c?.marginal_content_1 ?? c?.marginal_content_2) !== undefined && (
          <div className={styles.marginal}>
            {c?.marginal_content_1 && <PlainText text={c.marginal_content_1} render={renderText} />}
            {c?.marginal_content_2 && <PlainText text={c.marginal_content_2} render={renderText} />}
          </div>
        )}
        {!c && <p className={styles.empty}>{t('viewer.noContent')}</p>}
      </div>
      <div className={styles.popupLink}>
        <Button size="small" variant="ghost" onClick={onCopyLink} data-testid="popup-copy-link" title={t('editor.link.hint')}>
          {t('editor.link.copy')}
        </Button>
      </div>
      {(previousTitle !== null || nextTitle !== null) && (
        <nav className={styles.popupNav} aria-label={t('viewer.navigation')}>
          {previousTitle !== null && node.previous_id !== null && (
            <Button
              size="small"
              variant="secondary"
              onClick={() => {
                onNavigate(node.previous_id ?? 0);
              }}
              data-testid="popup-previous"
            >
              ← {previousTitle || t('viewer.previous')}
            </Button>
          )}
          <span />
          {nextTitle !== null && node.next_id !== null && (
            <Button
              size="small"
              variant="secondary"
              onClick={() => {
                onNavigate(node.next_id ?? 0);
              }}
              data-testid="popup-next"
            >
              {nextTitle || t('viewer.next')} →
            </Button>
          )}
        </nav>
      )}
    </aside>
  );
}
