// What the public map asks of a reader it does not admit yet (account-area §3: limited maps are
// for members, partial ones for members and registered readers), and the words for what failed.
import { ApiError } from '../api';
import { isEmail, validatePasswordPair, type PasswordField } from '../account/forms';
import { problem, type FieldProblems } from '../account/problems';

/**
 * signIn: members only; signInOrRegister: a partial map, which anyone may register to read;
 * join: signed in, one step from reading a partial map.
 */
export type Gate = 'signIn' | 'signInOrRegister' | 'join';

/** The gate an answer of GET /public/maps/{url} puts up, null when it is no gate. */
export function gateOf(err: unknown): Gate | null {
  if (!(err instanceof ApiError)) return null;
  if (err.status === 401) return 'readers' in err.details ? 'signInOrRegister' : 'signIn';
  if (err.status === 403 && err.code === 'reader_required') return 'join';
  return null;
}

/** Whether the map is shown inside another site's page, where signing in takes the reader cookie. */
export function isEmbedded(w: Window = window): boolean {
  return w.self !== w.top;
}

/**
 * Whether the server refused to show this page outside a frame: a map callable only when embedded,
 * opened directly. The page it sends then carries this marker.
 */
export function embedOnlyRefused(page: Pick<Document, 'querySelector'> = document): boolean {
  return page.querySelector('meta[name="strata-embed-only"]') !== null;
}

export type ReaderField = 'name' | 'email' | PasswordField;
export const READER_FIELDS: readonly ReaderField[] = ['name', 'email', 'password', 'password_confirmation'];

export interface ReaderValues {
  name: string;
  email: string;
  password: string;
  password_confirmation: string;
}

export const NAME_MAX = 100;

/** The server's rules, checked before sending so that most mistakes are answered at once. */
export function validateReader(v: ReaderValues): FieldProblems<ReaderField> {
  const problems: FieldProblems<ReaderField> = validatePasswordPair(v.password, v.password_confirmation);
  const name = v.name.trim();
  if (name === '') problems.name = problem('required');
  else if (Array.from(name).length > NAME_MAX) problems.name = problem('tooLong');
  if (v.email.trim() === '') problems.email = problem('required');
  else if (!isEmail(v.email)) problems.email = problem('emailInvalid');
  return problems;
}

/** Keys under viewer.gate.errors. */
export type GateFailure = 'seatsTaken' | 'accountExists' | 'invalidCredentials' | 'rateLimited' | 'network' | 'generic';

export function gateFailure(err: unknown): GateFailure {
  if (!(err instanceof ApiError)) return 'generic';
  if (err.status === 0) return 'network';
  switch (err.code) {
    case 'quota_exceeded':
      return 'seatsTaken';
    case 'conflict':
      return 'accountExists';
    case 'invalid_credentials':
      return 'invalidCredentials';
    case 'rate_limited':
      return 'rateLimited';
  }
  return 'generic';
}
