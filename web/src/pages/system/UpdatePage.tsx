import { useQueryClient } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@/i18n';
import { Card, Page } from '@/components/page';
import { Button } from '@/components/ui/button';
import { useSession } from '@/features/session/session';
import { appVersion } from '@/lib/version';

/** /update: the server requires a newer app (spec §2); the user stays here until it does not. */
export default function UpdatePage() {
  const { t } = useTranslation();
  const { info } = useSession();
  const client = useQueryClient();
  const [checking, setChecking] = useState(false);
  const recheck = async () => {
    setChecking(true);
    try {
      await Promise.all([
        client.invalidateQueries({ queryKey: ['system', 'info'] }),
        client.invalidateQueries({ queryKey: ['auth', 'authorize'] }),
      ]);
    } finally {
      setChecking(false);
    }
  };
  return (
    <Page page="update">
      <Card className="grid gap-4">
        <span className="grid size-12 place-items-center rounded-xl bg-secondary text-primary">
          <Download className="size-6" aria-hidden="true" />
        </span>
        <p>{t('update.body')}</p>
        <dl className="grid gap-1 text-sm text-muted-foreground">
          <dt className="sr-only">{t('about.version')}</dt>
          <dd>{t('update.current', { version: appVersion })}</dd>
          {info?.minAppVersion && (
            <>
              <dt className="sr-only">{t('about.serverVersion')}</dt>
              <dd>{t('update.required', { version: info.minAppVersion })}</dd>
            </>
          )}
        </dl>
        <Button className="justify-self-start" loading={checking} onClick={() => void recheck()}>
          {t('update.reload')}
        </Button>
      </Card>
    </Page>
  );
}
