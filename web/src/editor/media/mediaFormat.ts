// Sizes and limits as people read them, in the interface's language: 20 MB, 1.5 GB, 812 kB.
const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/**
 * Bytes in units of 1024, as the limits are set (20971520 bytes, the image limit, shows as 20 MB;
 * it would read 21 MB counted by thousands).
 */
export function formatBytes(bytes: number, language: string): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: UNITS[unit],
    // Short bytes read "114 byte" in English; the long form is the plural a person writes.
    unitDisplay: unit === 0 ? 'long' : 'short',
    maximumFractionDigits: value < 10 && unit > 0 ? 1 : 0,
  }).format(value);
}

/** The share of a quota used, 0–100, rounded down so that a full quota is not shown before it is. */
export function quotaPercent(used: number, quota: number | null | undefined): number | null {
  if (quota === null || quota === undefined || quota <= 0) return null;
  return Math.min(100, Math.floor((used / quota) * 100));
}
