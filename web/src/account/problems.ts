import { ApiError } from '../api';

/** What can be wrong with one form field, each with a text in the catalogs (problems.*). */
export type ProblemCode =
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

/** A field's problem: one we know (shown translated) or the server's own reason (shown as sent). */
export type Problem = { code: ProblemCode } | { reason: string };

export type FieldProblems<F extends string> = Partial<Record<F, Problem>>;

export const problem = (code: ProblemCode): Problem => ({ code });

/** The server's reasons are short English phrases ("is taken"); the common ones get our own text. */
export function problemFromReason(reason: string): Problem {
  const text = reason.toLowerCase();
  if (/\b(taken|in use|already exists?|exists already)\b/.test(text)) return problem('taken');
  if (/\bmatch/.test(text)) return problem('confirmationMismatch');
  if (/\blower-case\b|\bhyphens?\b/.test(text)) return problem('nameInvalid');
  if (/\bat least \d+ characters?\b|\btoo short\b/.test(text)) return problem('passwordTooShort');
  if (/\btoo common\b/.test(text)) return problem('passwordCommon');
  if (/\bline breaks?\b/.test(text)) return problem('lineBreak');
  if (/\b(at most \d+|too long)\b/.test(text)) return problem('tooLong');
  if (/\b(required|empty|missing|blank)\b/.test(text)) return problem('required');
  if (/\be-?mail\b/.test(text)) return problem('emailInvalid');
  return { reason };
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
    problems[known] = typeof reason === 'string' ? problemFromReason(reason) : problem('required');
  }
  return { problems, others };
}

export function hasProblems(problems: FieldProblems<string>): boolean {
  return Object.values(problems).some((p) => p !== undefined);
}

/** The whole-form or toast messages for failures (errors.* in the catalogs). */
export type FailureKey = 'network' | 'rateLimited' | 'forbidden' | 'notFound' | 'conflict' | 'tokenExpired' | 'validation' | 'generic';

export function failureKey(err: unknown): FailureKey {
  if (!(err instanceof ApiError)) return 'generic';
  if (err.status === 0) return 'network';
  switch (err.code) {
    case 'rate_limited':
      return 'rateLimited';
    case 'forbidden':
      return 'forbidden';
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

/** A used, declined, unknown or old token: the server answers 410 (or 404 for one it never issued). */
export function isInvalidToken(err: unknown): boolean {
  return err instanceof ApiError && (err.status === 410 || err.status === 404);
}
