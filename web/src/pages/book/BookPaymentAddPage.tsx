import { ShieldCheck } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from '@/i18n';
import { Card, Page } from '@/components/page';
import { buttonVariants } from '@/components/ui/button';
import { AddCardButton } from '@/features/payment/components/add-card-button';

/**
 * /book/:orderUuid/payments/add — a new card is typed on the payment provider's
 * page, never in the app; this screen says so and starts it. The prepare screen then
 * opens the provider's page.
 */
export default function BookPaymentAddPage() {
  const { t } = useTranslation('payment');
  const { orderUuid = '' } = useParams();
  const navigate = useNavigate();
  const base = `/book/${orderUuid}`;
  return (
    <Page page="bookPaymentAdd">
      <Card className="grid gap-5">
        <div className="flex items-start gap-4">
          <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-primary/10 text-primary">
            <ShieldCheck className="size-5" aria-hidden="true" />
          </span>
          <div className="grid gap-1">
            <p className="font-medium">{t('add.title')}</p>
            <p className="text-sm text-muted-foreground">{t('add.body')}</p>
          </div>
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <Link to={`${base}/payments`} className={buttonVariants({ variant: 'ghost', size: 'lg' })}>
            {t('common.back')}
          </Link>
          <AddCardButton
            variant="default"
            label={t('add.continue')}
            // The provider brings the user back to the booking: the new card's done screen, or the cards when they left.
            returnTo={(pm) => ({ done: `${base}/payments/${pm}/done`, back: `${base}/payments` })}
            onStarted={(res) => navigate(`${base}/payments/${res.paymentMethod.uuid}/prepare`, { state: { url: res.url } })}
          />
        </div>
      </Card>
    </Page>
  );
}
