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
  /** Every input field the answer refuses (error.data.fields when a form has several bad ones, else just field). */
  readonly fields: readonly string[];

  constructor(appCode: AppCode, message?: string, options?: { cause?: unknown; rpcCode?: string | null; field?: string | null; fields?: readonly string[] }) {
    super(message ?? appCode, { cause: options?.cause });
    this.name = 'AppError';
    this.appCode = appCode;
    this.rpcCode = options?.rpcCode ?? null;
    this.field = options?.field ?? null;
    this.fields = options?.fields?.length ? options.fields : this.field ? [this.field] : [];
  }

  /** from wraps anything thrown into an AppError, keeping the original as cause. */
  static from(err: unknown): AppError {
    if (err instanceof AppError) return err;
    const data = isRecord(err) && isRecord(err.data) ? err.data : undefined;
    const appCode = typeof data?.appCode === 'string' && data.appCode ? (data.appCode as AppCode) : 'GENERAL_ERROR';
    const rpcCode = typeof data?.code === 'string' ? data.code : null;
    const field = typeof data?.field === 'string' && data.field ? data.field : null;
    const fields = Array.isArray(data?.fields) ? data.fields.filter((f): f is string => typeof f === 'string' && f !== '') : [];
    const message = err instanceof Error ? err.message : undefined;
    return new AppError(appCode, message, { cause: err, rpcCode, field, fields });
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

/**
 * The server's own message, as a text key: what the server says about a refused
 * input (apperr.Field's message) is the message the screen shows (issue 26), in the
 * screen's language. Its words, lower-cased and joined by "_", name the text in
 * `errors.server`; each number in it is a parameter (n, n2, ...), so "a booking lasts
 * at most 31 days" is `a_booking_lasts_at_most_n_days` with n = 31.
 */
export interface ServerMessageKey {
  key: string;
  params: Record<string, string>;
}

export function serverMessageKey(message: string): ServerMessageKey {
  const params: Record<string, string> = {};
  let i = 0;
  const words = message
    .trim()
    .toLowerCase()
    .replace(/\d+/g, (n) => {
      const name = i === 0 ? 'n' : `n${i + 1}`;
      i++;
      params[name] = n;
      return ` ${name} `;
    });
  const key = words.replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '');
  return { key, params };
}

/** A text lookup that answers null for a key it has no text for. */
export type TextLookup = (key: string, params: Record<string, string>) => string | null;

/** FieldMessage is the server's word about one input field, ready to show at that field. */
export interface FieldMessage {
  field: string;
  text: string;
}

/**
 * fieldMessage is the message of a failure the server answered about one input
 * field, or null when it named no field (or did not answer). The text is the
 * server's message translated by its key; a message the app has no text for is
 * shown as the server wrote it, never replaced by a guess from the code.
 */
export function fieldMessage(err: unknown, lookup: TextLookup): FieldMessage | null {
  const e = AppError.from(err);
  if (!e.field || !e.rpcCode) return null;
  return { field: e.field, text: serverText(e.message, lookup, e.field) };
}

/**
 * serverText is a server message in the screen's language (see serverMessageKey).
 * A message that starts with the field's own name ("text is longer than 2000
 * characters", as the input gate words it for any field) also has a text for every
 * field: `field_is_longer_than_n_characters`.
 */
export function serverText(message: string, lookup: TextLookup, field?: string): string {
  const { key, params } = serverMessageKey(message);
  const name = field ? serverMessageKey(field).key : '';
  const generic = name && key.startsWith(`${name}_`) ? `field${key.slice(name.length)}` : null;
  const text = (key ? lookup(`errors.server.${key}`, params) : null) ?? (generic ? lookup(`errors.server.${generic}`, params) : null);
  if (text) return text;
  const raw = message.trim();
  return raw ? raw.charAt(0).toUpperCase() + raw.slice(1) + (/[.!?]$/.test(raw) ? '' : '.') : '';
}
