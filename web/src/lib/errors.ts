import type { AppCode } from '@/api/generated/app-router';

/**
 * AppError is the one error type the app handles (spec §8): every failure — a tRPC
 * error answer, a network failure, a bug — becomes an AppError carrying the server's
 * catalogue code from error.data.appCode, or GENERAL_ERROR when there is none.
 */
export class AppError extends Error {
  readonly appCode: AppCode;
  /** The tRPC code (e.g. UNAUTHORIZED, NOT_FOUND) when the server answered, else null. */
  readonly rpcCode: string | null;
  /** The input field the server's answer is about (error.data.field), else null. */
  readonly field: string | null;

  constructor(appCode: AppCode, message?: string, options?: { cause?: unknown; rpcCode?: string | null; field?: string | null }) {
    super(message ?? appCode, { cause: options?.cause });
    this.name = 'AppError';
    this.appCode = appCode;
    this.rpcCode = options?.rpcCode ?? null;
    this.field = options?.field ?? null;
  }

  /** from wraps anything thrown into an AppError, keeping the original as cause. */
  static from(err: unknown): AppError {
    if (err instanceof AppError) return err;
    const data = isRecord(err) && isRecord(err.data) ? err.data : undefined;
    const appCode = typeof data?.appCode === 'string' && data.appCode ? (data.appCode as AppCode) : 'GENERAL_ERROR';
    const rpcCode = typeof data?.code === 'string' ? data.code : null;
    const field = typeof data?.field === 'string' && data.field ? data.field : null;
    const message = err instanceof Error ? err.message : undefined;
    return new AppError(appCode, message, { cause: err, rpcCode, field });
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null;
}

/**
 * toastCodes are the only codes that show a toast (spec §8); every other code is
 * handled (or deliberately ignored) by the screen that made the call.
 */
export const toastCodes = [
  'COULDNT_CREATE_PLM_ORDER',
  'START_AFTER_END',
  'TOO_MANY_REQUESTS',
  'MUST_ACCEPT_TERMS',
  'CANT',
  'CANT_CHANGE',
  'MISSING_NOTE',
  'LOCKERS_NOT_AVAILABLE',
  'GENERAL_ERROR',
  'VERIFICATION_TOO_SOON',
  'PHONE_EXISTIS',
  'CANT_REGISTER_COUPON',
] as const satisfies readonly AppCode[];

export type ToastCode = (typeof toastCodes)[number];

const toastCodeSet: ReadonlySet<string> = new Set(toastCodes);

export function isToastCode(code: string): code is ToastCode {
  return toastCodeSet.has(code);
}

export interface ErrorToast {
  variant: 'destructive';
  title: string;
  description: string;
}

type Translate = (key: `errors.codes.${ToastCode}` | 'errors.oops') => string;

/**
 * errorToast is the toast an error should show, or null when its code shows nothing.
 * The title is the "oops" message, the description the code's translated text.
 */
export function errorToast(err: unknown, t: Translate): ErrorToast | null {
  const { appCode } = AppError.from(err);
  if (!isToastCode(appCode)) return null;
  return { variant: 'destructive', title: t('errors.oops'), description: t(`errors.codes.${appCode}`) };
}
