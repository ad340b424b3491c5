// Global settings (map-editor.md §3): the global design, section by section. Nodes and edges are
// the defaults that inherited design values resolve to; popups, tooltips, table of contents and
// templates are stored as given. The Editor holds the `global_design` lock while it is open.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  EDGE_DESIGN_FIELDS,
  GLOBAL_DESIGN_SECTIONS,
  NODE_DESIGN_FIELDS,
  POPUP_TYPES,
  type GlobalDesign,
  type GlobalDesignSection,
  type ObjectTemplate,
} from '../../../api/document';
import type en from '../../../i18n/en.json';
import type { DocumentStore } from '../../store';
import { DesignFields } from '../design/DesignPanel';
import { EDGE_DESIGN_FORM, NODE_DESIGN_FORM, edgeFieldStates, nodeFieldStates } from '../design/designForm';
import { EXTRA_SECTIONS, sectionPatch, sectionValue, type ExtraSection, type SectionSetting } from './globalSettings';
import styles from '../kit/Panel.module.css';
import type { PanelProps } from '../types';
import { type LockHolder, PanelFrame } from '../kit/PanelFrame';
import { ColorInput, SourceNote, TypedInput } from '../kit/typedFields';

type SettingKey = keyof (typeof en)['sidebar']['global']['settings'];
type ValueKey = keyof (typeof en)['sidebar']['values'];

const NO_DEFAULTS = { nodes: {}, edges: {} };

function SettingControl({
  section,
  setting,
  global,
  templates,
  readOnly,
  onChange,
}: {
  section: ExtraSection;
  setting: SectionSetting;
  global: GlobalDesign;
  templates: readonly ObjectTemplate[];
  readOnly: boolean;
  onChange: (value: string | number | boolean | null) => void;
}) {
  const { t } = useTranslation();
  const { value, set } = sectionValue(global, section, setting);
  const label = t(`sidebar.global.settings.${setting.key as SettingKey}`);
  const testId = `global-${section}-${setting.key}`;
  const spec = setting.spec;
  let control;
  if (spec.kind === 'boolean') {
    control = (
      <input
        type="checkbox"
        checked={value === true}
        disabled={readOnly}
        aria-label={label}
        data-testid={testId}
        onChange={(e) => {
          onChange(e.target.checked);
        }}
      />
    );
  } else if (spec.kind === 'enum' || spec.kind === 'template') {
    const kind = setting.key === 'node_template' ? 'node' : 'edge';
    const choices =
      spec.kind === 'enum'
        ? spec.values.map((v) => ({
            value: v,
            text: (POPUP_TYPES as readonly string[]).includes(v)
              ? t(`sidebar.content.popupTypes.${v as (typeof POPUP_TYPES)[number]}`)
              : t(`sidebar.values.${v as ValueKey}`),
          }))
        : [
            { value: '0', text: t('sidebar.global.noTemplate') },
            ...templates.filter((x) => x.type === kind).map((x) => ({ value: String(x.id), text: x.name })),
          ];
    control = (
      <select
        className={styles.select}
        value={String(value)}
        disabled={readOnly}
        aria-label={label}
        data-testid={testId}
        onChange={(e) => {
          onChange(e.target.value);
        }}
      >
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.text}
          </option>
        ))}
      </select>
    );
  } else if (spec.kind === 'color') {
    control = <ColorInput value={String(value)} disabled={readOnly} label={label} testId={testId} onValue={onChange} />;
  } else {
    control = (
      <>
        <TypedInput
          spec={spec}
          value={typeof value === 'boolean' ? String(value) : value}
          disabled={readOnly}
          label={label}
          testId={testId}
          inputMode={spec.kind === 'number' ? 'decimal' : 'text'}
          onValue={(v) => {
            onChange(v);
          }}
        />
        {setting.unit && <span className={styles.unit}>{setting.unit}</span>}
      </>
    );
  }
  return (
    <div className={styles.row}>
      <span className={styles.label}>{label}</span>
      <span className={styles.control}>{control}</span>
      <SourceNote
        field={`${section}-${setting.key}`}
        source={set ? 'own' : 'default'}
        templateName={undefined}
        disabled={readOnly}
        onReset={() => {
          onChange(null);
        }}
      />
    </div>
  );
}

export function GlobalSettingsSidebar({
  store,
  global,
  lockedBy,
  onClose,
}: {
  store: DocumentStore;
  global: GlobalDesign;
  lockedBy: LockHolder | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [section, setSection] = useState<GlobalDesignSection>('nodes');
  const readOnly = lockedBy !== null;
  // The global design's own values are "own"; what it leaves out is the built-in default.
  const ctx = { templates: new Map(), global: NO_DEFAULTS };
  return (
    <PanelFrame title={t('editor.menu.options.globalSettings')} testId="global-settings-sidebar" onClose={onClose} lockedBy={lockedBy}>
      <label className={styles.field}>
        {t('sidebar.global.section')}
        <select
          className={styles.select}
          value={section}
          data-testid="global-section"
          onChange={(e) => {
            setSection(e.target.value as GlobalDesignSection);
          }}
        >
          {GLOBAL_DESIGN_SECTIONS.map((s) => (
            <option key={s} value={s}>
              {t(`sidebar.global.sections.${s}`)}
            </option>
          ))}
        </select>
      </label>
      <p className={styles.note}>{t(`sidebar.global.about.${section}`)}</p>
      {section === 'nodes' && (
        <DesignFields
          form={NODE_DESIGN_FORM.map((g) => ({ ...g, rows: g.rows.filter((r) => r.field !== 'shape') }))}
          specs={NODE_DESIGN_FIELDS}
          states={nodeFieldStates({ template: '0', design: global.nodes, geometry: { shape: 'rectangle' } }, ctx)}
          templateName={undefined}
          readOnly={readOnly}
          onChange={(field, value) => {
            store.apply({ type: 'setGlobalDesign', patch: { nodes: { [field]: value } } });
          }}
        />
      )}
      {section === 'edges' && (
        <DesignFields
          form={EDGE_DESIGN_FORM}
          specs={EDGE_DESIGN_FIELDS}
          states={edgeFieldStates({ template: '0', design: global.edges, name: '', node: { from_id: 0, to_id: 0 } }, ctx)}
          templateName={undefined}
          readOnly={readOnly}
          lineLabels
          onChange={(field, value) => {
            store.apply({ type: 'setGlobalDesign', patch: { edges: { [field]: value } } });
          }}
        />
      )}
      {section !== 'nodes' && section !== 'edges' && (
        <fieldset className={styles.group}>
          {EXTRA_SECTIONS[section].map((setting) => (
            <SettingControl
              key={setting.key}
              section={section}
              setting={setting}
              global={global}
              templates={store.document.object_templates}
              readOnly={readOnly}
              onChange={(value) => {
                store.apply({ type: 'setGlobalDesign', patch: { [section]: sectionPatch(global, section, setting.key, value) } });
              }}
            />
          ))}
        </fieldset>
      )}
    </PanelFrame>
  );
}

export function GlobalSettingsPanel({ store, sectionHolder, closePanel }: PanelProps) {
  return <GlobalSettingsSidebar store={store} global={store.globalDesign} lockedBy={sectionHolder} onClose={closePanel} />;
}
