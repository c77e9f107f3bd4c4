import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import type { AppCode } from '@/api/generated/app-router';
import en from '@/locales/en/translation';
import { AppError, errorToast, fieldMessage, serverMessageKey, toastCodes } from './errors';

// A tRPC error answer exactly as the server sends it (docs/protocol.md §3.5).
function rpcError(appCode: string | null | undefined, code = 'CONFLICT') {
  return TRPCClientError.from({
    error: {
      message: appCode ?? 'boom',
      code: -32009,
      data: { code, httpStatus: 409, path: 'order.create', ...(appCode === undefined ? {} : { appCode }) },
    },
  });
}

const t = (key: string): string => {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], en);
  if (typeof value !== 'string') throw new Error(`missing translation ${key}`);
  return value;
};

describe('AppError.from', () => {
  it('carries the server appCode and the tRPC code', () => {
    const err = AppError.from(rpcError('LOCKERS_NOT_AVAILABLE'));
    expect(err).toBeInstanceOf(AppError);
    expect(err.appCode).toBe('LOCKERS_NOT_AVAILABLE');
    expect(err.rpcCode).toBe('CONFLICT');
    expect(err.cause).toBeInstanceOf(TRPCClientError);
  });

  it.each([
    ['no appCode field', rpcError(undefined)],
    ['a null appCode (request-level error)', rpcError(null, 'BAD_REQUEST')],
    ['a network failure', new TypeError('Failed to fetch')],
    ['a thrown string', 'kaboom'],
    ['undefined', undefined],
  ])('defaults to GENERAL_ERROR for %s', (_name, input) => {
    expect(AppError.from(input).appCode).toBe('GENERAL_ERROR');
  });

  it('returns an AppError unchanged', () => {
    const err = new AppError('CANT');
    expect(AppError.from(err)).toBe(err);
  });
});

describe('errorToast', () => {
  it('lists exactly the twelve codes of spec §8', () => {
    expect(toastCodes).toHaveLength(12);
    expect(new Set(toastCodes).size).toBe(12);
  });

  it.each(toastCodes)('shows a destructive "oops" toast with translated text for %s', (code) => {
    const shown = errorToast(rpcError(code), t);
    expect(shown).toEqual({ variant: 'destructive', title: en.errors.oops, description: en.errors.codes[code] });
    expect(shown?.description).not.toBe('');
  });

  const silent: AppCode[] = [
    'UNAUTHORIZED',
    'BAD_INPUT',
    'USER_NOT_FOUND',
    'MISSING_OR_INVALID_PASSWORD',
    'ORDER_NOT_FOUND',
    'CANT_OPEN',
    'CHARGE_ERROR',
    'COUPON_ALREADY_REGISTERED',
    'RATE_LIMIT_EXCEEDED',
  ];
  it.each(silent)('shows nothing for %s', (code) => {
    expect(errorToast(rpcError(code), t)).toBeNull();
  });

  it('shows the general toast for a failure without a code', () => {
    expect(errorToast(new TypeError('Failed to fetch'), t)?.description).toBe(en.errors.codes.GENERAL_ERROR);
  });
});

describe('the server message at its field (issue 26)', () => {
  // An answer about one input field, as apperr.Field sends it.
  const refused = (message: string, field = 'end', appCode = 'BAD_INPUT') =>
    TRPCClientError.from({ error: { message, code: -32600, data: { code: 'BAD_REQUEST', httpStatus: 400, path: 'order.extend', appCode, field } } });
  const texts: Record<string, string> = {
    'errors.server.a_booking_lasts_at_most_n_days': 'A booking lasts at most {{n}} days.',
    'errors.server.the_new_end_must_be_after_the_current_end': 'The new end must be after the current end.',
    'errors.server.field_is_longer_than_n_characters': 'At most {{n}} characters.',
  };
  const lookup = (key: string, params: Record<string, string>) =>
    texts[key]?.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => params[name] ?? '') ?? null;

  it('keys a message by its words, its numbers as parameters', () => {
    expect(serverMessageKey('a booking lasts at most 31 days')).toEqual({ key: 'a_booking_lasts_at_most_n_days', params: { n: '31' } });
    expect(serverMessageKey('count must be 1 to 5')).toEqual({ key: 'count_must_be_n_to_n2', params: { n: '1', n2: '5' } });
    expect(serverMessageKey('path is lower-case words joined by - and /').key).toBe('path_is_lower_case_words_joined_by_and');
  });

  it('shows the 31-day rule for an end past the maximum, not a guess from BAD_INPUT', () => {
    expect(fieldMessage(refused('a booking lasts at most 31 days'), lookup)).toEqual({ field: 'end', text: 'A booking lasts at most 31 days.' });
    expect(fieldMessage(refused('the new end must be after the current end'), lookup)?.text).toBe('The new end must be after the current end.');
  });

  it("uses the field's general text for a message that starts with the field's name", () => {
    expect(fieldMessage(refused('text is longer than 2000 characters', 'text'), lookup)).toEqual({ field: 'text', text: 'At most 2000 characters.' });
  });

  it('shows a message it has no text for as the server wrote it', () => {
    expect(fieldMessage(refused('the end is too far ahead'), lookup)?.text).toBe('The end is too far ahead.');
  });

  it('is null without a field or without a server answer', () => {
    expect(fieldMessage(rpcError('LOCKERS_NOT_AVAILABLE'), lookup)).toBeNull();
    expect(fieldMessage(new TypeError('Failed to fetch'), lookup)).toBeNull();
    expect(fieldMessage(new AppError('BAD_INPUT', 'photo: HTTP 400', { field: 'photo' }), lookup)).toBeNull();
  });
});
