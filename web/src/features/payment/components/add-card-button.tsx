import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@/i18n';
import type { PaymentMethodAddView } from '@/api/generated/app-router';
import { Button, type ButtonProps } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { useAddPaymentMethod } from '../api';
import { payError } from '../labels';
import { openProvider, rememberReturn, type ReturnTo } from '../return-to';
import { RedirectNotice } from './redirect-notice';

interface AddCardButtonProps {
  /** Where to go on once the provider decided (done) or the user left its page (back), per new card. */
  returnTo: (paymentMethodUuid: string) => ReturnTo;
  /** Instead of opening the provider's page here (e.g. to move to a prepare screen first). */
  onStarted?: (res: PaymentMethodAddView) => void;
  label?: string;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  className?: string;
}

/**
 * AddCardButton starts saving a card: the server makes the card (state initial) and
 * the provider's page, where the user types the card; meanwhile the redirect notice
 * replaces the button.
 */
export function AddCardButton({ returnTo, onStarted, label, variant = 'outline', size = 'lg', className }: AddCardButtonProps) {
  const { t, i18n } = useTranslation('payment');
  const add = useAddPaymentMethod();
  const [leaving, setLeaving] = useState(false);
  if (leaving) return <RedirectNotice />;
  return (
    <div className="grid gap-2">
      <Button
        variant={variant}
        size={size}
        className={className}
        loading={add.isPending}
        onClick={() =>
          add.mutate(
            { language: i18n.language },
            {
              onSuccess: (res) => {
                rememberReturn(res.paymentMethod.uuid, returnTo(res.paymentMethod.uuid));
                if (onStarted) return onStarted(res);
                setLeaving(true);
                openProvider(res.url);
              },
            },
          )
        }
      >
        <Plus aria-hidden="true" />
        {label ?? t('method.add')}
      </Button>
      {add.isError && <Notice tone="error">{payError(t, add.error)}</Notice>}
    </div>
  );
}
