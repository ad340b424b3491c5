import { describe, expect, it } from 'vitest';
import { needsLargeScreen } from './screen';

describe('needsLargeScreen', () => {
  it('is the editor only', () => {
    expect(needsLargeScreen('/editor/12')).toBe(true);
  });

  it('lets everything reached from an e-mail, the account pages and the readers work on a phone', () => {
    for (const path of [
      '/login',
      '/register',
      '/reset-password',
      '/verify-email',
      '/decline',
      '/clients',
      '/clients/demo',
      '/clients/demo/settings',
      '/settings',
      '/preview/12',
      '/m/harbour',
      '/no-such-page',
      '/editorial',
    ]) {
      expect(needsLargeScreen(path), path).toBe(false);
    }
  });
});
