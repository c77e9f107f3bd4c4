import type { AppCode } from '@/api/generated/app-router';
import { AppError } from '@/lib/errors';

/** codeOf is the catalogue code of a failure (GENERAL_ERROR when it has none). */
export function codeOf(err: unknown): AppCode {
  return AppError.from(err).appCode;
}
