import { ArrowLeft, ArrowRight, Check, PackageOpen, Send, Sparkles, Warehouse, type LucideIcon } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '@/i18n';
import { Page } from '@/components/page';
import { buttonVariants } from '@/components/ui/button';
import { textLink } from '@/components/ui/text-link';
import { cn } from '@/lib/utils';
import { isAfterRegistration } from '@/features/account/tutorial-state';
import { tutorialSteps, type TutorialStepId } from './tutorial-steps';

const icons: Record<TutorialStepId, LucideIcon> = {
  welcome: Sparkles,
  receive: PackageOpen,
  send: Send,
  store: Warehouse,
};

const pageIds = {
  welcome: 'tutorialWelcome',
  receive: 'tutorialReceive',
  send: 'tutorialSend',
  store: 'tutorialStore',
} as const;

/** TutorialStep is one of the four tutorial screens (spec §2): what, how, and on to the next. */
export function TutorialStep({ step }: { step: TutorialStepId }) {
  const { t } = useTranslation('account');
  const index = tutorialSteps.indexOf(step);
  const prev = `/tutorial/${tutorialSteps[Math.max(index - 1, 0)]}`;
  const nextStep = tutorialSteps[index + 1];
  const Icon = icons[step];
  const showFree = step === 'welcome' || !nextStep;
  // Right after registering, the steps keep that state and end at /register/done.
  const state = useLocation().state as unknown;
  const registered = isAfterRegistration(state);
  const carried = registered ? state : undefined;
  return (
    <Page page={pageIds[step]} className="gap-5">
      <div className="-mt-3 flex items-center justify-between gap-3">
        <span className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
          {t('tutorial.step', { step: index + 1, total: tutorialSteps.length })}
        </span>
        <Link to={registered ? '/register/done' : '/login'} className={cn(textLink, 'text-sm')}>
          {t('tutorial.skip')}
        </Link>
      </div>
      <div className="grid gap-6 rounded-2xl border bg-card p-6 shadow-xs md:p-8">
        <div className="grid place-items-center rounded-2xl bg-gradient-to-br from-secondary to-primary/15 py-10">
          <span className="grid size-20 place-items-center rounded-3xl bg-card text-primary shadow-sm">
            <Icon className="size-10" aria-hidden="true" />
          </span>
        </div>
        <p className="text-lg text-balance">{t(`tutorial.${step}.lead`)}</p>
        <ul className="grid gap-3">
          {(['point1', 'point2', 'point3'] as const).map((p) => (
            <li key={p} className="flex items-start gap-3">
              <span className="mt-0.5 grid size-5 shrink-0 place-items-center rounded-full bg-primary text-primary-foreground">
                <Check className="size-3" strokeWidth={3} aria-hidden="true" />
              </span>
              <span>{t(`tutorial.${step}.${p}`)}</span>
            </li>
          ))}
        </ul>
        {showFree && (
          <p className="flex items-center gap-2 rounded-xl bg-secondary px-4 py-3 text-sm font-semibold text-secondary-foreground">
            <Sparkles className="size-4 shrink-0" aria-hidden="true" />
            {t('tutorial.freeOrders')}
          </p>
        )}
        <Dots current={index} />
      </div>
      {/*
        The step's buttons sit in one bar pinned to the bottom of the screen, two columns
        on every step (issue 46): Next (or Finish) keeps its place while the text above
        changes length, and the first step, with nowhere to go back to, leaves Back's
        column empty instead of offering it.
      */}
      <div aria-hidden="true" className="h-20" />
      <nav
        aria-label={t('tutorial.stepsNav')}
        className="fixed inset-x-0 bottom-0 z-10 border-t bg-background/95 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] backdrop-blur"
        data-testid="tutorial-nav"
      >
        <div className="mx-auto grid w-full max-w-xl grid-cols-2 gap-3 px-4">
          {!nextStep && !registered ? (
            <>
              <Link to="/login" className={buttonVariants({ variant: 'outline', size: 'lg' })}>
                {t('tutorial.signIn')}
              </Link>
              <Link to="/register" className={buttonVariants({ size: 'lg' })}>
                {t('tutorial.register')}
              </Link>
            </>
          ) : (
            <>
              {index > 0 ? (
                <Link to={prev} state={carried} className={buttonVariants({ variant: 'outline', size: 'lg' })}>
                  <ArrowLeft aria-hidden="true" />
                  {t('tutorial.back')}
                </Link>
              ) : (
                <span />
              )}
              {nextStep ? (
                <Link to={`/tutorial/${nextStep}`} state={carried} className={buttonVariants({ size: 'lg' })} data-testid="tutorial-next">
                  {t('tutorial.next')}
                  <ArrowRight aria-hidden="true" />
                </Link>
              ) : (
                <Link to="/register/done" className={buttonVariants({ size: 'lg' })} data-testid="tutorial-next">
                  {t('tutorial.finish')}
                  <ArrowRight aria-hidden="true" />
                </Link>
              )}
            </>
          )}
        </div>
      </nav>
    </Page>
  );
}

function Dots({ current }: { current: number }) {
  return (
    <div className="flex justify-center gap-2" aria-hidden="true">
      {tutorialSteps.map((s, i) => (
        <span key={s} className={cn('h-2 rounded-full transition-all', i === current ? 'w-6 bg-primary' : 'w-2 bg-border')} />
      ))}
    </div>
  );
}
