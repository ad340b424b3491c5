import { describe, expect, it } from 'vitest';
import { ApiError } from '../api';
import { classifyLoginError, validateLogin } from './loginForm';

describe('validateLogin', () => {
  it('accepts a complete form', () => {
    expect(validateLogin({ email: ' ada@example.com ', password: 'x', rememberMe: false })).toEqual({});
  });

  it('names missing and malformed fields', () => {
    expect(validateLogin({ email: '', password: '', rememberMe: false })).toEqual({
      email: 'emailRequired',
      password: 'passwordRequired',
    });
    expect(validateLogin({ email: 'ada', password: 'x', rememberMe: true })).toEqual({
      email: 'emailInvalid',
    });
  });
});

describe('classifyLoginError', () => {
  it('recognises wrong credentials', () => {
    expect(classifyLoginError(new ApiError(401, 'invalid_credentials', 'x'))).toEqual({
      kind: 'invalidCredentials',
    });
  });

  it('recognises rate limiting', () => {
    expect(classifyLoginError(new ApiError(429, 'rate_limited', 'x'))).toEqual({ kind: 'rateLimited' });
    expect(classifyLoginError(new ApiError(503, 'busy', 'x'))).toEqual({ kind: 'busy' });
  });

  it('names the fields of a validation error', () => {
    expect(classifyLoginError(new ApiError(400, 'validation_failed', 'x', { email: 'invalid' }))).toEqual({
      kind: 'fields',
      fields: ['email'],
    });
  });

  it('treats a validation error without fields as generic', () => {
    expect(classifyLoginError(new ApiError(400, 'validation_failed', 'x'))).toEqual({ kind: 'generic' });
  });

  it('recognises network failures and anything else', () => {
    expect(classifyLoginError(new ApiError(0, 'network_error', 'x'))).toEqual({ kind: 'network' });
    expect(classifyLoginError(new ApiError(500, 'internal', 'x'))).toEqual({ kind: 'generic' });
    expect(classifyLoginError(new Error('x'))).toEqual({ kind: 'generic' });
  });
});
