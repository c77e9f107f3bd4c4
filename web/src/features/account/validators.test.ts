import { describe, expect, it } from 'vitest';
import en from '@/locales/en/account';
import {
  normalizePrefix,
  validateCode,
  validateEmail,
  validateFirstName,
  validateNote,
  validatePassword,
  validatePasswordRepeat,
  validatePhone,
  validatePrefix,
  validateTerms,
} from './validators';

describe('account validators (spec §5)', () => {
  it('requires an e-mail and a valid one', () => {
    expect(validateEmail('')).toBe('emailRequired');
    expect(validateEmail('   ')).toBe('emailRequired');
    for (const bad of ['ann', 'ann@', '@example.com', 'ann@example', 'ann @example.com', 'Ann <ann@example.com>', 'ann@example.']) {
      expect(validateEmail(bad), bad).toBe('emailInvalid');
    }
    expect(validateEmail(' Ann.Tamm+x@example.co.uk ')).toBeNull();
  });

  it('allows passwords of 6 to 18 characters only', () => {
    expect(validatePassword('')).toBe('passwordLength');
    expect(validatePassword('12345')).toBe('passwordLength');
    expect(validatePassword('123456')).toBeNull();
    expect(validatePassword('x'.repeat(18))).toBeNull();
    expect(validatePassword('x'.repeat(19))).toBe('passwordLength');
    expect(validatePassword('õäöüšž')).toBeNull(); // characters, not bytes
  });

  it('requires the two passwords to match', () => {
    expect(validatePasswordRepeat('secret1', 'secret2')).toBe('passwordsMatch');
    expect(validatePasswordRepeat('secret1', 'secret1')).toBeNull();
  });

  it('requires a first name, the terms and a reason', () => {
    expect(validateFirstName('  ')).toBe('firstNameRequired');
    expect(validateFirstName('Ann')).toBeNull();
    expect(validateTerms(false)).toBe('termsRequired');
    expect(validateTerms(true)).toBeNull();
    expect(validateNote(' ')).toBe('noteRequired');
    expect(validateNote('moving abroad')).toBeNull();
  });

  it('accepts a code of exactly six digits', () => {
    expect(validateCode('123456')).toBeNull();
    expect(validateCode('12345')).toBe('codeIncomplete');
    expect(validateCode('12345a')).toBe('codeIncomplete');
  });

  it('checks phone prefixes and numbers like the server does', () => {
    expect(validatePrefix('+372')).toBeNull();
    expect(validatePrefix('00372')).toBeNull();
    expect(validatePrefix('372')).toBeNull();
    expect(validatePrefix('+0')).toBe('prefixInvalid');
    expect(validatePrefix('+12345')).toBe('prefixInvalid');
    expect(validatePhone('5123 4567')).toBeNull();
    expect(validatePhone('(51) 23-45.67')).toBeNull();
    expect(validatePhone('123')).toBe('phoneInvalid');
    expect(validatePhone('51x234')).toBe('phoneInvalid');
    expect(normalizePrefix('00372')).toBe('+372');
  });

  it('uses the exact messages of spec §5', () => {
    expect(en.validation.emailRequired).toBe('Email required');
    expect(en.validation.emailInvalid).toBe('Not a valid email');
    expect(en.validation.passwordLength).toBe('Password must be between 6 to 18 characters.');
    expect(en.validation.passwordsMatch).toBe('Passwords must match.');
    expect(en.validation.termsRequired).toBe('Must Accept Terms');
    expect(en.validation.noteRequired).toBe('Missing Note');
  });
});
