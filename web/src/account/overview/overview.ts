import { ApiError, QUOTA_KINDS, type MapSummary, type MapTemplate, type QuotaKind } from '../../api';

/** The overview's sort orders. */
export const MAP_SORTS = ['edited', 'nameAsc', 'nameDesc'] as const;
export type MapSort = (typeof MAP_SORTS)[number];

export function isMapSort(value: string): value is MapSort {
  return (MAP_SORTS as readonly string[]).includes(value);
}

/** Maps whose name contains the search (case and accents ignored), in the chosen order. */
export function visibleMaps(maps: readonly MapSummary[], search: string, sort: MapSort, locale: string): MapSummary[] {
  const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
  const needle = fold(search.trim());
  const found = needle === '' ? [...maps] : maps.filter((m) => fold(m.name).includes(needle));
  switch (sort) {
    case 'nameAsc':
      return found.sort((a, b) => collator.compare(a.name, b.name) || a.id - b.id);
    case 'nameDesc':
      return found.sort((a, b) => collator.compare(b.name, a.name) || a.id - b.id);
    case 'edited':
      // By time, not text: the server's times carry a varying number of fraction digits.
      return found.sort((a, b) => Date.parse(b.updated_at) - Date.parse(a.updated_at) || b.id - a.id);
  }
}

function fold(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

export type TemplateTab = 'all' | 'mine';

/** The chooser's list: a tab (all, or one's own) and a theme ('' for every theme). */
export function visibleTemplates(templates: readonly MapTemplate[], tab: TemplateTab, theme: string): MapTemplate[] {
  return templates.filter((t) => (tab === 'all' || t.mine) && (theme === '' || t.theme === theme));
}

/** A quota refusal, as the interface words it (quota.* in the catalogs). */
export interface QuotaText {
  key: 'quota.reached' | 'quota.liveMapsAdmin' | 'quota.liveMapsMember';
  kind: QuotaKind;
  /** A seat refused while open invitations count: who holds the seats (quota.seatsTaken). */
  seats?: { max: number; members: number; pending: number };
}

function isQuotaKind(value: unknown): value is QuotaKind {
  return typeof value === 'string' && (QUOTA_KINDS as readonly string[]).includes(value);
}

/** The text of a quota refusal (409 quota_exceeded), or null for any other failure. */
export function quotaText(err: unknown, isAdmin: boolean): QuotaText | null {
  if (!(err instanceof ApiError) || err.code !== 'quota_exceeded') return null;
  // The kind is a code in problems.quota's params (details.quota repeats it for older clients).
  const kind = err.problems.quota?.params?.kind ?? err.details.quota;
  if (!isQuotaKind(kind)) return null;
  if (kind === 'live_map') return { key: isAdmin ? 'quota.liveMapsAdmin' : 'quota.liveMapsMember', kind };
  const { max, members, pending } = err.problems.quota?.params ?? {};
  if (typeof max === 'number' && typeof members === 'number' && typeof pending === 'number') {
    return { key: 'quota.reached', kind, seats: { max, members, pending } };
  }
  return { key: 'quota.reached', kind };
}

/** Where each node of a preview lands in a box of the given size, the map scaled to fit. */
export function previewDots(
  preview: MapSummary['preview'],
  boxWidth: number,
  boxHeight: number,
): { cx: number; cy: number; r: number; circle: boolean }[] {
  if (preview.width <= 0 || preview.height <= 0) return [];
  const scale = Math.min(boxWidth / preview.width, boxHeight / preview.height);
  const offsetX = (boxWidth - preview.width * scale) / 2;
  const offsetY = (boxHeight - preview.height * scale) / 2;
  const r = Math.max(2, Math.min(9, 110 * scale));
  return preview.points.map((p) => ({
    cx: offsetX + p.x * scale,
    cy: offsetY + p.y * scale,
    r,
    circle: p.shape === 'circle',
  }));
}

/** New-map form limits (the server's: editing.MinMapSide … MaxMapSide, 1–12 levels). */
export const MAP_SIDE_MIN = 100;
export const MAP_SIDE_MAX = 100_000;
export const LEVELS_MIN = 1;
export const LEVELS_MAX = 12;

export type NewMapField = 'name' | 'width' | 'height' | 'levels';

export interface NewMapFields {
  name: string;
  width: string;
  height: string;
  levels: string;
}

/** The fields a new map's form gets wrong: 'required', or 'range' for a number out of its bounds. */
export function newMapProblems(f: NewMapFields, minLevels = LEVELS_MIN): Partial<Record<NewMapField, 'required' | 'range'>> {
  const out: Partial<Record<NewMapField, 'required' | 'range'>> = {};
  if (f.name.trim() === '') out.name = 'required';
  const inRange = (v: string, lo: number, hi: number) => /^\d+$/.test(v.trim()) && Number(v) >= lo && Number(v) <= hi;
  if (!inRange(f.width, MAP_SIDE_MIN, MAP_SIDE_MAX)) out.width = 'range';
  if (!inRange(f.height, MAP_SIDE_MIN, MAP_SIDE_MAX)) out.height = 'range';
  if (!inRange(f.levels, minLevels, LEVELS_MAX)) out.levels = 'range';
  return out;
}
