import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_TOASTS, TOAST_DURATION_MS, ToastStore } from './toasts';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('ToastStore', () => {
  it('shows a toast and dismisses it after its kind’s time', () => {
    const store = new ToastStore();
    store.success('Saved');
    store.error('Failed');
    expect(store.get().map((t) => [t.kind, t.message])).toEqual([
      ['success', 'Saved'],
      ['error', 'Failed'],
    ]);

    vi.advanceTimersByTime(TOAST_DURATION_MS.success);
    expect(store.get().map((t) => t.message)).toEqual(['Failed']);

    vi.advanceTimersByTime(TOAST_DURATION_MS.error - TOAST_DURATION_MS.success);
    expect(store.get()).toEqual([]);
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
    vi.advanceTimersByTime(TOAST_DURATION_MS.success - 10);
    store.success('Saved');
    expect(store.get()).toHaveLength(1);
    vi.advanceTimersByTime(20);
    expect(store.get()).toHaveLength(1);
  });
});
