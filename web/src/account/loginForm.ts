import { ApiError } from '../api';

export interface LoginValues {
  email: string;
  password: string;
  rememberMe: boolean;
}

export type LoginField = 'email' | 'password';
export type FieldProblem = 'emailRequired' | 'emailInvalid' | 'passwordRequired';
export type FieldProblems = Partial<Record<LoginField, FieldProblem>>;

const EMAIL = /^[^\s@]+@[^\s@]+$/;

/** Checks done before calling the server, so that most mistakes get an immediate answer. */
export function validateLogin(values: LoginValues): FieldProblems {
  const problems: FieldProblems = {};
  const email = values.email.trim();
  if (email === '') problems.email = 'emailRequired';
  else if (!EMAIL.test(email)) problems.email = 'emailInvalid';
  if (values.password === '') problems.password = 'passwordRequired';
  return problems;
}

export type LoginFailure =
  | { kind: 'invalidCredentials' }
  | { kind: 'rateLimited' }
  | { kind: 'busy' }
  | { kind: 'fields'; fields: string[] }
  | { kind: 'network' }
  | { kind: 'generic' };

export function classifyLoginError(err: unknown): LoginFailure {
  if (!(err instanceof ApiError)) return { kind: 'generic' };
  if (err.status === 0) return { kind: 'network' };
  if (err.status === 401 || err.code === 'invalid_credentials') return { kind: 'invalidCredentials' };
  if (err.status === 429 || err.code === 'rate_limited') return { kind: 'rateLimited' };
  // Every password hash slot taken: the server asks to retry in seconds (503 busy).
  if (err.status === 503 || err.code === 'busy') return { kind: 'busy' };
  if (err.status === 400 && err.fields.length > 0) return { kind: 'fields', fields: err.fields };
  return { kind: 'generic' };
}

export function isLoginField(name: string): name is LoginField {
  return name === 'email' || name === 'password';
}
