import { CalendarPlus, PartyPopper, Sparkles } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '@/i18n';
import { Page } from '@/components/page';
import { buttonVariants } from '@/components/ui/button';
import { clearFlow } from '@/features/account/flow-state';

/** /register/done: the account is ready; the first 3 orders are free. */
export default function RegisterDonePage() {
  const { t } = useTranslation('account');
  useEffect(() => clearFlow('register'), []);
  return (
    <Page page="registerDone">
      <div className="grid justify-items-center gap-6 rounded-2xl border bg-card p-6 text-center shadow-xs md:p-10">
        <span className="grid size-16 place-items-center rounded-full bg-secondary text-primary">
          <PartyPopper className="size-8" aria-hidden="true" />
        </span>
        <p className="max-w-sm text-lg text-balance">
          {t('done.lead')}
        </p>
        <div className="flex w-full max-w-sm items-start gap-3 rounded-xl bg-secondary px-4 py-3 text-left text-secondary-foreground">
          <Sparkles className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          <div>
            <p className="font-semibold">{t('done.freeOrders')}</p>
            <p className="text-sm opacity-90">{t('done.freeOrdersBody')}</p>
          </div>
        </div>
        <div className="grid w-full max-w-sm gap-3">
          <Link to="/book" className={buttonVariants({ size: 'lg' })}>
            <CalendarPlus aria-hidden="true" />
            {t('done.book')}
          </Link>
          <Link to="/" className={buttonVariants({ variant: 'outline', size: 'lg' })}>
            {t('done.home')}
          </Link>
        </div>
      </div>
    </Page>
  );
}
