import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import apiDoc from '../../../docs/api.md?raw';
import { ApiError, parseErrorBody } from '../api';
import { resources } from '../i18n';
import {
  failureKey,
  hasProblems,
  isInvalidToken,
  openFailure,
  openFailureText,
  problemFromServer,
  problemText,
  serverProblems,
} from './problems';

/** A t in one language, over the app's own catalogs. */
function translator(lng: 'en' | 'de') {
  const i18n = i18next.createInstance();
  void i18n.init({ resources, lng, initAsync: false, interpolation: { escapeValue: false } });
  return i18n.t;
}

describe('problemFromServer', () => {
  it('keeps the code and its parameters', () => {
    expect(problemFromServer({ code: 'too_long', params: { max: 100 } }, 'must have at most 100 characters')).toEqual({
      code: 'too_long',
      params: { max: 100 },
    });
    expect(problemFromServer({ code: 'taken' }, 'is taken')).toEqual({ code: 'taken' });
    expect(problemFromServer({ code: 'weak_password' }, 'is too easy to guess')).toEqual({ code: 'weak_password' });
    expect(problemFromServer({ code: 'not_allowed', params: { allowed: ['en', 'de', 'fr'] } }, 'must be en, de or fr')).toEqual({
      code: 'not_allowed',
      params: { allowed: 'en, de, fr' },
    });
  });

  it('uses the texts the web shares with its own checks', () => {
    expect(problemFromServer({ code: 'common_password' }, 'is too common')).toEqual({ code: 'passwordCommon' });
    expect(problemFromServer({ code: 'mismatch' }, 'does not match the password')).toEqual({ code: 'confirmationMismatch' });
    expect(problemFromServer({ code: 'line_break' }, 'must not contain line breaks')).toEqual({ code: 'lineBreak' });
    expect(problemFromServer({ code: 'invalid', params: { format: 'email' } }, 'is not an e-mail address')).toEqual({
      code: 'emailInvalid',
    });
    expect(problemFromServer({ code: 'invalid', params: { format: 'slug' } }, 'x')).toEqual({ code: 'nameInvalid' });
    expect(problemFromServer({ code: 'invalid', params: { format: 'url' } }, 'x')).toEqual({ code: 'invalid_url' });
    expect(problemFromServer({ code: 'invalid', params: { format: 'something_new' } }, 'x')).toEqual({ code: 'invalid' });
  });

  it("falls back to the server's text for a code it does not know", () => {
    expect(problemFromServer({ code: 'brand_new', params: { n: 1 } }, 'is brand new')).toEqual({ reason: 'is brand new' });
    expect(problemFromServer({ code: 'toString' }, 'is odd')).toEqual({ reason: 'is odd' });
    expect(problemFromServer(undefined, 'is old')).toEqual({ reason: 'is old' });
  });
});

describe('the codes docs/api.md lists', () => {
  // The field problems' table only: the sections after it list error codes of their own.
  const heading = '### Field problems';
  const from = apiDoc.indexOf(heading) + heading.length;
  const next = apiDoc.slice(from).search(/^##/m);
  const table = apiDoc.slice(from, next < 0 ? undefined : from + next);
  const codes = [...table.matchAll(/^\| `(\w+)` \|/gm)].map((m) => m[1] ?? '');

  it('each have a text of their own', () => {
    expect(codes.length).toBeGreaterThan(20);
    for (const code of codes) expect(problemFromServer({ code }, 'the English reason'), code).not.toEqual({ reason: 'the English reason' });
  });
});

describe('problemText', () => {
  const en = translator('en');
  const de = translator('de');

  it('shows the translated text with the parameters, in en and de', () => {
    const tooLong = problemFromServer({ code: 'too_long', params: { max: 100 } }, 'must have at most 100 characters');
    expect(problemText(en, tooLong)).toBe('At most 100 characters are allowed.');
    expect(problemText(de, tooLong)).toBe('Höchstens 100 Zeichen sind erlaubt.');
    const range = problemFromServer({ code: 'out_of_range', params: { min: 1, max: 12 } }, 'must be from 1 to 12');
    expect(problemText(en, range)).toBe('Enter a value from 1 to 12.');
    expect(problemText(de, range)).toBe('Geben Sie einen Wert von 1 bis 12 ein.');
    const allowed = problemFromServer({ code: 'not_allowed', params: { allowed: ['monthly', 'yearly'] } }, 'must be monthly or yearly');
    expect(problemText(en, allowed)).toBe('Choose one of: monthly, yearly.');
    expect(problemText(de, allowed)).toBe('Wählen Sie eines von: monthly, yearly.');
  });

  it("shows the server's text for a code it does not know", () => {
    const unknown = problemFromServer({ code: 'brand_new' }, 'is brand new');
    expect(problemText(en, unknown)).toBe('is brand new');
    expect(problemText(de, unknown)).toBe('is brand new');
  });
});

describe('serverProblems', () => {
  it('puts the problems of a 400 under the form fields and names the rest', () => {
    const err = parseErrorBody(400, 'Bad Request', {
      error: {
        code: 'validation_failed',
        message: 'x',
        details: {
          password: 'must have at least 8 characters',
          password_confirmation: 'does not match the password',
          token: 'is required',
        },
        problems: {
          password: { code: 'too_short', params: { min: 8 } },
          password_confirmation: { code: 'mismatch' },
          token: { code: 'required' },
        },
      },
    });
    expect(serverProblems(err, ['password', 'password_confirmation'])).toEqual({
      problems: {
        password: { code: 'too_short', params: { min: 8 } },
        password_confirmation: { code: 'confirmationMismatch' },
      },
      others: ['token'],
    });
  });

  it('reads a 409 conflict on a field', () => {
    const err = new ApiError(409, 'conflict', 'x', { name: 'is taken' }, { name: { code: 'taken' } });
    expect(serverProblems(err, ['name', 'title']).problems).toEqual({ name: { code: 'taken' } });
  });

  it("shows the server's text where an older server sends no problems", () => {
    const err = new ApiError(409, 'conflict', 'x', { name: 'is taken' });
    expect(serverProblems(err, ['name']).problems).toEqual({ name: { reason: 'is taken' } });
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
    expect(failureKey(new ApiError(403, 'client_deactivated', 'x'))).toBe('clientDeactivated');
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

describe('openFailure', () => {
  it('tells a thing that is not there from a server out of reach', () => {
    expect(openFailure(new ApiError(404, 'not_found', 'x'))).toBe('notFound');
    expect(openFailure(new ApiError(0, 'network_error', 'x'))).toBe('network');
    expect(openFailure(new ApiError(500, 'internal', 'x'))).toBe('failed');
    expect(openFailure(new ApiError(403, 'client_deactivated', 'x'))).toBe('failed');
    expect(openFailure(new TypeError('x'))).toBe('failed');
  });

  it('speaks of the connection only when the server was out of reach', () => {
    for (const lng of ['en', 'de'] as const) {
      const t = translator(lng);
      expect(t(openFailureText('network'))).toBe(t('errors.network'));
      expect(t(openFailureText('failed'))).not.toBe(t('errors.network'));
    }
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
