import { request } from './http';
import type { LoginRequest, User } from './types';

export function login(credentials: LoginRequest, signal?: AbortSignal): Promise<User> {
  return request<User>('POST', '/auth/login', { body: credentials, signal });
}

export function logout(): Promise<void> {
  return request<undefined>('POST', '/auth/logout');
}

export function getSession(signal?: AbortSignal): Promise<User> {
  return request<User>('GET', '/auth/session', { signal });
}
