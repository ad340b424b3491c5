// The reader's panels that lead somewhere: the table of contents (to a node) and the share
// buttons (to a network's share page, with the map's or the open node's link).
import { useTranslation } from 'react-i18next';
import type { SocialSharing } from '../../api/sections';
import { copyLink } from '../../layout/copyLink';
import { ReaderPanel } from './ReaderPanel';
import { NETWORK_NAMES, shareAddress, type Shared } from './share';
import type { TocItem } from './toc';
import styles from './Reader.module.css';

function TocList({ items, onChoose }: { items: TocItem[]; onChoose: (item: TocItem) => void }) {
  return (
    <ul className={styles.toc}>
      {items.map((item) => (
        <li key={item.index}>
          <button
            type="button"
            onClick={() => {
              onChoose(item);
            }}
          >
            {item.title}
          </button>
          {item.children.length > 0 && <TocList items={item.children} onChoose={onChoose} />}
        </li>
      ))}
    </ul>
  );
}

export function ContentsPanel({ items, onChoose, onClose }: { items: TocItem[]; onChoose: (item: TocItem) => void; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <ReaderPanel title={t('reader.contents.title')} testId="reader-contents" onClose={onClose}>
      <nav aria-label={t('reader.contents.title')}>
        <TocList items={items} onChoose={onChoose} />
      </nav>
    </ReaderPanel>
  );
}

interface SharePanelProps {
  networks: SocialSharing['networks'];
  shared: Shared;
  /** The open node's title when the link is the node's. */
  nodeTitle: string | null;
  onClose: () => void;
}

export function SharePanel({ networks, shared, nodeTitle, onClose }: SharePanelProps) {
  const { t } = useTranslation();
  return (
    <ReaderPanel title={t('reader.share.title')} testId="reader-share" onClose={onClose}>
      <p className={styles.muted}>{nodeTitle ? t('reader.share.nodeLink', { title: nodeTitle }) : t('reader.share.mapLink')}</p>
      <ul className={styles.share}>
        {networks.map((n) => (
          <li key={n}>
            {n === 'email' ? (
              <a href={shareAddress(n, shared)} data-testid="share-email">
                {t('reader.share.email')}
              </a>
            ) : (
              <a
                href={shareAddress(n, shared)}
                target="_blank"
                rel="noopener noreferrer"
                data-testid={`share-${n}`}
                aria-label={t('reader.share.on', { network: NETWORK_NAMES[n] })}
              >
                {NETWORK_NAMES[n]}
              </a>
            )}
          </li>
        ))}
      </ul>
      <button
        type="button"
        className={styles.textButton}
        onClick={() => {
          copyLink(shared.url, t);
        }}
      >
        {t('reader.share.copy')}
      </button>
    </ReaderPanel>
  );
}
