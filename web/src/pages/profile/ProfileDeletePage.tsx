import { TriangleAlert } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '@/i18n';
import { BackLink } from '@/components/back-link';
import { Card, Page } from '@/components/page';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { useDeleteAccount } from '@/features/account/api';
import { codeOf } from '@/features/account/errors';
import type { SignedOutState } from '@/features/account/sign-out';
import { fieldLimits } from '@/lib/field-limits';
import { validateNote, type Invalid } from '@/features/account/validators';

/**
 * /profile/delete: a required reason, a confirmation, then the account is removed and
 * the visitor lands on /login, which clears local storage (spec §7).
 */
export default function ProfileDeletePage() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<Invalid>(null);
  const [confirming, setConfirming] = useState(false);

  const remove = useDeleteAccount();

  const confirm = () =>
    remove.mutate(reason.trim(), {
      onSuccess: () => {
        setConfirming(false);
        const state: SignedOutState = { signedOut: 'deleted' };
        void navigate('/login', { replace: true, state });
      },
      onError: (err) => {
        setConfirming(false);
        if (codeOf(err) === 'MISSING_NOTE') setError('noteRequired');
      },
    });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const invalid = validateNote(reason);
    setError(invalid);
    if (!invalid) setConfirming(true);
  };

  return (
    <>
      <BackLink to="/profile" />
      <Page page="profileDelete" className="mt-4">
        <Card className="grid gap-5">
          <div className="flex items-start gap-3 rounded-xl bg-destructive/5 p-4 text-sm">
            <TriangleAlert className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden="true" />
            <div className="grid gap-1">
              <p className="font-semibold text-destructive">{t('deleteAccount.lead')}</p>
              <p className="text-muted-foreground">{t('deleteAccount.what')}</p>
            </div>
          </div>
          <form noValidate onSubmit={submit} className="grid gap-5">
            <Field
              label={t('fields.reason')}
              labelNote={t('fields.required')}
              hint={t('deleteAccount.reasonHint')}
              error={error && t(`validation.${error}`)}
            >
              {(p) => (
                <Textarea
                  {...p}
                  name="reason"
                  required
                  aria-required="true"
                  maxLength={fieldLimits.deleteReason}
                  value={reason}
                  onChange={(e) => {
                    setReason(e.target.value);
                    setError(null);
                  }}
                />
              )}
            </Field>
            <Button type="submit" variant="destructive" size="lg" className="sm:justify-self-start">
              {t('deleteAccount.submit')}
            </Button>
          </form>
        </Card>
      </Page>
      <Dialog
        open={confirming}
        onClose={() => !remove.isPending && setConfirming(false)}
        title={t('deleteAccount.confirmTitle')}
        description={t('deleteAccount.confirmBody')}
        footer={
          <>
            <Button variant="outline" disabled={remove.isPending} onClick={() => setConfirming(false)}>
              {t('deleteAccount.cancel')}
            </Button>
            <Button variant="destructive" loading={remove.isPending} onClick={confirm}>
              {t('deleteAccount.confirm')}
            </Button>
          </>
        }
      />
    </>
  );
}
