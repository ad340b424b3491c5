import { describe, expect, it } from 'vitest';
import { isFiltered, listQueryOf, NO_FILTER } from './libraryQuery';
import { formatBytes, quotaPercent } from './mediaFormat';

describe('the library’s filter', () => {
  it('leaves out what does not narrow the list', () => {
    expect(listQueryOf(NO_FILTER)).toEqual({});
    expect(listQueryOf({ q: '  atoms ', type: 'image', container: '' })).toEqual({ q: 'atoms', type: 'image' });
    expect(listQueryOf({ q: '', type: '', container: 'map_icon' })).toEqual({ container: 'map_icon' });
  });
  it('says whether anything narrows it', () => {
    expect(isFiltered({ ...NO_FILTER, q: '   ' })).toBe(false);
    expect(isFiltered({ ...NO_FILTER, type: 'audio' })).toBe(true);
  });
});

describe('sizes', () => {
  it('shows the default limits as they are set', () => {
    expect(formatBytes(20971520, 'en')).toBe('20 MB');
    expect(formatBytes(2097152, 'en')).toBe('2 MB');
    expect(formatBytes(524288000, 'en')).toBe('500 MB');
    expect(formatBytes(1536, 'en')).toBe('1.5 kB');
    expect(formatBytes(1536, 'de')).toBe('1,5 kB');
    expect(formatBytes(512, 'en')).toBe('512 bytes');
    expect(formatBytes(1, 'en')).toBe('1 byte');
    expect(formatBytes(512, 'de')).toBe('512 Byte');
    // French separates the unit with a narrow no-break space.
    expect(formatBytes(512, 'fr')).toMatch(/^512\soctets$/);
  });
  it('gives the share of a quota used, none without a quota', () => {
    expect(quotaPercent(50, 200)).toBe(25);
    expect(quotaPercent(199, 200)).toBe(99);
    expect(quotaPercent(500, 200)).toBe(100);
    expect(quotaPercent(5, null)).toBeNull();
  });
});
