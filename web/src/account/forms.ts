import type { ClientRole } from '../api';
import { problem, type FieldProblems } from './problems';

/**
 * The spec's minimum. The server also refuses passwords easy to guess for the user (their name,
 * address, patterns such as a word with a year: internal/auth/password.go) and names the field.
 */
export const MIN_PASSWORD_LENGTH = 8;

export type PasswordField = 'password' | 'password_confirmation';
export const PASSWORD_FIELDS: readonly PasswordField[] = ['password', 'password_confirmation'];

/** A new password: at least MIN_PASSWORD_LENGTH characters, confirmed by typing it twice. */
export function validatePasswordPair(password: string, confirmation: string): FieldProblems<PasswordField> {
  const problems: FieldProblems<PasswordField> = {};
  if (password === '') problems.password = problem('required');
  else if (Array.from(password).length < MIN_PASSWORD_LENGTH) problems.password = problem('passwordTooShort');
  if (confirmation === '') problems.password_confirmation = problem('required');
  else if (confirmation !== password) problems.password_confirmation = problem('confirmationMismatch');
  return problems;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmail(value: string): boolean {
  return EMAIL.test(value.trim());
}

export function validateEmail(value: string): FieldProblems<'email'> {
  const email = value.trim();
  if (email === '') return { email: problem('required') };
  if (!isEmail(email)) return { email: problem('emailInvalid') };
  return {};
}

/** Same rule as the server: lower-case letters, digits and inner hyphens, at most 63 characters. */
export const CLIENT_NAME_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
export const CLIENT_NAME_MAX = 63;
export const CLIENT_TITLE_MAX = 200;

export type ClientField = 'name' | 'title';
export const CLIENT_FIELDS: readonly ClientField[] = ['name', 'title'];

export function validateClient(name: string, title: string): FieldProblems<ClientField> {
  const problems: FieldProblems<ClientField> = {};
  if (name === '') problems.name = problem('required');
  else if (name.length > CLIENT_NAME_MAX) problems.name = problem('tooLong');
  else if (!CLIENT_NAME_PATTERN.test(name)) problems.name = problem('nameInvalid');
  const trimmed = title.trim();
  if (trimmed === '') problems.title = problem('required');
  else if (trimmed.length > CLIENT_TITLE_MAX) problems.title = problem('tooLong');
  return problems;
}

const TRANSLITERATION: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o' };

/** A URL slug suggested for a client title: "Müller & Söhne GmbH" → "mueller-soehne-gmbh". */
export function slugFromTitle(title: string): string {
  return title
    .toLowerCase()
    .replace(/[äöüßæœø]/g, (c) => TRANSLITERATION[c] ?? c)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, CLIENT_NAME_MAX)
    .replace(/-+$/, '');
}

export const CLIENT_ROLES: readonly ClientRole[] = ['guest', 'student', 'editor', 'admin'];

export function isClientRole(value: string): value is ClientRole {
  return (CLIENT_ROLES as readonly string[]).includes(value);
}

export type InviteField = 'email' | 'role';
export const INVITE_FIELDS: readonly InviteField[] = ['email', 'role'];

export function validateInvite(email: string, role: string): FieldProblems<InviteField> {
  const problems: FieldProblems<InviteField> = { ...validateEmail(email) };
  if (!isClientRole(role)) problems.role = problem('roleInvalid');
  return problems;
}
