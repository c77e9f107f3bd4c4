import type { AccountTranslation } from '@/locales/en/account';

/** A validation result: null when valid, else the key of its message in account:validation. */
export type Invalid = keyof AccountTranslation['validation'] | null;

// Password length bounds of spec §9, counted in characters (as the server counts them).
export const passwordMin = 6;
export const passwordMax = 18;
export const codeLength = 6;

// The same shape the server accepts: one @, a dotted domain, no spaces or display name.
const emailPattern = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:".]+$/;

/** validateEmail: 'Email required' / 'Not a valid email' (spec §5). */
export function validateEmail(value: string): Invalid {
  const v = value.trim();
  if (!v) return 'emailRequired';
  if (v.length > 254 || !emailPattern.test(v)) return 'emailInvalid';
  return null;
}

/** validatePassword: 6 to 18 characters (spec §5, §9). */
export function validatePassword(value: string): Invalid {
  const n = [...value].length;
  return n < passwordMin || n > passwordMax ? 'passwordLength' : null;
}

/** validatePasswordRepeat: the two passwords must match. */
export function validatePasswordRepeat(password: string, repeat: string): Invalid {
  return password !== repeat ? 'passwordsMatch' : null;
}

export function validateFirstName(value: string): Invalid {
  return value.trim() ? null : 'firstNameRequired';
}

export function validateTerms(accepted: boolean): Invalid {
  return accepted ? null : 'termsRequired';
}

/** validateNote: a deletion (or cancel) reason is required ('Missing Note'). */
export function validateNote(value: string): Invalid {
  return value.trim() ? null : 'noteRequired';
}

/** validateCode: exactly six digits. */
export function validateCode(value: string): Invalid {
  return new RegExp(`^\\d{${codeLength}}$`).test(value) ? null : 'codeIncomplete';
}

/** validatePrefix accepts "+372", "372" or "00372" — a country calling code of 1 to 4 digits. */
export function validatePrefix(value: string): Invalid {
  const digits = value.trim().replace(/^\+/, '').replace(/^00/, '');
  return /^[1-9]\d{0,3}$/.test(digits) ? null : 'prefixInvalid';
}

/** validatePhone accepts a national number of at least 4 digits; spaces, dashes, dots and brackets are ignored. */
export function validatePhone(value: string): Invalid {
  const digits = phoneDigits(value);
  return /^\d{4,14}$/.test(digits) ? null : 'phoneInvalid';
}

export function phoneDigits(value: string): string {
  return value.replace(/[\s\-.()\u00a0]/g, '');
}

/** normalizePrefix returns "+372" for "372", "+372" or "00372". */
export function normalizePrefix(value: string): string {
  return `+${value.trim().replace(/^\+/, '').replace(/^00/, '')}`;
}

/** firstError returns the first failed rule of a form. */
export function firstError(...results: Invalid[]): Invalid {
  return results.find((r) => r !== null) ?? null;
}
