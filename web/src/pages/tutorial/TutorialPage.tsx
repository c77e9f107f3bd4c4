import { ArrowRight, PackageOpen, Send, Sparkles, Warehouse, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from '@/i18n';
import { Page } from '@/components/page';
import { buttonVariants } from '@/components/ui/button';
import { textLink } from '@/components/ui/text-link';

const uses: Array<{ step: 'receive' | 'send' | 'store'; icon: LucideIcon; page: 'tutorialReceive' | 'tutorialSend' | 'tutorialStore' }> = [
  { step: 'receive', icon: PackageOpen, page: 'tutorialReceive' },
  { step: 'send', icon: Send, page: 'tutorialSend' },
  { step: 'store', icon: Warehouse, page: 'tutorialStore' },
];

/** /tutorial: what the service is for, the first 3 orders free, and the way into the steps. */
export default function TutorialPage() {
  const { t } = useTranslation('account');
  const { t: tc } = useTranslation();
  return (
    <Page page="tutorial" className="gap-5">
      <p className="-mt-3 text-muted-foreground">{t('tutorial.lead')}</p>
      <p className="flex items-center gap-2 rounded-xl bg-secondary px-4 py-3 text-sm font-semibold text-secondary-foreground">
        <Sparkles className="size-4 shrink-0" aria-hidden="true" />
        {t('tutorial.freeOrders')}
      </p>
      <ul className="grid gap-3">
        {uses.map(({ step, icon: Icon, page }) => (
          <li key={step}>
            <Link
              to={`/tutorial/${step}`}
              className="group flex items-center gap-4 rounded-2xl border bg-card p-4 shadow-xs outline-none transition hover:border-primary/40 focus-visible:ring-2 focus-visible:ring-ring"
            >
              <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-primary/10 text-primary">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block font-medium">{tc(`pages.${page}.title`)}</span>
                <span className="block text-sm text-muted-foreground">{t(`tutorial.${step}.point1`)}</span>
              </span>
              <ArrowRight className="size-4 text-muted-foreground transition group-hover:translate-x-0.5" aria-hidden="true" />
            </Link>
          </li>
        ))}
      </ul>
      <Link to="/tutorial/welcome" className={buttonVariants({ size: 'lg' })}>
        {t('tutorial.start')}
      </Link>
      <p className="text-center text-sm text-muted-foreground">
        <Link to="/register" className={textLink}>
          {t('tutorial.register')}
        </Link>
        <span className="mx-2" aria-hidden="true">·</span>
        <Link to="/login" className={textLink}>
          {t('tutorial.signIn')}
        </Link>
      </p>
    </Page>
  );
}
