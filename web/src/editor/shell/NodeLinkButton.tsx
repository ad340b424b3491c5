import { useTranslation } from 'react-i18next';
import type { Language } from '../../api';
import { Button } from '../../layout/Button';
import { copyLink } from '../../layout/copyLink';
import { nodeLinkUrl } from '../../map/nodeLink';
import type { DocumentStore } from '../store';
import styles from '../Editor.module.css';

interface NodeLinkButtonProps {
  store: DocumentStore;
  selectedNodes: readonly number[];
  level: number;
  lang: Language | null;
}

/** "Copy link to node" over the map while one node is selected: the link opens the editor on it. */
export function NodeLinkButton({ store, selectedNodes, level, lang }: NodeLinkButtonProps) {
  const { t } = useTranslation();
  // Only a node the server has stored has a link (a new one's id is temporary until then).
  const only = selectedNodes.length === 1 ? selectedNodes[0] : undefined;
  const node = only === undefined ? 0 : store.resolveId(only);
  if (node <= 0) return null;
  return (
    <div className={styles.nodeActions}>
      <Button
        size="small"
        variant="secondary"
        data-testid="copy-node-link"
        title={t('editor.link.hint')}
        onClick={() => {
          copyLink(nodeLinkUrl(`${window.location.origin}/editor/${store.mapId}`, { node, level, lang }), t);
        }}
      >
        {t('editor.link.copy')}
      </Button>
    </div>
  );
}
