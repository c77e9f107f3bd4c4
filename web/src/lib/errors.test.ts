import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import type { AppCode } from '@/api/generated/app-router';
import en from '@/locales/en/translation';
import { AppError, errorToast, toastCodes } from './errors';

// A tRPC error answer exactly as the server sends it (trpc-protocol.md §3.5).
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
