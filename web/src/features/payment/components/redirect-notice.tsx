import { ExternalLink } from 'lucide-react';
import { useTranslation } from '@/i18n';
import { Card } from '@/components/page';
import { Spinner } from '@/components/ui/spinner';

/**
 * RedirectNotice is shown while the app gets the provider's page and the browser
 * opens it: spec §9 says the redirect may take up to 10 seconds, so the user is
 * told, with a spinner, rather than left looking at a frozen screen.
 */
export function RedirectNotice({ title }: { title?: string }) {
  const { t } = useTranslation('payment');
  return (
    <Card className="grid justify-items-center gap-4 py-10 text-center">
      <span className="grid size-14 place-items-center rounded-full bg-primary/10 text-primary">
        <ExternalLink className="size-6" aria-hidden="true" />
      </span>
      <div className="grid gap-1" role="status" aria-live="polite">
        <p className="flex items-center justify-center gap-2 text-lg font-semibold" data-testid="redirect-notice">
          <Spinner className="size-5" />
          {title ?? t('redirect.title')}
        </p>
        <p className="max-w-sm text-sm text-muted-foreground text-balance">{t('redirect.wait')}</p>
      </div>
    </Card>
  );
}
