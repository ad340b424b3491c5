import { describe, expect, it } from 'vitest';
import type { CreatedApiKey } from '../../api';
import { API_KEY_NAME_MAX, apiKeyNameProblem, withKey, withoutKey } from './apiKeys';

function key(id: number, name: string): CreatedApiKey {
  return {
    id,
    name,
    scope: 'read',
    user_id: 100 + id,
    created_at: '2026-11-24T10:00:00Z',
    last_used_at: null,
    created_by: { id: 1, name: 'Ada' },
    key: `strata_secret${id}`,
  };
}

describe('apiKeyNameProblem', () => {
  it('wants a name of one line within the bound', () => {
    expect(apiKeyNameProblem('')).toBe('required');
    expect(apiKeyNameProblem('   ')).toBe('required');
    expect(apiKeyNameProblem('x'.repeat(API_KEY_NAME_MAX + 1))).toBe('tooLong');
    expect(apiKeyNameProblem('two\nlines')).toBe('oneLine');
    expect(apiKeyNameProblem('nul\u0000')).toBe('oneLine');
    expect(apiKeyNameProblem('é'.repeat(API_KEY_NAME_MAX))).toBeNull();
    expect(apiKeyNameProblem('  Nightly import ')).toBeNull();
  });
});

describe('withKey', () => {
  it('adds the created key last, without its secret', () => {
    const list = withKey(withKey([], key(1, 'a')), key(2, 'b'));
    expect(list.map((k) => k.id)).toEqual([1, 2]);
    expect(JSON.stringify(list)).not.toContain('strata_secret');
  });
  it('does not list a key twice', () => {
    expect(withKey([key(1, 'a')], key(1, 'a'))).toHaveLength(1);
  });
});

describe('withoutKey', () => {
  it('drops the revoked key', () => {
    expect(withoutKey([key(1, 'a'), key(2, 'b')], 1).map((k) => k.id)).toEqual([2]);
  });
});
