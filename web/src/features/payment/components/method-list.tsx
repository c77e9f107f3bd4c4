import { Star, StarOff, Trash2, Wrench } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@/i18n';
import type { PaymentMethodView } from '@/api/generated/app-router';
import { Card } from '@/components/page';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Notice } from '@/components/ui/notice';
import { useActivatePaymentMethod, useAddPaymentMethod, useDeactivatePaymentMethod, useRemovePaymentMethod } from '../api';
import { cardTitle, payError } from '../labels';
import { openProvider, rememberReturn, type ReturnTo } from '../return-to';
import { CardSummary } from './card-summary';
import { RedirectNotice } from './redirect-notice';

interface MethodListProps {
  methods: PaymentMethodView[];
  /** Where finishing a half-added card leads back to. */
  finishReturn: (paymentMethodUuid: string) => ReturnTo;
}

/**
 * MethodList manages the saved cards (spec §4): make one the default (activate),
 * take the default off (deactivate), finish a half-added one on the provider's page,
 * and remove one after "Are you sure?".
 */
export function MethodList({ methods, finishReturn }: MethodListProps) {
  const { t, i18n } = useTranslation('payment');
  const activate = useActivatePaymentMethod();
  const deactivate = useDeactivatePaymentMethod();
  const finish = useAddPaymentMethod();
  const remove = useRemovePaymentMethod();
  const [removing, setRemoving] = useState<PaymentMethodView | null>(null);
  const [leaving, setLeaving] = useState(false);
  const failure = [activate, deactivate, finish, remove].find((m) => m.isError)?.error;

  if (leaving) return <RedirectNotice />;
  const busy = (m: { isPending: boolean; variables?: unknown }, uuid: string) =>
    m.isPending && (m.variables === uuid || (m.variables as { paymentMethodUuid?: string } | undefined)?.paymentMethodUuid === uuid);

  return (
    <>
      {failure != null && <Notice tone="error">{payError(t, failure)}</Notice>}
      <ul className="grid gap-3" data-payment-methods>
        {methods.map((m) => (
          <li key={m.uuid}>
            <Card>
              <CardSummary method={m} showMeaning>
                <div className="flex flex-wrap gap-2 sm:pl-13">
                  {m.canActivate && (
                    <Button variant="outline" size="sm" loading={busy(activate, m.uuid)} onClick={() => activate.mutate(m.uuid)}>
                      <Star aria-hidden="true" />
                      {t('method.activate')}
                    </Button>
                  )}
                  {m.canDeactivate && (
                    <Button variant="ghost" size="sm" loading={busy(deactivate, m.uuid)} onClick={() => deactivate.mutate(m.uuid)}>
                      <StarOff aria-hidden="true" />
                      {t('method.deactivate')}
                    </Button>
                  )}
                  {m.canFinish && (
                    <Button
                      variant="outline"
                      size="sm"
                      loading={busy(finish, m.uuid)}
                      onClick={() =>
                        finish.mutate(
                          { paymentMethodUuid: m.uuid, language: i18n.language },
                          {
                            onSuccess: (res) => {
                              rememberReturn(m.uuid, finishReturn(m.uuid));
                              setLeaving(true);
                              openProvider(res.url);
                            },
                          },
                        )
                      }
                    >
                      <Wrench aria-hidden="true" />
                      {t('method.finish')}
                    </Button>
                  )}
                  {m.canRemove && (
                    <Button variant="ghost" size="sm" className="text-destructive hover:text-destructive" onClick={() => setRemoving(m)}>
                      <Trash2 aria-hidden="true" />
                      {t('method.remove')}
                    </Button>
                  )}
                </div>
              </CardSummary>
            </Card>
          </li>
        ))}
      </ul>
      <Dialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title={t('remove.title')}
        description={removing ? t('remove.body', { card: cardTitle(t, removing) }) : undefined}
        footer={
          <>
            <Button variant="ghost" onClick={() => setRemoving(null)}>
              {t('remove.keep')}
            </Button>
            <Button
              variant="destructive"
              loading={remove.isPending}
              onClick={() => removing && remove.mutate(removing.uuid, { onSettled: () => setRemoving(null) })}
            >
              {t('remove.confirm')}
            </Button>
          </>
        }
      />
    </>
  );
}
