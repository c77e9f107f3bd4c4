import { SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Card, Page } from '@/components/page';
import { buttonVariants } from '@/components/ui/button';

/** /help/not-found: a help link pointed at a topic that does not exist. */
export default function HelpNotFoundPage() {
  const { t } = useTranslation();
  return (
    <Page page="helpNotFound">
      <Card className="grid justify-items-start gap-4">
        <SearchX className="size-8 text-muted-foreground" aria-hidden="true" />
        <p className="text-muted-foreground">{t('help.notFoundBody')}</p>
        <Link to="/help" className={buttonVariants({ variant: 'outline' })}>
          {t('help.toHelp')}
        </Link>
      </Card>
    </Page>
  );
}
