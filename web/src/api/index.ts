export { API_BASE, ApiError, parseErrorBody, request } from './http';
export type { Method, RequestOptions } from './http';
export { getSession, login, logout } from './auth';
export { getUser, patchUser } from './users';
export type * from './types';
