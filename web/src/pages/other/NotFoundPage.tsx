import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Card, Page } from '@/components/page';
import { buttonVariants } from '@/components/ui/button';

/** Any path the app does not know. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Page page="notFound">
      <Card className="grid justify-items-start gap-4">
        <p className="text-muted-foreground">{t('notFound.body')}</p>
        <Link to="/" className={buttonVariants()}>
          {t('common.goHome')}
        </Link>
      </Card>
    </Page>
  );
}
