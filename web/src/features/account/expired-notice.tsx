import { TimerReset } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from '@/i18n';
import { buttonVariants } from '@/components/ui/button';

/** ExpiredNotice replaces a step whose earlier steps are missing or expired. */
export function ExpiredNotice({ restart }: { restart: string }) {
  const { t } = useTranslation('account');
  return (
    <div role="alert" className="grid justify-items-start gap-3">
      <span className="grid size-11 place-items-center rounded-xl bg-secondary text-primary">
        <TimerReset className="size-5" aria-hidden="true" />
      </span>
      <h2 className="text-lg font-semibold">{t('expired.title')}</h2>
      <p className="text-muted-foreground">{t('expired.body')}</p>
      <Link to={restart} className={buttonVariants()}>
        {t('expired.action')}
      </Link>
    </div>
  );
}
