import { isIssueCategory } from '@/features/issues/categories';
import type { TFunction } from '@/i18n';

/** categoryLabel names a user report's category, or shows an unknown one as it is. */
export function categoryLabel(category: string, t: TFunction<'admin'>): string {
  return isIssueCategory(category) ? t(`issues.categories.${category}`) : category;
}
