import { describe, expect, it } from 'vitest';
import { isEmail, slugFromTitle, validateClient, validateEmail, validateInvite, validatePasswordPair } from './forms';

describe('validatePasswordPair', () => {
  it('accepts 10 or more characters typed twice', () => {
    expect(validatePasswordPair('1234567890', '1234567890')).toEqual({});
  });

  it('asks for both fields', () => {
    expect(validatePasswordPair('', '')).toEqual({
      password: { code: 'required' },
      password_confirmation: { code: 'required' },
    });
  });

  it('refuses fewer than 8 characters (the spec), counting characters not bytes', () => {
    expect(validatePasswordPair('1234567', '1234567')).toEqual({ password: { code: 'passwordTooShort' } });
    expect(validatePasswordPair('äöüäöüä', 'äöüäöüä').password).toEqual({ code: 'passwordTooShort' });
    expect(validatePasswordPair('äöüäöüäö', 'äöüäöüäö')).toEqual({});
  });

  it('refuses a confirmation that differs', () => {
    expect(validatePasswordPair('1234567890', '1234567891')).toEqual({
      password_confirmation: { code: 'confirmationMismatch' },
    });
  });
});

describe('e-mail', () => {
  it('checks the shape of an address', () => {
    expect(isEmail(' ada@example.com ')).toBe(true);
    expect(isEmail('ada@example')).toBe(false);
    expect(isEmail('ada example.com')).toBe(false);
    expect(validateEmail('')).toEqual({ email: { code: 'required' } });
    expect(validateEmail('nope')).toEqual({ email: { code: 'emailInvalid' } });
    expect(validateEmail('a@b.org')).toEqual({});
  });
});

describe('validateClient', () => {
  it('accepts a slug and a title', () => {
    expect(validateClient('acme-2', 'Acme')).toEqual({});
  });

  it('refuses names that are not slugs', () => {
    for (const name of ['Acme', 'acme_co', '-acme', 'acme-', 'a b', 'ä']) {
      expect(validateClient(name, 'Acme').name, name).toEqual({ code: 'nameInvalid' });
    }
    expect(validateClient('a'.repeat(64), 'Acme').name).toEqual({ code: 'tooLong' });
  });

  it('asks for both fields', () => {
    expect(validateClient('', '  ')).toEqual({ name: { code: 'required' }, title: { code: 'required' } });
  });
});

describe('slugFromTitle', () => {
  it('turns a title into a valid client name', () => {
    expect(slugFromTitle('Müller & Söhne GmbH')).toBe('mueller-soehne-gmbh');
    expect(slugFromTitle('  École Française  ')).toBe('ecole-francaise');
    expect(slugFromTitle('Straße 42!')).toBe('strasse-42');
    expect(slugFromTitle('---')).toBe('');
    expect(slugFromTitle('x'.repeat(70) + ' y')).toHaveLength(63);
  });
});

describe('validateInvite', () => {
  it('needs an address and a client role', () => {
    expect(validateInvite('bob@example.com', 'editor')).toEqual({});
    expect(validateInvite('bob', 'superuser')).toEqual({
      email: { code: 'emailInvalid' },
      role: { code: 'roleInvalid' },
    });
  });
});
