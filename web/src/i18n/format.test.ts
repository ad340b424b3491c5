import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './format';

describe('formatDate', () => {
  it('writes a date in the interface language', () => {
    expect(formatDate('2025-03-07T10:00:00Z', 'en')).toBe('Mar 7, 2025');
    expect(formatDate('2025-03-07T10:00:00Z', 'de')).toBe('07.03.2025');
    expect(formatDate('2025-03-07T10:00:00Z', 'fr')).toBe('7 mars 2025');
  });

  it('gives nothing for an unreadable date', () => {
    expect(formatDate('yesterday', 'en')).toBe('');
    expect(formatDateTime('', 'de')).toBe('');
  });

  it('adds the time', () => {
    expect(formatDateTime('2025-03-07T10:00:00Z', 'en')).toMatch(/^Mar 7, 2025, \d{1,2}:\d{2}/);
  });
});
