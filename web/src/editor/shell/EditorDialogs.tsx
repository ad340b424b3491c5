// The editor's questions: deleting the selection, leaving unsaved work, and the session's end.
import { useTranslation } from 'react-i18next';
import { removalEdits, type PendingRemoval } from '../selection/useSelectionActions';
import type { PresenceState } from '../session/presence';
import { SessionDialogs } from '../session/SessionDialogs';
import type { DocumentStore } from '../store';
import { ConfirmDialog } from './EditorParts';
import type { PanelChoice } from './usePanelChoice';

interface EditorDialogsProps {
  store: DocumentStore;
  removal: PendingRemoval | null;
  onRemove: () => void;
  onKeep: () => void;
  choice: PanelChoice;
  people: PresenceState;
}

export function EditorDialogs({ store, removal, onRemove, onKeep, choice, people }: EditorDialogsProps) {
  const { t } = useTranslation();
  const removalText = ({ nodes: n, edges: e }: PendingRemoval) => {
    const c = store.preview(removalEdits(n, e));
    const nodes = t('editor.remove.nodes', { count: c.removedNodes });
    const edges = t('editor.remove.edges', { count: c.removedEdges });
    if (c.removedNodes > 0 && c.removedEdges > 0) return t('editor.remove.textBoth', { nodes, edges });
    return c.removedNodes > 0 ? t('editor.remove.textNodes', { nodes }) : t('editor.remove.textEdges', { edges });
  };
  return (
    <>
      {removal && (
        <ConfirmDialog
          title={t('editor.remove.title')}
          text={removalText(removal)}
          confirm={t('editor.remove.confirm')}
          onConfirm={onRemove}
          onClose={onKeep}
        />
      )}
      {choice.leaving && (
        <ConfirmDialog
          title={t('sidebar.content.unsavedTitle')}
          text={t('sidebar.content.unsavedText')}
          confirm={t('sidebar.content.discard')}
          onConfirm={choice.discard}
          onClose={choice.keep}
        />
      )}
      <SessionDialogs duplicate={people.duplicate} revoked={people.revoked} />
    </>
  );
}
