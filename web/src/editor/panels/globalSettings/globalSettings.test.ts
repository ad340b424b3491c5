import { describe, expect, it } from 'vitest';
import { EXTRA_SECTIONS, sectionPatch, sectionValue } from './globalSettings';

const global = {
  popups: { bg_color: '#000000', font_size: 'big' },
  tooltips: {},
  table_of_contents: { depth: 3 },
  templates: {},
};
const setting = (section: keyof typeof EXTRA_SECTIONS, key: string) => {
  const s = EXTRA_SECTIONS[section].find((x) => x.key === key);
  if (!s) throw new Error(key);
  return s;
};

describe('global design sections', () => {
  it('reads a set value, and the initial one for an unset or ill-typed value', () => {
    expect(sectionValue(global, 'popups', setting('popups', 'bg_color'))).toEqual({ value: '#000000', set: true });
    expect(sectionValue(global, 'popups', setting('popups', 'font_size'))).toEqual({ value: 15, set: false });
    expect(sectionValue(global, 'tooltips', setting('tooltips', 'enabled'))).toEqual({ value: true, set: false });
    expect(sectionValue(global, 'table_of_contents', setting('table_of_contents', 'depth'))).toEqual({ value: 3, set: true });
  });

  it('sends the whole section with one setting changed, or taken out', () => {
    expect(sectionPatch(global, 'popups', 'font_color', '#ffffff')).toEqual({
      bg_color: '#000000',
      font_size: 'big',
      font_color: '#ffffff',
    });
    expect(sectionPatch(global, 'popups', 'bg_color', null)).toEqual({ font_size: 'big' });
    expect(global.popups).toEqual({ bg_color: '#000000', font_size: 'big' });
  });

  it('limits the table of contents to four levels', () => {
    expect(setting('table_of_contents', 'depth').spec).toEqual({ kind: 'number', min: 1, max: 4 });
  });
});
