import { Link2, Trash2 } from 'lucide-react';
import { useTranslation } from '@/i18n';
import type { GuestLinkView } from '@/api/generated/app-router';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { useCreateGuest, useRevokeGuest, type LockerRef } from '../api';

/**
 * GuestLinks lets the owner share the picking side with someone without an
 * account: a new link is shown once (only its hash is kept), live ones can be revoked.
 */
export function GuestLinks({ lockerRef, guests }: { lockerRef: LockerRef; guests: GuestLinkView[] }) {
  const { t } = useTranslation('booking');
  const create = useCreateGuest(lockerRef);
  const revoke = useRevokeGuest(lockerRef);
  const fresh = create.data ? `${window.location.origin}${create.data.path}` : null;
  return (
    <section className="grid gap-3 rounded-2xl border bg-card p-4 shadow-xs" aria-labelledby="guest-links">
      <h3 id="guest-links" className="flex items-center gap-2 font-semibold">
        <Link2 className="size-4 text-primary" aria-hidden="true" />
        {t('guest.title')}
      </h3>
      <p className="text-sm text-muted-foreground">{t('guest.hint')}</p>
      {fresh && (
        <Notice tone="success">
          {t('guest.created')}{' '}
          <a href={fresh} className="break-all underline" data-testid="guest-url">
            {fresh}
          </a>
        </Notice>
      )}
      {guests.length > 0 && (
        <ul className="grid gap-2">
          {guests.map((g, i) => (
            <li key={g.uuid} className="flex items-center justify-between gap-2 text-sm" data-guest={g.uuid}>
              {t('guest.link', { n: i + 1 })}
              <Button variant="ghost" size="xs" loading={revoke.isPending && revoke.variables === g.uuid} onClick={() => revoke.mutate(g.uuid)}>
                <Trash2 aria-hidden="true" />
                {t('guest.revoke')}
              </Button>
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
