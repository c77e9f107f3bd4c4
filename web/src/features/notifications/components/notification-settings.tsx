import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { NotificationSettingsView } from '@/api/generated/app-router';
import { InlineLoading, ErrorState } from '@/components/page-states';
import { Checkbox } from '@/components/ui/checkbox';
import { textLink } from '@/components/ui/text-link';
import { toast } from '@/components/ui/toast-store';
import { useSession } from '@/features/session/session';
import i18n, { useTranslation } from '@/i18n';
import { settingsQuery, useUpdateSettings } from '../api';

const channels = ['push', 'email', 'sms'] as const;

/** NotificationSettings are the profile's per-channel switches; each change is saved at once. */
export function NotificationSettings() {
  const { t } = useTranslation('notifications');
  const q = useQuery(settingsQuery);
  const save = useUpdateSettings();
  // Text messages go to a verified phone only (the server refuses SMS without one).
  const phoneVerified = useSession().user?.phoneVerified ?? false;
  // While a change is saved the switches show it (the answer then becomes the query's data), so a switch
  // never flips back under the user's finger before the server has answered. It is state set in the
  // change handler itself: the mutation's own pending state reaches React a tick later, and the
  // controlled checkbox would render the old value in between.
  const [saving, setSaving] = useState<NotificationSettingsView | null>(null);

  const body = () => {
    if (q.isPending) return <InlineLoading />;
    if (q.isError) return <ErrorState onRetry={() => void q.refetch()} />;
    const current = saving ?? q.data;
    const toggle = (c: (typeof channels)[number], on: boolean) => {
      const next: NotificationSettingsView = { ...current, [c]: on };
      setSaving(next);
      save.mutate(next, {
        onSuccess: () => toast({ text: () => ({ description: i18n.t('settings.saved', { ns: 'notifications' }) }) }),
        onError: () => toast({ text: () => ({ description: i18n.t('failed', { ns: 'notifications' }) }) }),
        onSettled: () => setSaving(null),
      });
    };
    return (
      <div className="grid gap-4 rounded-2xl border bg-card p-5 shadow-xs">
        {channels.map((c) => {
          // Off without a verified phone; one already on may still be turned off.
          const needsPhone = c === 'sms' && !phoneVerified && !current.sms;
          return (
            <div key={c} className="grid gap-1.5">
              <Checkbox
                id={`notify-${c}`}
                checked={current[c]}
                disabled={save.isPending || needsPhone}
                aria-describedby={needsPhone ? 'notify-sms-needs-phone' : undefined}
                onChange={(e) => toggle(c, e.currentTarget.checked)}
                label={
                  <span className="grid gap-0.5">
                    <span className="font-medium">{t(`settings.${c}`)}</span>
                    <span className="text-muted-foreground">{t(`settings.${c}Hint`)}</span>
                  </span>
                }
              />
              {needsPhone && (
                <p id="notify-sms-needs-phone" className="pl-8 text-sm text-muted-foreground" data-testid="sms-needs-phone">
                  {t('settings.smsNeedsPhone')}{' '}
                  <Link to="/profile/personal/phone" className={textLink}>
                    {t('settings.verifyPhone')}
                  </Link>
                </p>
              )}
            </div>
          );
        })}
      </div>
    );
  };

  return (
    <section className="grid gap-3" aria-labelledby="notification-settings">
      <div>
        <h2 id="notification-settings" className="text-lg font-semibold">
          {t('settings.title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('settings.intro')}</p>
      </div>
      {body()}
    </section>
  );
}
