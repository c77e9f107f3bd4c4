// The back office's writes are silent (no toast): the dialog or form that made the
// call says what went wrong, in the operator's words, next to the action.
import type { TFunction } from '@/i18n';
import type { AdminTranslation } from '@/locales/en/admin';
import { AppError } from '@/lib/errors';
import { stationFieldLimits } from '@/lib/field-limits';

type Code = Exclude<keyof AdminTranslation['errors'], 'fieldRequired' | 'fieldInvalid' | 'fields'>;

// Every failure is read by the app's one error reader (lib/errors.ts, AppError.from): the
// back office only chooses its own words for what it found.

/** appCodeOf reads the catalogue code of a failed call ('' for no failure, GENERAL_ERROR for one without a code). */
export function appCodeOf(err: unknown): string {
  return err ? AppError.from(err).appCode : '';
}

/**
 * isStale reports a save refused because a colleague saved the same thing in between
 * (CANT_CHANGE on field version): the screen reads the current values again and shows them.
 */
export function isStale(err: unknown): boolean {
  if (!err) return false;
  const e = AppError.from(err);
  return e.appCode === 'CANT_CHANGE' && e.field === 'version';
}

/** errorField is the input field a failed call names ('' for none): "station.latitude" reads as "latitude". */
export function errorField(err: unknown): string {
  return errorFields(err)[0] ?? '';
}

/** errorFields is every input field a failed call names (a form refused for several at once names them all). */
export function errorFields(err: unknown): string[] {
  if (!err) return [];
  return AppError.from(err).fields.map((field) => field.slice(field.lastIndexOf('.') + 1));
}

type FieldHint = keyof AdminTranslation['errors']['fields'];
const fieldHints: Record<Exclude<FieldHint, 'codeTaken' | 'packName' | 'price'>, true> = {
  latitude: true,
  longitude: true,
  timeZone: true,
  name: true,
  address: true,
  city: true,
  openingHours: true,
  label: true,
  type: true,
  height: true,
  temperature: true,
  heightMm: true,
  widthMm: true,
  depthMm: true,
  code: true,
  count: true,
  note: true,
};

/**
 * fieldErrorText is what to show at one field when the server refused the form because of
 * it (BAD_INPUT or MISSING_PARAMS on that field, a missing reason, a pack code taken): the
 * field's own rule when it has one (a form may word a shared field name its own way, as
 * the pack form does "name"), or a plain "check this value"; undefined for any other
 * field or failure.
 */
export function fieldErrorText(err: unknown, field: string, t: TFunction<'admin'>, own: Partial<Record<string, string>> = {}): string | undefined {
  if (!err || !errorFields(err).includes(field)) return undefined;
  const code = appCodeOf(err);
  if (code === 'MISSING_PARAMS') return t('errors.fieldRequired');
  if (code === 'MISSING_NOTE') return t('errors.fields.note');
  if (code === 'COUPON_ALREADY_REGISTERED' && field === 'code') return t('errors.fields.codeTaken');
  if (code !== 'BAD_INPUT') return undefined;
  if (own[field]) return own[field];
  return field in fieldHints ? t(`errors.fields.${field as FieldHint}`, { max: stationFieldLimits[field as keyof typeof stationFieldLimits] }) : t('errors.fieldInvalid');
}

/** adminErrorText is the sentence to show for a failed back-office call. */
export function adminErrorText(err: unknown, t: TFunction<'admin'>): string {
  if (isStale(err)) return t('errors.STALE');
  const code = appCodeOf(err);
  const known = code && code !== 'other' && code in errorKeys ? (code as Code) : null;
  return known ? t(`errors.${known}`) : t('errors.other', { code: code || 'GENERAL_ERROR' });
}

// The codes with a sentence of their own (the rest say "failed" with the code).
const errorKeys: Record<Code, true> = {
  MISSING_NOTE: true,
  STALE: true,
  MISSING_PARAMS: true,
  BAD_INPUT: true,
  CANT_CHANGE: true,
  NOT_RESERVED: true,
  UNAUTHORIZED: true,
  USER_NOT_FOUND: true,
  ORDER_NOT_FOUND: true,
  STATION_NOT_FOUND: true,
  CANT_REGISTER_COUPON: true,
  COUPON_ALREADY_REGISTERED: true,
  CANT_REFUND: true,
  REFUND_ERROR: true,
  ORDER_CANT_BE_EXTENDED: true,
  LOCKERS_NOT_AVAILABLE: true,
  other: true,
};
