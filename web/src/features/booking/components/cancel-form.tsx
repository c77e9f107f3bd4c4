import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '@/i18n';
import type { OrderView } from '@/api/generated/app-router';
import { Button } from '@/components/ui/button';
import { Field, FieldError } from '@/components/ui/field';
import { Notice } from '@/components/ui/notice';
import { Textarea } from '@/components/ui/textarea';
import { AppError } from '@/lib/errors';
import { cn } from '@/lib/utils';
import { useCancelOrder } from '../api';
import { cancelOutcome, presetNotes } from '../cancel-notes';
import { fieldLimits } from '@/lib/field-limits';
import { formatMoney } from '@/lib/format';

const presets = Object.keys(presetNotes) as Array<keyof typeof presetNotes>;
type Reason = (typeof presets)[number] | 'other';

/**
 * CancelForm asks for the reason note (spec §3: preset 'just testing' and 'wrong
 * input', or free text) and refuses an empty one with 'Missing Note' (spec §5)
 * before the server would. The preset note is sent in English so operators read
 * one language.
 */
export function CancelForm({ order, onCancelled, onKeep }: { order: OrderView; onCancelled: (o: OrderView) => void; onKeep: () => void }) {
  const { t, i18n } = useTranslation('booking');
  const id = useId();
  const [reason, setReason] = useState<Reason | null>(null);
  const [text, setText] = useState('');
  const [missing, setMissing] = useState(false);
  const cancel = useCancelOrder();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const note = reason && reason !== 'other' ? presetNotes[reason] : text.trim();
    if (!note) {
      setMissing(true);
      return;
    }
    setMissing(false);
    cancel.mutate({ orderUuid: order.uuid, note }, { onSuccess: onCancelled });
  };

  // What happens to the money or the free order, said before the user confirms.
  const outcome = cancelOutcome(order);
  const refundFailed = cancel.isError && AppError.from(cancel.error).appCode === 'REFUND_ERROR';
  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {t('cancel.title')}
      </h2>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">{t('cancel.reason')}</legend>
        <div className="flex flex-wrap gap-2">
          {[...presets, 'other' as const].map((r) => (
            <label
              key={r}
              className={cn(
                'cursor-pointer rounded-full border px-4 py-2 text-sm font-medium transition has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                reason === r ? 'border-primary bg-primary text-primary-foreground' : 'bg-background hover:bg-muted',
              )}
            >
              <input
                type="radio"
                name="cancel-reason"
                value={r}
                className="sr-only"
                checked={reason === r}
                onChange={() => {
                  setReason(r);
                  setMissing(false);
                }}
              />
              {t(`cancel.${r}`)}
            </label>
          ))}
        </div>
      </fieldset>
      {reason === 'other' && (
        <Field label={t('cancel.note')} error={missing ? t('cancel.missingNote') : null}>
          {(p) => (
            <Textarea
              {...p}
              name="note"
              maxLength={fieldLimits.cancelNote}
              value={text}
              placeholder={t('cancel.notePlaceholder')}
              onChange={(e) => setText(e.target.value)}
            />
          )}
        </Field>
      )}
      {missing && reason !== 'other' && <FieldError>{t('cancel.missingNote')}</FieldError>}
      {outcome.kind !== 'none' && (
        <Notice tone="info" className="grid gap-0.5">
          <span data-testid="cancel-outcome" data-outcome={outcome.kind}>
            {outcome.kind === 'couponBack'
              ? t('cancel.couponBack')
              : outcome.kind === 'refund'
                ? t('cancel.refund', { amount: formatMoney(outcome.cents, i18n.language) })
                : t('cancel.noRefund')}
          </span>
          {outcome.kind === 'noRefund' && <span className="font-normal">{t('cancel.noRefundWhy')}</span>}
        </Notice>
      )}
      {refundFailed && <Notice tone="error">{t('cancel.refundFailed')}</Notice>}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="destructive" loading={cancel.isPending}>
          {t('cancel.submit')}
        </Button>
        <Button type="button" variant="ghost" onClick={onKeep}>
          {t('cancel.keep')}
        </Button>
      </div>
    </form>
  );
}
