import { useTranslation } from '@/i18n';
import { Page } from '@/components/page';
import { NotFoundState } from '@/components/page-states';

/** /help/not-found: a help link pointed at a topic that does not exist. */
export default function HelpNotFoundPage() {
  const { t } = useTranslation();
  return (
    <Page page="helpNotFound">
      <NotFoundState message={t('help.notFoundBody')} back={{ to: '/help', label: t('help.toHelp') }} />
    </Page>
  );
}
