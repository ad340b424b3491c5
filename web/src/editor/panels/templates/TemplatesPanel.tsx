// Object templates (map-editor.md §3–§4): the shape and edge template lists (create from the
// selected object, apply, restore, rename, delete) and "manage templates" (a template's own design).
// Creating, renaming, changing and deleting a template are edits of the document store like any
// other: shown at once, saved in order, undone with Ctrl+Z.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  EDGE_DESIGN_FIELDS,
  NO_TEMPLATE,
  NODE_DESIGN_FIELDS,
  type Edge,
  type GlobalDesign,
  type Node,
  type ObjectTemplate,
  type TemplateCreate,
  type TemplatePatch,
  type TemplateType,
} from '../../../api/document';
import { Button } from '../../../layout/Button';
import { ConfirmDialog } from '../../shell/EditorParts';
import type { DocumentStore } from '../../store';
import { DesignFields } from '../design/DesignPanel';
import { EDGE_DESIGN_FORM, NODE_DESIGN_FORM, edgeFieldStates, nodeFieldStates, templateAsEdge, templateAsNode } from '../design/designForm';
import styles from '../kit/Panel.module.css';
import type { PanelProps } from '../types';
import { type LockHolder, PanelEmpty, PanelFrame } from '../kit/PanelFrame';

/** How many objects follow each template. */
function usage(store: DocumentStore): Map<string, number> {
  const out = new Map<string, number>();
  const doc = store.document;
  for (const el of [...doc.nodes, ...doc.edges]) {
    if (el.template !== NO_TEMPLATE) out.set(el.template, (out.get(el.template) ?? 0) + 1);
  }
  return out;
}

function TemplateName({ template, disabled, onRename }: { template: ObjectTemplate; disabled: boolean; onRename: (name: string) => void }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<string | null>(null);
  if (editing === null) {
    return (
      <span className={styles.templateName}>
        <span data-testid="template-name">{template.name}</span>
        <button
          type="button"
          className={styles.reset}
          disabled={disabled}
          data-testid="template-rename"
          onClick={() => {
            setEditing(template.name);
          }}
        >
          {t('sidebar.templates.rename')}
        </button>
      </span>
    );
  }
  const name = editing.trim();
  const ok = name !== '' && name.length <= 100;
  return (
    <form
      className={styles.templateName}
      onSubmit={(e) => {
        e.preventDefault();
        if (!ok) return;
        if (name !== template.name) onRename(name);
        setEditing(null);
      }}
    >
      <input
        className={styles.input}
        value={editing}
        aria-label={t('sidebar.templates.name')}
        aria-invalid={ok ? undefined : true}
        maxLength={100}
        data-testid="template-name-input"
        autoFocus
        onChange={(e) => {
          setEditing(e.target.value);
        }}
      />
      <Button size="small" type="submit" disabled={!ok}>
        {t('sidebar.templates.save')}
      </Button>
    </form>
  );
}

/**
 * The template calls go through the store like every edit: shown at once, saved in order after
 * what waits, undone with Ctrl+Z; a refusal is told by the store's toast, with the server's reason.
 */
function templateCalls(store: DocumentStore) {
  return {
    create(template: TemplateCreate): boolean {
      return store.apply({ type: 'createTemplate', template }).ok;
    },
    update(template: ObjectTemplate, patch: TemplatePatch): void {
      store.apply({ type: 'updateTemplate', id: template.id, patch });
    },
    remove(template: ObjectTemplate): void {
      store.apply({ type: 'deleteTemplate', id: template.id });
    },
  };
}

/** The shape (node) or edge template list, acting on the selected object of that kind. */
export function TemplatesSidebar({
  kind,
  store,
  element,
  lockedBy,
  onClose,
}: {
  kind: TemplateType;
  store: DocumentStore;
  element: Node | Edge | undefined;
  /** Another editor holds the selected object. */
  lockedBy: LockHolder | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const calls = templateCalls(store);
  const [name, setName] = useState('');
  const [deleting, setDeleting] = useState<ObjectTemplate | null>(null);
  const templates = store.document.object_templates.filter((x) => x.type === kind);
  const used = usage(store);
  const stored = element !== undefined && element.id > 0;
  const locked = element !== undefined && ('editing' in element ? element.editing.locked : element.locked);
  const canAct = stored && lockedBy === null && !locked;
  const followed = element ? templates.find((x) => String(x.id) === element.template) : undefined;
  const overrides = element ? Object.keys(element.design).filter((k) => k !== 'object_template' && k !== 'shape').length : 0;
  const title = t(kind === 'node' ? 'editor.menu.options.shapeTemplates' : 'editor.menu.options.edgeTemplates');

  return (
    <PanelFrame title={title} testId={`${kind}-templates-sidebar`} onClose={onClose} lockedBy={lockedBy}>
      {!element ? (
        <PanelEmpty text={t(kind === 'node' ? 'sidebar.templates.selectNode' : 'sidebar.templates.selectEdge')} />
      ) : (
        <section className={styles.group} data-testid="template-selection">
          <p className={styles.note} data-testid="template-follows">
            {followed ? t('sidebar.design.follows', { name: followed.name }) : t('sidebar.design.followsNone')}
          </p>
          {followed && (
            <p className={styles.hint} data-testid="template-own-values">
              {t('sidebar.templates.ownValues', { count: overrides })}
            </p>
          )}
          {followed && (
            <div className={styles.templateButtons}>
              <Button
                size="small"
                variant="secondary"
                disabled={!canAct || overrides === 0}
                data-testid="template-restore"
                title={t('sidebar.templates.restoreHint')}
                onClick={() => store.apply({ type: 'restoreTemplate', target: kind, id: element.id })}
              >
                {t('sidebar.templates.restore')}
              </Button>
              <Button
                size="small"
                variant="ghost"
                disabled={!canAct}
                data-testid="template-detach"
                onClick={() => store.apply({ type: 'applyTemplate', target: kind, id: element.id, template: NO_TEMPLATE })}
              >
                {t('sidebar.templates.detach')}
              </Button>
            </div>
          )}
          <form
            className={styles.createForm}
            onSubmit={(e) => {
              e.preventDefault();
              const n = name.trim();
              if (!canAct || n === '') return;
              const body =
                kind === 'node'
                  ? { name: n, type: 'node' as const, from_node_id: element.id }
                  : { name: n, type: 'edge' as const, from_edge_id: element.id };
              if (calls.create(body)) setName('');
            }}
          >
            <label className={styles.field}>
              {t('sidebar.templates.createFrom')}
              <input
                className={styles.input}
                value={name}
                maxLength={100}
                placeholder={t('sidebar.templates.name')}
                disabled={!canAct}
                data-testid="template-new-name"
                onChange={(e) => {
                  setName(e.target.value);
                }}
              />
            </label>
            <Button size="small" type="submit" disabled={!canAct || name.trim() === ''} data-testid="template-create">
              {t('sidebar.templates.create')}
            </Button>
          </form>
        </section>
      )}
      <section className={styles.group}>
        <h3 className={styles.legend}>{t('sidebar.templates.list')}</h3>
        {templates.length === 0 && <p className={styles.note}>{t('sidebar.templates.empty')}</p>}
        <ul className={styles.templateList}>
          {templates.map((x) => (
            <li key={x.id} className={styles.templateRow} data-testid={`template-${x.id}`}>
              <TemplateName
                template={x}
                disabled={false}
                onRename={(n) => {
                  calls.update(x, { name: n });
                }}
              />
              <span className={styles.hint}>{t('sidebar.templates.usedBy', { count: used.get(String(x.id)) ?? 0 })}</span>
              <span className={styles.templateActions}>
                <Button
                  size="small"
                  variant="secondary"
                  // A template still being created has no id to follow yet.
                  disabled={!canAct || followed?.id === x.id || x.id < 0}
                  data-testid="template-apply"
                  onClick={() => {
                    if (element) store.apply({ type: 'applyTemplate', target: kind, id: element.id, template: String(x.id) });
                  }}
                >
                  {followed?.id === x.id ? t('sidebar.templates.applied') : t('sidebar.templates.apply')}
                </Button>
                <Button
                  size="small"
                  variant="dangerOutline"
                  data-testid="template-delete"
                  onClick={() => {
                    setDeleting(x);
                  }}
                >
                  {t('sidebar.templates.delete')}
                </Button>
              </span>
            </li>
          ))}
        </ul>
      </section>
      {deleting && (
        <ConfirmDialog
          title={t('sidebar.templates.deleteTitle', { name: deleting.name })}
          text={t('sidebar.templates.deleteText', { count: used.get(String(deleting.id)) ?? 0 })}
          confirm={t('sidebar.templates.delete')}
          onConfirm={() => {
            calls.remove(deleting);
            setDeleting(null);
          }}
          onClose={() => {
            setDeleting(null);
          }}
        />
      )}
    </PanelFrame>
  );
}

/** Every template of the map, with the design of the chosen one to edit (its objects follow at once). */
export function ManageTemplatesSidebar({
  store,
  global,
  chosen,
  onChoose,
  holderOf,
  onClose,
}: {
  store: DocumentStore;
  global: GlobalDesign;
  /** The template being edited (its lock is the Editor's to take). */
  chosen: number | null;
  onChoose: (id: number | null) => void;
  /** Who else holds a template's lock. */
  holderOf: (id: number) => LockHolder | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const calls = templateCalls(store);
  const all = store.document.object_templates;
  const template = all.find((x) => x.id === chosen);
  const holder = template ? holderOf(template.id) : null;
  // A chosen template another editor deleted is no longer chosen.
  useEffect(() => {
    if (chosen !== null && !template) onChoose(null);
  }, [chosen, template, onChoose]);
  const ctx = { templates: new Map(), global };
  const change = (field: string, value: string | number | boolean | null) => {
    if (!template) return;
    // A template's null is "not set": its objects then inherit from the global design.
    calls.update(template, { design: { [field]: value } });
  };
  return (
    <PanelFrame title={t('editor.menu.options.manageTemplates')} testId="manage-templates-sidebar" onClose={onClose} lockedBy={holder}>
      {all.length === 0 && <p className={styles.note}>{t('sidebar.templates.empty')}</p>}
      {(['node', 'edge'] as const).map((kind) => (
        <section key={kind} className={styles.group}>
          <h3 className={styles.legend}>
            {t(kind === 'node' ? 'editor.menu.options.shapeTemplates' : 'editor.menu.options.edgeTemplates')}
          </h3>
          <ul className={styles.templateList}>
            {all
              .filter((x) => x.type === kind)
              .map((x) => (
                <li key={x.id}>
                  <button
                    type="button"
                    className={[styles.templatePick, x.id === chosen && styles.templatePickOn].filter(Boolean).join(' ')}
                    aria-pressed={x.id === chosen}
                    data-testid={`manage-template-${x.id}`}
                    onClick={() => {
                      onChoose(x.id === chosen ? null : x.id);
                    }}
                  >
                    {x.name}
                  </button>
                </li>
              ))}
          </ul>
        </section>
      ))}
      {template?.type === 'node' && (
        <DesignFields
          form={NODE_DESIGN_FORM.map((g) => ({ ...g, rows: g.rows.filter((r) => r.field !== 'shape') }))}
          specs={NODE_DESIGN_FIELDS}
          states={nodeFieldStates(templateAsNode(template), ctx)}
          templateName={undefined}
          readOnly={holder !== null}
          onChange={change}
        />
      )}
      {template?.type === 'edge' && (
        <DesignFields
          form={EDGE_DESIGN_FORM}
          specs={EDGE_DESIGN_FIELDS}
          states={edgeFieldStates(templateAsEdge(template), ctx)}
          templateName={undefined}
          readOnly={holder !== null}
          lineLabels
          onChange={change}
        />
      )}
    </PanelFrame>
  );
}

/** The shape templates of the selected node. */
export function ShapeTemplatesPanel({ store, editingNode, holderOf, closePanel }: PanelProps) {
  const node = editingNode === undefined ? undefined : store.getNode(editingNode);
  return (
    <TemplatesSidebar kind="node" store={store} element={node} lockedBy={node ? holderOf('node', node.id) : null} onClose={closePanel} />
  );
}

/** The edge templates of the selected edge. */
export function EdgeTemplatesPanel({ store, editingEdge, holderOf, closePanel }: PanelProps) {
  const edge = editingEdge === undefined ? undefined : store.getEdge(editingEdge);
  return (
    <TemplatesSidebar kind="edge" store={store} element={edge} lockedBy={edge ? holderOf('edge', edge.id) : null} onClose={closePanel} />
  );
}

export function ManageTemplatesPanel({ store, managedTemplate, setManagedTemplate, holderOf, closePanel }: PanelProps) {
  return (
    <ManageTemplatesSidebar
      store={store}
      global={store.globalDesign}
      chosen={managedTemplate}
      onChoose={setManagedTemplate}
      holderOf={(id) => holderOf('object_template', id)}
      onClose={closePanel}
    />
  );
}
