// The global design's sections besides the node and edge defaults (map-editor.md §3: popups,
// tooltips, table of contents, templates). The server stores them as given, whole per section;
// this table says which settings each has, their kinds and the values they start from.
import { POPUP_TYPES, type DesignFieldSpec, type GlobalDesign } from '../../../api/document';

export type ExtraSection = 'popups' | 'tooltips' | 'table_of_contents' | 'templates';

export interface SectionSetting {
  key: string;
  spec: DesignFieldSpec;
  /** What the setting is until it is set. */
  initial: string | number | boolean;
  /** Number unit shown after the box. */
  unit?: string;
}

const COLOR = { kind: 'color' } as const;
const BOOLEAN = { kind: 'boolean' } as const;

export const EXTRA_SECTIONS: Readonly<Record<ExtraSection, readonly SectionSetting[]>> = {
  popups: [
    { key: 'default_type', spec: { kind: 'enum', values: POPUP_TYPES }, initial: 'popup-small' },
    { key: 'bg_color', spec: COLOR, initial: '#ffffff' },
    { key: 'font_color', spec: COLOR, initial: '#1e293b' },
    { key: 'font_size', spec: { kind: 'number', min: 8, max: 48 }, initial: 15, unit: 'px' },
    // map-editor.md §5: GIF animation can be switched off for the whole map (the reader's popups).
    { key: 'gif_animation', spec: BOOLEAN, initial: true },
  ],
  tooltips: [
    { key: 'enabled', spec: BOOLEAN, initial: true },
    { key: 'bg_color', spec: COLOR, initial: '#1e293b' },
    { key: 'font_color', spec: COLOR, initial: '#ffffff' },
    { key: 'font_size', spec: { kind: 'number', min: 8, max: 32 }, initial: 12, unit: 'px' },
  ],
  table_of_contents: [
    { key: 'enabled', spec: BOOLEAN, initial: false },
    { key: 'position', spec: { kind: 'enum', values: ['left', 'right'] }, initial: 'left' },
    // account-area.md §5: up to four hierarchy levels.
    { key: 'depth', spec: { kind: 'number', min: 1, max: 4 }, initial: 2 },
  ],
  templates: [
    { key: 'node_template', spec: { kind: 'template' }, initial: '0' },
    { key: 'edge_template', spec: { kind: 'template' }, initial: '0' },
  ],
};

/** A setting's value in effect, and whether the section sets it. */
export function sectionValue(
  global: Pick<GlobalDesign, ExtraSection>,
  section: ExtraSection,
  setting: SectionSetting,
): { value: string | number | boolean; set: boolean } {
  const v = global[section][setting.key];
  const usable = typeof v === typeof setting.initial;
  return { value: usable ? (v as string | number | boolean) : setting.initial, set: usable };
}

/** The whole section with one setting changed (null: back to its initial value), as the server takes it. */
export function sectionPatch(
  global: Pick<GlobalDesign, ExtraSection>,
  section: ExtraSection,
  key: string,
  value: string | number | boolean | null,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...global[section] };
  if (value === null) Reflect.deleteProperty(out, key);
  else out[key] = value;
  return out;
}
