import { describe, expect, it } from 'vitest';
import { ApiError } from '../api';
import { failureKey, hasProblems, isInvalidToken, problemFromReason, serverProblems } from './problems';

describe('problemFromReason', () => {
  it('maps the common server reasons to our own texts', () => {
    expect(problemFromReason('is taken')).toEqual({ code: 'taken' });
    expect(problemFromReason('already exists')).toEqual({ code: 'taken' });
    expect(problemFromReason('must be at least 8 characters')).toEqual({ code: 'passwordTooShort' });
    expect(problemFromReason('is too common: it is among the passwords tried first')).toEqual({ code: 'passwordCommon' });
    expect(problemFromReason('must not contain line breaks')).toEqual({ code: 'lineBreak' });
    expect(problemFromReason('does not match the password')).toEqual({ code: 'confirmationMismatch' });
    expect(problemFromReason('is required')).toEqual({ code: 'required' });
    expect(problemFromReason('must be at most 200 characters')).toEqual({ code: 'tooLong' });
    expect(problemFromReason('is not an e-mail address')).toEqual({ code: 'emailInvalid' });
    expect(problemFromReason('must be lower-case letters, digits and inner hyphens, at most 63')).toEqual({
      code: 'nameInvalid',
    });
  });

  it('keeps a reason it does not know', () => {
    expect(problemFromReason('must be guest, student, editor or admin')).toEqual({
      reason: 'must be guest, student, editor or admin',
    });
  });
});

describe('serverProblems', () => {
  it('puts the details of a 400 under the form fields and names the rest', () => {
    const err = new ApiError(400, 'validation_failed', 'x', {
      password: 'must be at least 8 characters',
      password_confirmation: 'does not match',
      token: 'is required',
    });
    expect(serverProblems(err, ['password', 'password_confirmation'])).toEqual({
      problems: {
        password: { code: 'passwordTooShort' },
        password_confirmation: { code: 'confirmationMismatch' },
      },
      others: ['token'],
    });
  });

  it('reads a 409 conflict on a field', () => {
    const err = new ApiError(409, 'conflict', 'x', { name: 'is taken' });
    expect(serverProblems(err, ['name', 'title']).problems).toEqual({ name: { code: 'taken' } });
  });

  it('finds nothing in other failures', () => {
    expect(serverProblems(new ApiError(500, 'internal', 'x', { name: 'y' }), ['name'])).toEqual({
      problems: {},
      others: [],
    });
    expect(serverProblems(new Error('x'), ['name']).problems).toEqual({});
  });
});

describe('hasProblems', () => {
  it('is true only with a problem', () => {
    expect(hasProblems({})).toBe(false);
    expect(hasProblems({ name: undefined })).toBe(false);
    expect(hasProblems({ name: { code: 'required' } })).toBe(true);
  });
});

describe('failureKey', () => {
  it('classifies failures by code, then status', () => {
    expect(failureKey(new ApiError(0, 'network_error', 'x'))).toBe('network');
    expect(failureKey(new ApiError(429, 'rate_limited', 'x'))).toBe('rateLimited');
    expect(failureKey(new ApiError(403, 'forbidden', 'x'))).toBe('forbidden');
    expect(failureKey(new ApiError(404, 'not_found', 'x'))).toBe('notFound');
    expect(failureKey(new ApiError(409, 'conflict', 'x'))).toBe('conflict');
    expect(failureKey(new ApiError(410, 'token_expired', 'x'))).toBe('tokenExpired');
    expect(failureKey(new ApiError(400, 'validation_failed', 'x'))).toBe('validation');
    expect(failureKey(new ApiError(429, 'slow_down', 'x'))).toBe('rateLimited');
    expect(failureKey(new ApiError(410, 'gone', 'x'))).toBe('tokenExpired');
    expect(failureKey(new ApiError(500, 'internal', 'x'))).toBe('generic');
    expect(failureKey(new TypeError('x'))).toBe('generic');
  });
});

describe('isInvalidToken', () => {
  it('is true for 410 and 404 only', () => {
    expect(isInvalidToken(new ApiError(410, 'token_expired', 'x'))).toBe(true);
    expect(isInvalidToken(new ApiError(404, 'not_found', 'x'))).toBe(true);
    expect(isInvalidToken(new ApiError(400, 'validation_failed', 'x'))).toBe(false);
    expect(isInvalidToken(new Error('x'))).toBe(false);
  });
});
