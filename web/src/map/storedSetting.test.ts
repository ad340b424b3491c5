import { describe, expect, it } from 'vitest';
import { StoredSetting, parseBoolean } from './storedSetting';

function memory(): Map<string, string> & { getItem(k: string): string | null; setItem(k: string, v: string): void } {
  const m = new Map<string, string>() as Map<string, string> & { getItem(k: string): string | null; setItem(k: string, v: string): void };
  m.getItem = (k) => m.get(k) ?? null;
  m.setItem = (k, v) => {
    m.set(k, v);
  };
  return m;
}

describe('StoredSetting', () => {
  it('answers the fallback until set, then keeps the value where a new page finds it', () => {
    const store = memory();
    const a = new StoredSetting('k', false, parseBoolean, () => store);
    expect(a.get()).toBe(false);
    a.set(true);
    expect(a.get()).toBe(true);
    expect(new StoredSetting('k', false, parseBoolean, () => store).get()).toBe(true);
  });

  it('ignores a stored value that is not one and tells its listeners of a change', () => {
    const store = memory();
    store.setItem('k', 'maybe');
    const s = new StoredSetting('k', false, parseBoolean, () => store);
    expect(s.get()).toBe(false);
    let calls = 0;
    const off = s.subscribe(() => calls++);
    s.set(true);
    off();
    s.set(false);
    expect(calls).toBe(1);
  });

  it('works for the page when storage is refused', () => {
    const s = new StoredSetting(
      'k',
      'circle',
      (raw) => raw,
      () => {
        throw new Error('refused');
      },
    );
    expect(s.get()).toBe('circle');
    s.set('star');
    expect(s.get()).toBe('star');
  });
});
