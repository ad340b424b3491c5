// Map settings (map-editor.md §3): size, expansion, background, number of levels and visited-node
// marking. A section one editor edits at a time: the Editor holds the `map` lock while it is open.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  EXPANSIONS,
  MEDIA_REPEATS,
  MEDIA_SIZES,
  NODE_TEXT_POSITIONS,
  type DesignFieldSpec,
  type MapDesignPatch,
  type MapPatch,
  type MapSettings,
} from '../../../api/document';
import type en from '../../../i18n/en.json';
import { ConfirmDialog } from '../../shell/EditorParts';
import { MediaField } from '../../media/MediaField';
import type { DocumentStore } from '../../store';
import styles from '../kit/Panel.module.css';
import type { PanelProps } from '../types';
import { type LockHolder, PanelFrame } from '../kit/PanelFrame';
import { ColorInput, TypedInput } from '../kit/typedFields';

type ValueKey = keyof (typeof en)['sidebar']['values'];

const MAP_SIDE: DesignFieldSpec = { kind: 'number', min: 100, max: 100_000 };
const OPACITY: DesignFieldSpec = { kind: 'number', min: 0, max: 100 };
/** A background is a picture: the library opens on images (vectors can be chosen by the filter). */
const PICTURE_TYPES = ['image', 'vector'] as const;
const URL_SPEC: DesignFieldSpec = { kind: 'url' };
const MAX_LEVELS = 12;

export function MapSettingsSidebar({
  store,
  map,
  lockedBy,
  onClose,
}: {
  store: DocumentStore;
  map: MapSettings;
  lockedBy: LockHolder | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const readOnly = lockedBy !== null;
  const [lowering, setLowering] = useState<{ levels: number; nodes: number; edges: number } | null>(null);
  const apply = (patch: MapPatch) => {
    store.apply({ type: 'setMapSettings', patch });
  };
  const design = (patch: MapDesignPatch) => {
    apply({ design: patch });
  };
  const select = <V extends string>(label: string, value: V, values: readonly V[], onChange: (v: V) => void, testId: string) => (
    <label className={styles.row}>
      <span className={styles.label}>{label}</span>
      <select
        className={styles.select}
        value={value}
        disabled={readOnly}
        data-testid={testId}
        onChange={(e) => {
          onChange(e.target.value as V);
        }}
      >
        {values.map((v) => (
          <option key={v} value={v}>
            {t(`sidebar.values.${v as ValueKey}`)}
          </option>
        ))}
      </select>
    </label>
  );
  const m = map.design;
  return (
    <PanelFrame title={t('editor.menu.options.mapSettings')} testId="map-settings-sidebar" onClose={onClose} lockedBy={lockedBy}>
      <fieldset className={styles.group}>
        <legend className={styles.legend}>{t('sidebar.map.size')}</legend>
        <div className={styles.row}>
          <span className={styles.label}>{t('sidebar.fields.width')}</span>
          <span className={styles.control}>
            <TypedInput
              spec={MAP_SIDE}
              value={map.measurement.width}
              disabled={readOnly}
              label={t('sidebar.fields.width')}
              testId="map-width"
              inputMode="decimal"
              onValue={(v) => {
                apply({ measurement: { width: Number(v), height: map.measurement.height } });
              }}
            />
            <span className={styles.unit}>px</span>
          </span>
        </div>
        <div className={styles.row}>
          <span className={styles.label}>{t('sidebar.fields.height')}</span>
          <span className={styles.control}>
            <TypedInput
              spec={MAP_SIDE}
              value={map.measurement.height}
              disabled={readOnly}
              label={t('sidebar.fields.height')}
              testId="map-height"
              inputMode="decimal"
              onValue={(v) => {
                apply({ measurement: { width: map.measurement.width, height: Number(v) } });
              }}
            />
            <span className={styles.unit}>px</span>
          </span>
        </div>
        {select(
          t('sidebar.map.expansion'),
          m.expansion,
          EXPANSIONS,
          (v) => {
            design({ expansion: v });
          },
          'map-expansion',
        )}
      </fieldset>

      <fieldset className={styles.group}>
        <legend className={styles.legend}>{t('sidebar.groups.background')}</legend>
        <div className={styles.row}>
          <span className={styles.label}>{t('sidebar.fields.bg_color')}</span>
          <span className={styles.control}>
            <ColorInput
              value={m.bg_color}
              disabled={readOnly}
              label={t('sidebar.fields.bg_color')}
              testId="map-bg_color"
              onValue={(v) => {
                design({ bg_color: v });
              }}
            />
          </span>
        </div>
        <div className={styles.row}>
          <span className={styles.label}>{t('sidebar.fields.media')}</span>
          <span className={styles.control}>
            <MediaField
              value={m.media ?? null}
              label={t('sidebar.groups.background')}
              types={PICTURE_TYPES}
              disabled={readOnly}
              testId="map-media"
              onChange={(key) => {
                design({ media: key ?? '' });
              }}
            />
          </span>
        </div>
        <div className={styles.row}>
          <span className={styles.label}>{t('sidebar.fields.media_url')}</span>
          <span className={styles.control}>
            <TypedInput
              spec={URL_SPEC}
              value={m.media_url ?? ''}
              disabled={readOnly}
              label={t('sidebar.fields.media_url')}
              testId="map-media_url"
              inputMode="url"
              commitOnBlur
              onValue={(v) => {
                design({ media_url: String(v) });
              }}
            />
          </span>
        </div>
        <p className={styles.note}>{t('sidebar.design.mediaExclusive')}</p>
        <div className={styles.row}>
          <span className={styles.label}>{t('sidebar.map.mediaPosition')}</span>
          <div className={styles.grid9} role="radiogroup" aria-label={t('sidebar.map.mediaPosition')} data-testid="map-media_position">
            {NODE_TEXT_POSITIONS.map((p) => (
              <button
                key={p}
                type="button"
                role="radio"
                aria-checked={m.media_position === p}
                aria-label={t(`sidebar.values.${p}`)}
                title={t(`sidebar.values.${p}`)}
                className={[styles.cell, m.media_position === p && styles.cellOn].filter(Boolean).join(' ')}
                disabled={readOnly}
                onClick={() => {
                  design({ media_position: p });
                }}
              />
            ))}
          </div>
        </div>
        {select(
          t('sidebar.map.mediaRepeat'),
          m.media_repeat,
          MEDIA_REPEATS,
          (v) => {
            design({ media_repeat: v });
          },
          'map-media_repeat',
        )}
        {select(
          t('sidebar.fields.media_size'),
          m.media_size,
          MEDIA_SIZES,
          (v) => {
            design({ media_size: v });
          },
          'map-media_size',
        )}
        <div className={styles.row}>
          <span className={styles.label}>{t('sidebar.fields.media_opacity')}</span>
          <span className={styles.control}>
            <TypedInput
              spec={OPACITY}
              value={m.media_opacity}
              disabled={readOnly}
              label={t('sidebar.fields.media_opacity')}
              testId="map-media_opacity"
              inputMode="decimal"
              onValue={(v) => {
                design({ media_opacity: Number(v) });
              }}
            />
            <span className={styles.unit}>%</span>
          </span>
        </div>
      </fieldset>

      <fieldset className={styles.group}>
        <legend className={styles.legend}>{t('sidebar.map.levelsGroup')}</legend>
        <label className={styles.row}>
          <span className={styles.label}>{t('sidebar.map.levels')}</span>
          <select
            className={styles.select}
            value={map.visibility_levels}
            disabled={readOnly}
            data-testid="map-levels"
            onChange={(e) => {
              const levels = Number(e.target.value);
              const squeezed = store.preview({ type: 'setMapSettings', patch: { visibility_levels: levels } });
              // Fewer levels squeeze ranges: said and asked first (it can be undone).
              if (squeezed.rangedNodes + squeezed.rangedEdges > 0)
                setLowering({ levels, nodes: squeezed.rangedNodes, edges: squeezed.rangedEdges });
              else apply({ visibility_levels: levels });
            }}
          >
            {Array.from({ length: MAX_LEVELS }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <p className={styles.note}>{t('sidebar.map.levelsClamp')}</p>
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={map.behavior.mark_visited_nodes}
            disabled={readOnly}
            data-testid="map-mark_visited"
            onChange={(e) => {
              apply({ behavior: { mark_visited_nodes: e.target.checked } });
            }}
          />
          {t('sidebar.map.markVisited')}
        </label>
      </fieldset>
      {lowering && (
        <ConfirmDialog
          title={t('sidebar.map.lowerTitle', { count: lowering.levels })}
          text={t('sidebar.map.lowerText', {
            levels: lowering.levels,
            nodes: t('editor.remove.nodes', { count: lowering.nodes }),
            edges: t('editor.remove.edges', { count: lowering.edges }),
          })}
          confirm={t('sidebar.map.lowerConfirm', { count: lowering.levels })}
          onConfirm={() => {
            apply({ visibility_levels: lowering.levels });
            setLowering(null);
          }}
          onClose={() => {
            setLowering(null);
          }}
        />
      )}
    </PanelFrame>
  );
}

export function MapSettingsPanel({ store, sectionHolder, closePanel }: PanelProps) {
  return <MapSettingsSidebar store={store} map={store.map} lockedBy={sectionHolder} onClose={closePanel} />;
}
