import { Hammer } from 'lucide-react';
import { useTranslation } from '@/i18n';
import { Card, Page, type PageId } from './page';

/**
 * ComingSoon is the honest body of a screen whose feature arrives in a later
 * version: its real title and a translated note, nothing pretending to work.
 */
export function ComingSoon({ page }: { page: PageId }) {
  const { t } = useTranslation();
  return (
    <Page
      page={page}
      badge={
        <span className="rounded-full bg-secondary px-2.5 py-0.5 text-xs font-medium text-secondary-foreground">
          {t('common.comingSoonBadge')}
        </span>
      }
    >
      <Card className="flex items-start gap-4">
        <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-secondary text-secondary-foreground">
          <Hammer className="size-5" aria-hidden="true" />
        </span>
        <p className="text-muted-foreground">{t('common.comingSoon')}</p>
      </Card>
    </Page>
  );
}
