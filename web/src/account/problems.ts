import type { TFunction } from 'i18next';
import { ApiError } from '../api';
import type { FieldProblem } from '../api/http';

/** What can be wrong with one form field, as the web's own checks find it. */
export type LocalProblemCode =
  | 'required'
  | 'emailInvalid'
  | 'passwordTooShort'
  | 'passwordCommon'
  | 'lineBreak'
  | 'confirmationMismatch'
  | 'nameInvalid'
  | 'taken'
  | 'tooLong'
  | 'roleInvalid';

/** The server's reason codes we have texts for (docs/api.md), each with a text in the catalogs. */
const SERVER_CODES = [
  'required',
  'too_long',
  'too_short',
  'out_of_range',
  'too_small',
  'too_many',
  'too_large',
  'invalid',
  'not_allowed',
  'wrong_type',
  'unknown',
  'taken',
  'unchanged',
  'wrong_password',
  'weak_password',
  'control_character',
  'bidi_control',
  'not_found',
  'wrong_kind',
  'duplicate',
  'locked',
  'exclusive',
  'below_field',
  'self_reference',
  'no_shared_level',
  'last_one',
  'quota_exceeded',
  'rule',
  'embed_only',
  'may_register',
  'unknown_media',
] as const;

/** Server codes whose text is one the web's own checks already use. */
const SHARED_TEXT = { mismatch: 'confirmationMismatch', common_password: 'passwordCommon', line_break: 'lineBreak' } as const;

/** The formats of `invalid` with a text of their own (problems.invalid_<format>, or a local text). */
const INVALID_FORMATS = {
  email: 'emailInvalid',
  slug: 'nameInvalid',
  url: 'invalid_url',
  url_or_path: 'invalid_url_or_path',
  image_url: 'invalid_image_url',
  domain: 'invalid_domain',
  map_url: 'invalid_map_url',
  colour: 'invalid_colour',
} as const;

/** Every key of the catalogs' problems.* group. */
export type ProblemCode = LocalProblemCode | (typeof SERVER_CODES)[number] | (typeof INVALID_FORMATS)[keyof typeof INVALID_FORMATS];

/** The values interpolated into a problem's text ({{max}}, {{allowed}}, …). */
export type ProblemParams = Record<string, string | number>;

/** A field's problem: one we have a text for (shown translated) or the server's own reason (shown as sent). */
export type Problem = { code: ProblemCode; params?: ProblemParams } | { reason: string };

export type FieldProblems<F extends string> = Partial<Record<F, Problem>>;

export const problem = (code: ProblemCode): Problem => ({ code });

function isServerCode(code: string): code is (typeof SERVER_CODES)[number] {
  return (SERVER_CODES as readonly string[]).includes(code);
}

/** Parameters as texts take them: numbers stay, lists become "a, b, c". */
function textParams(params: Record<string, unknown> | undefined): ProblemParams {
  const out: ProblemParams = {};
  for (const [name, value] of Object.entries(params ?? {})) {
    if (typeof value === 'number' || typeof value === 'string') out[name] = value;
    else if (Array.isArray(value)) out[name] = value.map(String).join(', ');
  }
  return out;
}

/**
 * A server problem as the web shows it: the text for its code with its parameters, or, for a code
 * this web does not know (a newer server), the server's English `reason`.
 */
export function problemFromServer(p: FieldProblem | undefined, reason: string): Problem {
  if (p === undefined) return { reason };
  if (Object.hasOwn(SHARED_TEXT, p.code)) return { code: SHARED_TEXT[p.code as keyof typeof SHARED_TEXT] };
  const params = textParams(p.params);
  if (p.code === 'invalid') {
    const format = p.params?.format;
    if (typeof format === 'string' && Object.hasOwn(INVALID_FORMATS, format))
      return { code: INVALID_FORMATS[format as keyof typeof INVALID_FORMATS] };
    return { code: 'invalid' };
  }
  if (isServerCode(p.code)) return Object.keys(params).length > 0 ? { code: p.code, params } : { code: p.code };
  return { reason };
}

/** The text of a field problem in t's language, its parameters interpolated. */
export function problemText(t: TFunction, p: Problem): string {
  return 'code' in p ? t(`problems.${p.code}`, p.params ?? {}) : p.reason;
}

/**
 * The field problems a failed call names, limited to the form's own fields. `others` are the
 * named fields the form does not show; a caller reports them (and failures without details) as a
 * whole-form error.
 */
export function serverProblems<F extends string>(err: unknown, fields: readonly F[]): { problems: FieldProblems<F>; others: string[] } {
  const problems: FieldProblems<F> = {};
  const others: string[] = [];
  if (!(err instanceof ApiError) || (err.status !== 400 && err.status !== 409)) {
    return { problems, others };
  }
  for (const [field, reason] of Object.entries(err.details)) {
    const known = fields.find((f) => f === field);
    if (known === undefined) {
      others.push(field);
      continue;
    }
    problems[known] = problemFromServer(err.problems[field], typeof reason === 'string' ? reason : '');
  }
  return { problems, others };
}

export function hasProblems(problems: FieldProblems<string>): boolean {
  return Object.values(problems).some((p) => p !== undefined);
}

/** The whole-form or toast messages for failures (errors.* in the catalogs). */
export type FailureKey =
  'network' | 'rateLimited' | 'forbidden' | 'clientDeactivated' | 'notFound' | 'conflict' | 'tokenExpired' | 'validation' | 'generic';

export function failureKey(err: unknown): FailureKey {
  if (!(err instanceof ApiError)) return 'generic';
  if (err.status === 0) return 'network';
  switch (err.code) {
    case 'rate_limited':
      return 'rateLimited';
    case 'forbidden':
      return 'forbidden';
    case 'client_deactivated':
      return 'clientDeactivated';
    case 'not_found':
      return 'notFound';
    case 'conflict':
      return 'conflict';
    case 'token_expired':
      return 'tokenExpired';
    case 'validation_failed':
      return 'validation';
  }
  if (err.status === 429) return 'rateLimited';
  if (err.status === 410) return 'tokenExpired';
  return 'generic';
}

/** Why what a screen is for (a map) could not be opened: it is not there, the server is out of reach, or another failure. */
export type OpenFailure = 'notFound' | 'network' | 'failed';

export function openFailure(err: unknown): OpenFailure {
  if (err instanceof ApiError && err.status === 404) return 'notFound';
  if (err instanceof ApiError && err.status === 0) return 'network';
  return 'failed';
}

/** The text under an open failure's title: network and other failures say what to try; notFound is the screen's own. */
export function openFailureText(failure: Exclude<OpenFailure, 'notFound'>): 'errors.network' | 'errors.generic' {
  return failure === 'network' ? 'errors.network' : 'errors.generic';
}

/** A used, declined, unknown or old token: the server answers 410 (or 404 for one it never issued). */
export function isInvalidToken(err: unknown): boolean {
  return err instanceof ApiError && (err.status === 410 || err.status === 404);
}
