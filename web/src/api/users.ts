import { request } from './http';
import type { User, UserPatch } from './types';

export function getUser(id: number, signal?: AbortSignal): Promise<User> {
  return request<User>('GET', `/users/${id}`, { signal });
}

export function patchUser(id: number, patch: UserPatch): Promise<User> {
  return request<User>('PATCH', `/users/${id}`, { body: patch });
}
