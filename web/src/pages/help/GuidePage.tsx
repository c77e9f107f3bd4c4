import { CircleHelp } from 'lucide-react';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '@/i18n';
import { Card, Page } from '@/components/page';
import { buttonVariants } from '@/components/ui/button';
import { ChooseArt, CodesArt, FinishArt, OpenArt, PayArt } from '@/features/help/components/guide-art';

const steps: { key: 'choose' | 'pay' | 'codes' | 'open' | 'finish'; Art: ComponentType }[] = [
  { key: 'choose', Art: ChooseArt },
  { key: 'pay', Art: PayArt },
  { key: 'codes', Art: CodesArt },
  { key: 'open', Art: OpenArt },
  { key: 'finish', Art: FinishArt },
];

/** /guide: how renting works, step by step, each step with its drawing. */
export default function GuidePage() {
  const { t } = useTranslation('help');
  return (
    <Page page="guide">
      <p className="-mt-3 text-muted-foreground">{t('guide.intro')}</p>
      <ol className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {steps.map(({ key, Art }, i) => (
          <li key={key} data-testid="guide-step">
            <Card className="grid h-full grid-cols-[5.5rem_1fr] items-start gap-4 md:grid-cols-1">
              <div className="rounded-xl bg-secondary/60 p-2 md:p-4">
                <Art />
              </div>
              <div className="grid gap-1">
                <p className="text-sm font-medium text-primary">{t('guide.step', { n: i + 1 })}</p>
                <h2 className="text-lg font-semibold">{t(`guide.steps.${key}.title`)}</h2>
                <p className="text-muted-foreground">{t(`guide.steps.${key}.body`)}</p>
              </div>
            </Card>
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-3">
        <Link to="/book" className={buttonVariants()}>
          {t('guide.bookNow')}
        </Link>
        <Link to="/help" className={buttonVariants({ variant: 'outline' })}>
          <CircleHelp className="size-4" aria-hidden="true" />
          {t('guide.moreHelp')}
        </Link>
      </div>
    </Page>
  );
}
