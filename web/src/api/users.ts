import { request } from './http';
import type { PasswordChange, User, UserPatch } from './types';

export function getUser(id: number, signal?: AbortSignal): Promise<User> {
  return request<User>('GET', `/users/${id}`, { signal });
}

export function patchUser(id: number, patch: UserPatch): Promise<User> {
  return request<User>('PATCH', `/users/${id}`, { body: patch });
}

/** Changes one's own password (the current one checked); every other session is signed out. */
export function changePassword(id: number, body: PasswordChange): Promise<void> {
  return request<undefined>('POST', `/users/${id}/password`, { body });
}
