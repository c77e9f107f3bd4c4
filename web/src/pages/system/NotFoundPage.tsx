import { useTranslation } from '@/i18n';
import { Page } from '@/components/page';
import { NotFoundState } from '@/components/page-states';

/** Any path the app does not know. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Page page="notFound">
      <NotFoundState message={t('notFound.body')} back={{ to: '/', label: t('common.goHome') }} />
    </Page>
  );
}
