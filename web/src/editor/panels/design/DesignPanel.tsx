// The node and edge design sidebars (map-editor.md §3): one form drawn from the field tables of
// designForm.ts, each row with where its value comes from and a control to inherit it again.
import { useContext, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DesignFieldTable, Edge, EdgeDesignValues, GlobalDesign, Node, NodeDesignValues, ObjectTemplate } from '../../../api/document';
import { EDGE_DESIGN_FIELDS, NODE_DESIGN_FIELDS, NODE_TEXT_POSITIONS } from '../../../api/document';
import type { Language } from '../../../api/types';
import type en from '../../../i18n/en.json';
import { indexTemplates } from '../../../map/style';
import { ClientFontFamilies } from '../../fonts/fonts';
import { MediaField } from '../../media/MediaField';
import type { DocumentStore } from '../../store';
import { firstLanguage } from '../kit/checks';
import { LanguageTabs } from '../kit/LanguageTabs';
import {
  EDGE_DESIGN_FORM,
  GENERIC_FONT_FAMILIES,
  NODE_DESIGN_FORM,
  edgeFieldStates,
  followedTemplate,
  nodeFieldPatch,
  nodeFieldStates,
  selectChoices,
  type FieldGroup,
  type FieldRow,
  type FieldState,
} from './designForm';
import styles from '../kit/Panel.module.css';
import type { PanelProps } from '../types';
import { type LockHolder, PanelEmpty, PanelFrame } from '../kit/PanelFrame';
import { ColorInput, SourceNote, TypedInput } from '../kit/typedFields';

type ValueKey = keyof (typeof en)['sidebar']['values'];

/** The design field that holds a media asset's key (a node's or a node template's). */
const isMediaField = (field: string) => field === 'media';
type FieldValue = string | number | boolean | null;

export function DesignFields<V extends object>({
  form,
  specs,
  states,
  templateName,
  readOnly,
  onChange,
  lineLabels = false,
}: {
  form: readonly FieldGroup<V>[];
  specs: DesignFieldTable<V>;
  states: Record<keyof V, FieldState>;
  templateName: string | undefined;
  readOnly: boolean;
  onChange: (field: keyof V & string, value: FieldValue) => void;
  /** An edge's border_* fields are its line. */
  lineLabels?: boolean;
}) {
  const { t } = useTranslation();
  const fontsId = useId();
  const clientFamilies = useContext(ClientFontFamilies);
  const label = (field: string) =>
    lineLabels && field.startsWith('border_')
      ? t(`sidebar.lineFields.${field as 'border_color'}`)
      : t(`sidebar.fields.${field as keyof NodeDesignValues | keyof EdgeDesignValues}`);
  const control = (row: FieldRow<V>) => {
    const { field } = row;
    const state = states[field];
    const spec = specs[field] as (typeof NODE_DESIGN_FIELDS)[keyof NodeDesignValues];
    const value = state.value;
    const testId = `field-${field}`;
    // A node's (or a node template's) media: an asset of the library, chosen in choosing mode.
    if (isMediaField(field)) {
      return (
        <MediaField
          value={value === '' ? null : String(value)}
          label={label(field)}
          disabled={readOnly}
          testId={testId}
          onChange={(key) => {
            onChange(field, key);
          }}
        />
      );
    }
    switch (row.control) {
      case 'toggle':
        return (
          <input
            type="checkbox"
            checked={value === true}
            disabled={readOnly}
            aria-label={label(field)}
            data-testid={testId}
            onChange={(e) => {
              onChange(field, e.target.checked);
            }}
          />
        );
      case 'select':
        return (
          <select
            className={styles.select}
            value={String(value)}
            disabled={readOnly}
            aria-label={label(field)}
            data-testid={testId}
            onChange={(e) => {
              onChange(field, field === 'font_weight' ? Number(e.target.value) : e.target.value);
            }}
          >
            {selectChoices(spec, field).map((c) => (
              <option key={c.value} value={c.value} disabled={c.disabled}>
                {field === 'shape'
                  ? t(`editor.shapes.${c.value as 'circle'}`)
                  : field === 'font_weight'
                    ? c.value
                    : t(`sidebar.values.${c.value as ValueKey}`)}
              </option>
            ))}
          </select>
        );
      case 'position':
        return (
          <div className={styles.grid9} role="radiogroup" aria-label={label(field)} data-testid={testId}>
            {NODE_TEXT_POSITIONS.map((p) => (
              <button
                key={p}
                type="button"
                role="radio"
                aria-checked={value === p}
                aria-label={t(`sidebar.values.${p}`)}
                title={t(`sidebar.values.${p}`)}
                className={[styles.cell, value === p && styles.cellOn].filter(Boolean).join(' ')}
                disabled={readOnly}
                data-testid={`${testId}-${p}`}
                onClick={() => {
                  onChange(field, p);
                }}
              />
            ))}
          </div>
        );
      case 'color':
        return (
          <ColorInput
            value={String(value)}
            disabled={readOnly}
            label={label(field)}
            testId={testId}
            onValue={(v) => {
              onChange(field, v);
            }}
          />
        );
      case 'number':
        return (
          <>
            <TypedInput
              spec={spec}
              value={Number(value)}
              disabled={readOnly}
              label={label(field)}
              testId={testId}
              inputMode="decimal"
              onValue={(v) => {
                onChange(field, v);
              }}
            />
            {row.unit && <span className={styles.unit}>{row.unit}</span>}
          </>
        );
      case 'font':
        return (
          <>
            <TypedInput
              spec={spec}
              value={String(value)}
              disabled={readOnly}
              label={label(field)}
              testId={testId}
              list={fontsId}
              commitOnBlur
              onValue={(v) => {
                onChange(field, v === '' ? null : v);
              }}
            />
            <datalist id={fontsId}>
              {[...clientFamilies, ...GENERIC_FONT_FAMILIES].map((f) => (
                <option key={f} value={f} />
              ))}
            </datalist>
          </>
        );
      case 'text':
      case 'url':
        return (
          <TypedInput
            spec={spec}
            value={String(value)}
            disabled={readOnly}
            label={label(field)}
            testId={testId}
            inputMode={row.control === 'url' ? 'url' : 'text'}
            commitOnBlur
            onValue={(v) => {
              onChange(field, v === '' ? null : v);
            }}
          />
        );
    }
  };
  return (
    <>
      {form.map((g) => (
        <fieldset key={g.group} className={styles.group}>
          <legend className={styles.legend}>{t(`sidebar.groups.${g.group}`)}</legend>
          {g.rows.map((row) => (
            <div key={row.field} className={styles.row}>
              <span className={styles.label}>{label(row.field)}</span>
              <span className={styles.control}>{control(row)}</span>
              {/* The shape is always the node's own. */}
              {row.field !== 'shape' && (
                <SourceNote
                  field={row.field}
                  source={states[row.field].source}
                  templateName={templateName}
                  disabled={readOnly}
                  onReset={() => {
                    onChange(row.field, null);
                  }}
                />
              )}
            </div>
          ))}
        </fieldset>
      ))}
    </>
  );
}

function TemplateNote({ template }: { template: ObjectTemplate | undefined }) {
  const { t } = useTranslation();
  return (
    <p className={styles.note} data-testid="design-template">
      {template ? t('sidebar.design.follows', { name: template.name }) : t('sidebar.design.followsNone')}
    </p>
  );
}

const LABEL_SLOTS = ['start', 'middle', 'end'] as const;
const LABEL_SPEC = { kind: 'text', max: 500 } as const;

/** An edge's three label slots per language, saved when a box is left. */
function EdgeLabels({ store, edge, readOnly }: { store: DocumentStore; edge: Edge; readOnly: boolean }) {
  const { t, i18n } = useTranslation();
  const [lang, setLang] = useState<Language>(() => firstLanguage(store.map.languages, i18n.language));
  return (
    <fieldset className={styles.group} data-testid="edge-labels">
      <legend className={styles.legend}>{t('sidebar.labels.title')}</legend>
      <LanguageTabs languages={store.map.languages} lang={lang} onLang={setLang} testId="label" />
      {LABEL_SLOTS.map((slot) => (
        <div key={`${lang}-${slot}`} className={styles.row}>
          <span className={styles.label}>{t(`sidebar.labels.${slot}`)}</span>
          <span className={styles.control}>
            <TypedInput
              spec={LABEL_SPEC}
              value={edge.content[lang]?.[slot] ?? ''}
              disabled={readOnly}
              label={t(`sidebar.labels.${slot}`)}
              testId={`label-${slot}`}
              commitOnBlur
              onValue={(v) => {
                store.apply({ type: 'setEdgeContent', id: edge.id, content: { [lang]: { [slot]: String(v) } } });
              }}
            />
          </span>
        </div>
      ))}
    </fieldset>
  );
}

interface DesignSidebarProps<E> {
  store: DocumentStore;
  element: E | undefined;
  templates: readonly ObjectTemplate[];
  global: GlobalDesign;
  lockedBy: LockHolder | null;
  onClose: () => void;
}

export function NodeDesignSidebar({ store, element: node, templates, global, lockedBy, onClose }: DesignSidebarProps<Node>) {
  const { t } = useTranslation();
  const byId = useMemo(() => indexTemplates(templates), [templates]);
  const states = useMemo(() => (node ? nodeFieldStates(node, { templates: byId, global }) : null), [node, byId, global]);
  const template = node ? followedTemplate(node, 'node', byId) : undefined;
  return (
    <PanelFrame title={t('editor.menu.options.nodeDesign')} testId="node-design-sidebar" onClose={onClose} lockedBy={lockedBy}>
      {!node || !states ? (
        <PanelEmpty text={t('sidebar.design.noNode')} />
      ) : (
        <>
          <TemplateNote template={template} />
          {states.shape.value === 'circle' && <p className={styles.note}>{t('sidebar.design.circleSides')}</p>}
          <DesignFields
            form={NODE_DESIGN_FORM}
            specs={NODE_DESIGN_FIELDS}
            states={states}
            templateName={template?.name}
            readOnly={lockedBy !== null || node.editing.locked}
            onChange={(field, value) => {
              store.apply({ type: 'setNodeDesign', id: node.id, design: nodeFieldPatch(field, value, states) });
            }}
          />
          <p className={styles.note}>{t('sidebar.design.mediaExclusive')}</p>
        </>
      )}
    </PanelFrame>
  );
}

export function EdgeDesignSidebar({ store, element: edge, templates, global, lockedBy, onClose }: DesignSidebarProps<Edge>) {
  const { t } = useTranslation();
  const byId = useMemo(() => indexTemplates(templates), [templates]);
  const states = useMemo(() => (edge ? edgeFieldStates(edge, { templates: byId, global }) : null), [edge, byId, global]);
  const template = edge ? followedTemplate(edge, 'edge', byId) : undefined;
  return (
    <PanelFrame title={t('editor.menu.options.edgeDesign')} testId="edge-design-sidebar" onClose={onClose} lockedBy={lockedBy}>
      {!edge || !states ? (
        <PanelEmpty text={t('sidebar.design.noEdge')} />
      ) : (
        <>
          <TemplateNote template={template} />
          <DesignFields
            form={EDGE_DESIGN_FORM}
            specs={EDGE_DESIGN_FIELDS}
            states={states}
            templateName={template?.name}
            readOnly={lockedBy !== null || edge.locked}
            lineLabels
            onChange={(field, value) => {
              store.apply({ type: 'setEdgeDesign', id: edge.id, design: { [field]: value } });
            }}
          />
          <EdgeLabels store={store} edge={edge} readOnly={lockedBy !== null || edge.locked} />
        </>
      )}
    </PanelFrame>
  );
}

/** The design of the selected node. */
export function NodeDesignPanel({ store, editingNode, holderOf, closePanel }: PanelProps) {
  const node = editingNode === undefined ? undefined : store.getNode(editingNode);
  return (
    <NodeDesignSidebar
      store={store}
      element={node}
      templates={store.document.object_templates}
      global={store.globalDesign}
      lockedBy={node ? holderOf('node', node.id) : null}
      onClose={closePanel}
    />
  );
}

/** The design of the selected edge. */
export function EdgeDesignPanel({ store, editingEdge, holderOf, closePanel }: PanelProps) {
  const edge = editingEdge === undefined ? undefined : store.getEdge(editingEdge);
  return (
    <EdgeDesignSidebar
      store={store}
      element={edge}
      templates={store.document.object_templates}
      global={store.globalDesign}
      lockedBy={edge ? holderOf('edge', edge.id) : null}
      onClose={closePanel}
    />
  );
}
