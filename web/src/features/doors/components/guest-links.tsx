import { Copy, Link2, Share2, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@/i18n';
import type { GuestLinkView } from '@/api/generated/app-router';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { toast } from '@/components/ui/toast-store';
import { canShare, copyText, share } from '@/lib/share';
import { useCreateGuest, useRevokeGuest, type LockerRef } from '../api';
import { ConfirmInline } from './confirm-inline';

/**
 * GuestLinks lets the owner share the picking side with someone without an
 * account: a new link is shown once (only its hash is kept) with Copy and Share,
 * live ones can be revoked after one question; a revoked link leaves the screen.
 */
export function GuestLinks({ lockerRef, guests }: { lockerRef: LockerRef; guests: GuestLinkView[] }) {
  const { t, i18n } = useTranslation('booking');
  const create = useCreateGuest(lockerRef);
  const revoke = useRevokeGuest(lockerRef);
  const [asking, setAsking] = useState<string | null>(null);
  // The link shown once is dropped when it is revoked (or no longer listed), so it is never offered dead.
  const fresh = create.data && guests.some((g) => g.uuid === create.data.uuid) ? `${window.location.origin}${create.data.path}` : null;
  const say = (key: 'guest.copied' | 'guest.copyFailed' | 'guest.revoked', variant?: 'destructive') =>
    toast({ variant, text: () => ({ description: i18n.t(key, { ns: 'booking' }) }) });
  return (
    <section className="grid gap-3 rounded-2xl border bg-card p-4 shadow-xs" aria-labelledby="guest-links">
      <h3 id="guest-links" className="flex items-center gap-2 font-semibold">
        <Link2 className="size-4 text-primary" aria-hidden="true" />
        {t('guest.title')}
      </h3>
      <p className="text-sm text-muted-foreground">{t('guest.hint')}</p>
      {fresh && (
        <Notice tone="success" className="grid gap-2">
          <span>
            {t('guest.created')}{' '}
            <a href={fresh} className="break-all underline" data-testid="guest-url">
              {fresh}
            </a>
          </span>
          <span className="flex flex-wrap gap-2">
            <Button variant="outline" size="sm" onClick={() => void copyText(fresh).then((ok) => say(ok ? 'guest.copied' : 'guest.copyFailed', ok ? undefined : 'destructive'))}>
              <Copy aria-hidden="true" />
              {t('guest.copy')}
            </Button>
            {canShare() && (
              <Button variant="outline" size="sm" onClick={() => void share({ title: t('guest.shareTitle'), text: t('guest.shareText'), url: fresh })}>
                <Share2 aria-hidden="true" />
                {t('guest.share')}
              </Button>
            )}
          </span>
        </Notice>
      )}
      {guests.length > 0 && (
        <ul className="grid gap-2">
          {guests.map((g, i) => (
            <li key={g.uuid} className="grid gap-2 text-sm" data-guest={g.uuid}>
              <span className="flex items-center justify-between gap-2">
                {t('guest.link', { n: i + 1 })}
                {asking !== g.uuid && (
                  <Button variant="ghost" size="xs" aria-label={t('guest.revokeLabel', { n: i + 1 })} onClick={() => setAsking(g.uuid)}>
                    <Trash2 aria-hidden="true" />
                    {t('guest.revoke')}
                  </Button>
                )}
              </span>
              {asking === g.uuid && (
                <ConfirmInline
                  question={t('guest.revokeAsk', { n: i + 1 })}
                  confirmLabel={t('guest.revokeDo')}
                  busy={revoke.isPending && revoke.variables === g.uuid}
                  onKeep={() => setAsking(null)}
                  onConfirm={() =>
                    revoke.mutate(g.uuid, {
                      onSuccess: () => {
                        setAsking(null);
                        say('guest.revoked');
                      },
                    })
                  }
                />
              )}
            </li>
          ))}
        </ul>
      )}
      <Button variant="outline" size="sm" loading={create.isPending} onClick={() => create.mutate()}>
        {t('guest.create')}
      </Button>
    </section>
  );
}
