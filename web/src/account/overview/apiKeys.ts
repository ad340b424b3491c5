import type { ApiKey, ApiKeyScope } from '../../api';

/** The scopes a key may have, in the order the form offers them. */
export const API_KEY_SCOPES: readonly ApiKeyScope[] = ['read', 'edit'];

/** The server's bound on a key's name, in characters. */
export const API_KEY_NAME_MAX = 100;

export type ApiKeyNameProblem = 'required' | 'tooLong' | 'oneLine';

/** What is wrong with a new key's name, as the server would say, or null. */
export function apiKeyNameProblem(name: string): ApiKeyNameProblem | null {
  const trimmed = name.trim();
  if (trimmed === '') return 'required';
  // Code points, as the server counts.
  if (Array.from(trimmed).length > API_KEY_NAME_MAX) return 'tooLong';
  // Line breaks and other control characters.
  if (/\p{Cc}|[\u2028\u2029]/u.test(trimmed)) return 'oneLine';
  return null;
}

/** The list after a key was created (newest last, as the server lists them) or revoked. */
export function withKey(keys: readonly ApiKey[], created: ApiKey): ApiKey[] {
  const { id, name, scope, user_id, created_at, last_used_at, created_by } = created;
  // Only the listed fields: the created key's secret must not linger in the cache.
  return [...keys.filter((k) => k.id !== id), { id, name, scope, user_id, created_at, last_used_at, created_by }];
}

export function withoutKey(keys: readonly ApiKey[], id: number): ApiKey[] {
  return keys.filter((k) => k.id !== id);
}
