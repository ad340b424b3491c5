import { describe, expect, it } from 'vitest';
import { ApiError } from '../api';
import { embedOnlyRefused, gateFailure, gateOf, validateReader } from './readerGate';

describe('gateOf', () => {
  it('asks members of a limited map to sign in', () => {
    expect(gateOf(new ApiError(401, 'unauthenticated', 'sign in'))).toBe('signIn');
  });
  it('offers registering on a partial map', () => {
    expect(gateOf(new ApiError(401, 'unauthenticated', 'sign in', { readers: 'may register' }))).toBe('signInOrRegister');
  });
  it('lets a signed-in user become a reader', () => {
    expect(gateOf(new ApiError(403, 'reader_required', 'register'))).toBe('join');
  });
  it('is no gate for a missing map or a failure', () => {
    expect(gateOf(new ApiError(404, 'not_found', 'no'))).toBeNull();
    expect(gateOf(new ApiError(403, 'forbidden', 'no'))).toBeNull();
    expect(gateOf(new Error('boom'))).toBeNull();
  });
});

describe('validateReader', () => {
  const good = { name: 'Rita', email: 'rita@example.org', password: 'long enough', password_confirmation: 'long enough' };
  it('accepts a complete registration', () => {
    expect(validateReader(good)).toEqual({});
  });
  it('names each field that is wrong', () => {
    expect(validateReader({ name: '  ', email: 'rita', password: 'short', password_confirmation: 'other' })).toEqual({
      name: { code: 'required' },
      email: { code: 'emailInvalid' },
      password: { code: 'passwordTooShort' },
      password_confirmation: { code: 'confirmationMismatch' },
    });
    expect(validateReader({ ...good, name: 'x'.repeat(101) }).name).toEqual({ code: 'tooLong' });
  });
});

describe('gateFailure', () => {
  it('words the server answers a reader can meet', () => {
    expect(gateFailure(new ApiError(409, 'quota_exceeded', 'full'))).toBe('seatsTaken');
    expect(gateFailure(new ApiError(409, 'conflict', 'exists'))).toBe('accountExists');
    expect(gateFailure(new ApiError(401, 'invalid_credentials', 'wrong'))).toBe('invalidCredentials');
    expect(gateFailure(new ApiError(429, 'rate_limited', 'slow down'))).toBe('rateLimited');
    expect(gateFailure(new ApiError(0, 'network_error', 'offline'))).toBe('network');
    expect(gateFailure(new ApiError(500, 'internal', 'oops'))).toBe('generic');
  });
});

describe('embedOnlyRefused', () => {
  it('reads the marker the server puts in a refused page', () => {
    const page = (selectors: string[]) => ({ querySelector: (q: string) => (selectors.includes(q) ? ({} as Element) : null) });
    expect(embedOnlyRefused(page(['meta[name="strata-embed-only"]']))).toBe(true);
    expect(embedOnlyRefused(page([]))).toBe(false);
  });
});
