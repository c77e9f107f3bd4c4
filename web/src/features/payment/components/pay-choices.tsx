import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, CreditCard, Link2, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useTranslation } from '@/i18n';
import type { OrderView, PaymentMethodView } from '@/api/generated/app-router';
import { Card } from '@/components/page';
import { InlineLoading } from '@/components/page-states';
import { Button, buttonVariants } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { formatMoney } from '@/lib/money';
import { cn } from '@/lib/utils';
import { paymentMethodQuery, paymentMethodsQuery, usePayOrder } from '../api';
import { cardTitle, payError } from '../labels';
import type { ReturnTo } from '../return-to';
import { defaultMethod, methodSettled, usable } from '../states';
import { AddCardButton } from './add-card-button';
import { DueSummary } from './due-summary';

interface PayChoicesProps {
  /** An order that owes something now (canPay). */
  order: OrderView;
  /** The one-time payment link's prepare screen. */
  linkPath: string;
  /** A screen listing the cards; without it the other cards unfold here. */
  cardsPath?: string;
  /** The add-a-card screen; without it the card is added from here. */
  addCardPath?: string;
  /** Where a card added from here leads back to; this screen (with ?card=) unless said otherwise. */
  addCardReturn?: (paymentMethodUuid: string) => ReturnTo;
  /** Called with the order once a card charge has started (it is processing). */
  onCharged: (order: OrderView) => void;
  /** Every usable card at once, not only the default (after a decline the user wants another). */
  unfoldCards?: boolean;
}

/**
 * PayChoices is how an order gets paid (spec §1: a saved payment method or a
 * one-time payment link): one tap with the default card, another saved card, a new
 * card, or the provider's one-time page. A card added from here comes back to this
 * step (?card=its id, issue 28): it says whether the card was saved and offers it first.
 */
export function PayChoices({ order, linkPath, cardsPath, addCardPath, addCardReturn, onCharged, unfoldCards = false }: PayChoicesProps) {
  const { t, i18n } = useTranslation('payment');
  const methods = useQuery(paymentMethodsQuery);
  const pay = usePayOrder();
  const [unfolded, setUnfolded] = useState(unfoldCards);
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const addedUuid = search.get('card');
  const added = useQuery({
    ...paymentMethodQuery(addedUuid ?? ''),
    enabled: !!addedUuid,
    // The provider may still be deciding when the user comes back.
    refetchInterval: (q) => (q.state.data && !methodSettled(q.state.data) ? 2000 : false),
  });
  const amount = formatMoney(order.payment.dueCents, i18n.language);
  const listed = methods.data ?? [];
  const fresh = added.data && usable(added.data) ? added.data : undefined;
  // The card just added may be newer than the list read before it was saved.
  const cards = fresh && !listed.some((m) => m.uuid === fresh.uuid) ? [...listed, fresh] : listed;
  const serverDefault = defaultMethod(cards);
  const main = fresh ?? serverDefault;
  const others = cards.filter((m) => usable(m) && m.uuid !== main?.uuid);

  // The default card is charged without naming it: the server picks it.
  const named = (m: PaymentMethodView) => (m.uuid === serverDefault?.uuid ? undefined : m.uuid);
  const charge = (m: PaymentMethodView) => pay.mutate({ orderUuid: order.uuid, paymentMethodUuid: named(m) }, { onSuccess: onCharged });

  const saved = cards.some(usable);
  // Long card names and amounts wrap on a phone instead of widening the page: the
  // size's fixed height and the variant's nowrap give way (cn does not merge classes).
  const wrap = 'h-auto! min-h-12 w-full whitespace-normal! py-2.5 sm:w-fit';
  const cardButton = (m: PaymentMethodView, primary: boolean) => (
    <Button
      variant={primary ? 'default' : 'outline'}
      size="lg"
      className={wrap}
      loading={pay.isPending && pay.variables?.paymentMethodUuid === named(m)}
      disabled={pay.isPending}
      onClick={() => charge(m)}
      data-testid={m === main ? 'pay-default' : undefined}
    >
      <CreditCard aria-hidden="true" />
      {t('choices.payWith', { amount, card: cardTitle(t, m) })}
    </Button>
  );

  return (
    <Card className="grid gap-5">
      {addedUuid && added.data && (
        <div data-testid="card-added" data-state={added.data.state}>
          {fresh ? (
            <p role="status" className="flex items-center gap-2 font-semibold">
              <CheckCircle2 className="size-5 text-emerald-700" aria-hidden="true" />
              {t('cardDone.saved')}
            </p>
          ) : added.data.state === 'failed' ? (
            <Notice tone="error">{t('cardDone.failed')}</Notice>
          ) : (
            <InlineLoading label={t('cardDone.waiting')} />
          )}
        </div>
      )}
      <DueSummary order={order} />
      {pay.isError && <Notice tone="error">{payError(t, pay.error)}</Notice>}
      {methods.isPending && <InlineLoading label={t('choices.loadingCards')} />}
      {saved && (
        <div className="grid gap-3">
          {/* After a decline no card is the obvious one: the declined card may be the default. */}
          {main && cardButton(main, !unfoldCards)}
          {/* Without a default, every usable card is one tap away; with one, the others unfold on request. */}
          {(!main || unfolded) && others.length > 0 && (
            <ul className="grid gap-2" aria-label={t('choices.otherCards')}>
              {others.map((m) => (
                <li key={m.uuid}>{cardButton(m, !main)}</li>
              ))}
            </ul>
          )}
          {main && !unfolded && others.length > 0 && !cardsPath && (
            <Button variant="ghost" className="w-fit" onClick={() => setUnfolded(true)}>
              {t('choices.otherCard')}
            </Button>
          )}
        </div>
      )}
      <div className={cn('grid gap-3', saved && 'border-t pt-5')}>
        <p className="text-sm text-muted-foreground">{saved ? t('choices.orNew') : t('choices.noCards')}</p>
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          {addCardPath ? (
            <Link to={addCardPath} className={buttonVariants({ variant: saved ? 'outline' : 'default', size: 'lg' })}>
              <Plus aria-hidden="true" />
              {t('method.add')}
            </Link>
          ) : (
            <AddCardButton returnTo={addCardReturn ?? ((pm) => ({ done: `${pathname}?card=${pm}`, back: pathname }))} variant={saved ? 'outline' : 'default'} />
          )}
          <Link to={linkPath} className={buttonVariants({ variant: 'outline', size: 'lg', className: wrap })} data-testid="pay-by-link">
            <Link2 aria-hidden="true" />
            {t('choices.payByLink', { amount })}
          </Link>
        </div>
        {/* The booking flow lists every card on a screen of its own, half-added ones included. */}
        {cardsPath && cards.length > 0 && (
          <Link to={cardsPath} className={buttonVariants({ variant: 'ghost', className: 'w-fit' })}>
            {t('choices.allCards')}
          </Link>
        )}
      </div>
    </Card>
  );
}
