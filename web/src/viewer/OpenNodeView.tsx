// What the reader sees of the node they opened: "Opening…", the failure, or its popup with its media.
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../api';
import type { Node } from '../api/document';
import { mediaId, type MediaRef, type MediaUrl } from '../map';
import { NodeMedia } from './NodeMedia';
import { NodePopup } from './NodePopup';
import { titleIn } from './search';
import type { ReaderState } from './sections/useReaderSections';
import type { OpenState } from './useOpenNode';
import styles from './Viewer.module.css';

interface OpenNodeViewProps {
  open: OpenState;
  languages: readonly Language[];
  /** The map's nodes, for the titles of the previous and next ones. */
  byId: ReadonlyMap<number, Node>;
  reader: ReaderState;
  /** What the marks in the content do (glossary terms, citations). */
  contentEvents: HTMLAttributes<HTMLDivElement>;
  /** The node's media as the scene resolved it. */
  media: MediaRef | null | undefined;
  mediaUrl: MediaUrl;
  external: boolean;
  animateGifs: boolean;
  onNavigate: (id: number) => void;
  onClose: () => void;
  onCopyLink: (node: Node) => void;
}

export function OpenNodeView({ open, languages, byId, reader, media, ...props }: OpenNodeViewProps) {
  const { t } = useTranslation();
  if (!open) return null;
  if ('loading' in open) {
    return (
      <p className={styles.status} role="status">
        {t('viewer.loading')}
      </p>
    );
  }
  if ('failed' in open) {
    return (
      <p className={styles.status} role="alert">
        {t('viewer.loadFailed')}
      </p>
    );
  }
  const { node } = open;
  const neighbourTitle = (id: number | null | undefined) => {
    const n = id === null || id === undefined ? undefined : byId.get(id);
    return n ? titleIn(n, languages) : null;
  };
  return (
    <NodePopup
      node={node}
      languages={languages}
      renderContent={reader.renderContent}
      renderText={reader.renderText}
      contentEvents={props.contentEvents}
      media={
        media ? (
          <NodeMedia
            key={mediaId(media)}
            media={media}
            assetUrl={props.mediaUrl}
            external={props.external}
            animateGifs={props.animateGifs}
            onAllowExternal={reader.allowExternal}
            label={titleIn(node, languages) || t('viewer.untitled')}
          />
        ) : null
      }
      previousTitle={neighbourTitle(node.previous_id)}
      nextTitle={neighbourTitle(node.next_id)}
      onNavigate={props.onNavigate}
      onClose={props.onClose}
      onCopyLink={() => {
        props.onCopyLink(node);
      }}
    />
  );
}
