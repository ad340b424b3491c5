import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_TOASTS, TOAST_DURATION_MS, ToastStore } from './toasts';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('ToastStore', () => {
  it('dismisses a success and a warning after their time, and keeps an error until dismissed', () => {
    const store = new ToastStore();
    store.success('Saved');
    store.warning('Careful');
    const failed = store.error('Failed');
    expect(store.get().map((t) => [t.kind, t.message])).toEqual([
      ['success', 'Saved'],
      ['warning', 'Careful'],
      ['error', 'Failed'],
    ]);

    vi.advanceTimersByTime(TOAST_DURATION_MS.success ?? 0);
    expect(store.get().map((t) => t.message)).toEqual(['Careful', 'Failed']);

    vi.advanceTimersByTime(60_000);
    expect(store.get().map((t) => t.message)).toEqual(['Failed']);
    store.dismiss(failed);
    expect(store.get()).toEqual([]);
  });

  it('drops the oldest toast that is not an error when too many show', () => {
    const store = new ToastStore();
    store.error('e0');
    for (let i = 1; i <= MAX_TOASTS; i++) store.success(`m${i}`);
    expect(store.get().map((t) => t.message)).toEqual(['e0', 'm2', 'm3', 'm4']);
  });

  it('lets a toast be dismissed early and notifies listeners', () => {
    const store = new ToastStore();
    const listener = vi.fn();
    store.subscribe(listener);
    const id = store.warning('Careful');
    store.dismiss(id);
    expect(store.get()).toEqual([]);
    expect(listener).toHaveBeenCalledTimes(2);
    store.dismiss(id);
    vi.runAllTimers();
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('keeps at most a few, dropping the oldest', () => {
    const store = new ToastStore();
    for (let i = 0; i <= MAX_TOASTS; i++) store.success(`m${i}`);
    expect(store.get()).toHaveLength(MAX_TOASTS);
    expect(store.get()[0]?.message).toBe('m1');
  });

  it('shows the same message once, restarting its time', () => {
    const store = new ToastStore();
    store.success('Saved');
    vi.advanceTimersByTime((TOAST_DURATION_MS.success ?? 0) - 10);
    store.success('Saved');
    expect(store.get()).toHaveLength(1);
    vi.advanceTimersByTime(20);
    expect(store.get()).toHaveLength(1);
  });
});
