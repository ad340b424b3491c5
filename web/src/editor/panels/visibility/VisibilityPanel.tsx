// The node and edge visibility sidebars: the levels an element shows on, and whether it is hidden.
// A node's new range that would leave edges without a common level asks before they go; a failed
// save restores the stored range with the warning toast (the store does that).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Edge, Node } from '../../../api/document';
import { ConfirmDialog } from '../../shell/EditorParts';
import type { DocumentStore } from '../../store';
import { edgeBounds, edgesLosingOverlap, rangeWith, type LevelRange } from './visibilityRules';
import styles from '../kit/Panel.module.css';
import type { PanelProps } from '../types';
import { type LockHolder, PanelEmpty, PanelFrame } from '../kit/PanelFrame';

function LevelSelect({
  label,
  value,
  from,
  to,
  disabled,
  testId,
  onChange,
}: {
  label: string;
  value: number;
  from: number;
  to: number;
  disabled: boolean;
  testId: string;
  onChange: (level: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <label className={styles.field}>
      {label}
      <select
        className={styles.select}
        value={value}
        disabled={disabled}
        data-testid={testId}
        onChange={(e) => {
          onChange(Number(e.target.value));
        }}
      >
        {Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i).map((l) => (
          <option key={l} value={l}>
            {t('sidebar.visibility.level', { level: l })}
          </option>
        ))}
      </select>
    </label>
  );
}

export function NodeVisibilitySidebar({
  store,
  node,
  levels,
  lockedBy,
  onClose,
}: {
  store: DocumentStore;
  node: Node | undefined;
  levels: number;
  lockedBy: LockHolder | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [conflict, setConflict] = useState<{ range: LevelRange; edges: number[] } | null>(null);
  const readOnly = lockedBy !== null || (node?.editing.locked ?? false);
  const change = (end: 'min_level' | 'max_level', level: number) => {
    if (!node) return;
    const range = rangeWith(node.visibility, end, level, levels);
    if (range.min_level === node.visibility.min_level && range.max_level === node.visibility.max_level) return;
    const doc = store.document;
    const byId = new Map(doc.nodes.map((n) => [n.id, n]));
    const lost = edgesLosingOverlap(node.id, range, byId, doc.edges);
    if (lost.length > 0) setConflict({ range, edges: lost });
    else store.apply({ type: 'setNodeVisibility', id: node.id, visibility: range });
  };
  return (
    <PanelFrame title={t('editor.menu.options.nodeVisibility')} testId="node-visibility-sidebar" onClose={onClose} lockedBy={lockedBy}>
      {!node ? (
        <PanelEmpty text={t('sidebar.visibility.noNode')} />
      ) : (
        <>
          <div className={styles.levels}>
            <LevelSelect
              label={t('sidebar.visibility.minLevel')}
              value={node.visibility.min_level}
              from={1}
              to={levels}
              disabled={readOnly}
              testId="visibility-min"
              onChange={(l) => {
                change('min_level', l);
              }}
            />
            <LevelSelect
              label={t('sidebar.visibility.maxLevel')}
              value={node.visibility.max_level}
              from={1}
              to={levels}
              disabled={readOnly}
              testId="visibility-max"
              onChange={(l) => {
                change('max_level', l);
              }}
            />
          </div>
          <p className={styles.note} data-testid="visibility-summary">
            {t('sidebar.visibility.summary', { min: node.visibility.min_level, max: node.visibility.max_level })}
          </p>
          <label className={styles.check}>
            <input
              type="checkbox"
              checked={node.visibility.hidden}
              disabled={readOnly}
              data-testid="visibility-hidden"
              onChange={(e) => store.apply({ type: 'setNodeHidden', ids: [node.id], hidden: e.target.checked })}
            />
            {t('sidebar.visibility.hidden')}
          </label>
        </>
      )}
      {conflict && node && (
        <ConfirmDialog
          title={t('sidebar.visibility.conflictTitle')}
          text={t('sidebar.visibility.conflictText', {
            min: conflict.range.min_level,
            max: conflict.range.max_level,
            count: conflict.edges.length,
          })}
          confirm={t('sidebar.visibility.conflictConfirm')}
          onConfirm={() => {
            // The edges go with the new range, in the same change (the server removes them too).
            store.apply({ type: 'setNodeVisibility', id: node.id, visibility: conflict.range });
            setConflict(null);
          }}
          onClose={() => {
            setConflict(null);
          }}
        />
      )}
    </PanelFrame>
  );
}

export function EdgeVisibilitySidebar({
  store,
  edge,
  lockedBy,
  onClose,
}: {
  store: DocumentStore;
  edge: Edge | undefined;
  lockedBy: LockHolder | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const from = edge ? store.getNode(edge.node.from_id) : undefined;
  const to = edge ? store.getNode(edge.node.to_id) : undefined;
  const bounds = from && to ? edgeBounds(from.visibility, to.visibility) : null;
  const readOnly = lockedBy !== null || (edge?.locked ?? false);
  const byNode = (from?.visibility.hidden ?? false) || (to?.visibility.hidden ?? false);
  return (
    <PanelFrame title={t('editor.menu.options.edgeVisibility')} testId="edge-visibility-sidebar" onClose={onClose} lockedBy={lockedBy}>
      {!edge || !bounds ? (
        <PanelEmpty text={t('sidebar.visibility.noEdge')} />
      ) : (
        <>
          <p className={styles.note}>{t('sidebar.visibility.edgeBounds', { min: bounds.min_level, max: bounds.max_level })}</p>
          <div className={styles.levels}>
            <LevelSelect
              label={t('sidebar.visibility.minLevel')}
              value={edge.visibility.min_level}
              from={bounds.min_level}
              to={bounds.max_level}
              disabled={readOnly}
              testId="visibility-min"
              onChange={(l) => {
                store.apply({
                  type: 'setEdgeVisibility',
                  id: edge.id,
                  visibility: rangeWith(edge.visibility, 'min_level', l, bounds.max_level),
                });
              }}
            />
            <LevelSelect
              label={t('sidebar.visibility.maxLevel')}
              value={edge.visibility.max_level}
              from={bounds.min_level}
              to={bounds.max_level}
              disabled={readOnly}
              testId="visibility-max"
              onChange={(l) => {
                store.apply({
                  type: 'setEdgeVisibility',
                  id: edge.id,
                  visibility: rangeWith(edge.visibility, 'max_level', l, bounds.max_level),
                });
              }}
            />
          </div>
          <p className={styles.note} data-testid="visibility-summary">
            {t('sidebar.visibility.summary', { min: edge.visibility.min_level, max: edge.visibility.max_level })}
          </p>
          <label className={styles.check}>
            <input
              type="checkbox"
              checked={edge.visibility.hidden}
              disabled={readOnly || byNode}
              data-testid="visibility-hidden"
              onChange={(e) => store.apply({ type: 'setEdgeVisibility', id: edge.id, visibility: { hidden: e.target.checked } })}
            />
            {t('sidebar.visibility.hidden')}
          </label>
          {byNode && <p className={styles.note}>{t('sidebar.visibility.edgeHiddenByNode')}</p>}
        </>
      )}
    </PanelFrame>
  );
}

export function NodeVisibilityPanel({ store, editingNode, levels, holderOf, closePanel }: PanelProps) {
  const node = editingNode === undefined ? undefined : store.getNode(editingNode);
  return (
    <NodeVisibilitySidebar
      store={store}
      node={node}
      levels={levels}
      lockedBy={node ? holderOf('node', node.id) : null}
      onClose={closePanel}
    />
  );
}

export function EdgeVisibilityPanel({ store, editingEdge, holderOf, closePanel }: PanelProps) {
  const edge = editingEdge === undefined ? undefined : store.getEdge(editingEdge);
  return <EdgeVisibilitySidebar store={store} edge={edge} lockedBy={edge ? holderOf('edge', edge.id) : null} onClose={closePanel} />;
}
