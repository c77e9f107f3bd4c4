import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminCredentialsInput, AdminIssuedCredentials } from '@/api/generated/app-router';
import { ErrorState, LoadingState } from '@/components/page-states';
import { Button } from '@/components/ui/button';
import { credentialsQuery, useChangeCredentials } from '@/features/admin/api';
import { ConfirmNoteDialog } from '@/features/admin/confirm-note-dialog';
import { adminErrorText } from '@/features/admin/errors';
import { formatWhen } from '@/lib/format';
import { Badge, Section } from '@/features/admin/frame';
import { useTranslation } from '@/i18n';

type Action = AdminCredentialsInput['action'];

/**
 * StationCredentials is a station's key and broker login (docs/station-protocol.md "Keys"),
 * administrators only: its generation and state, and create, rotate and revoke, each with a
 * note for the audit log. What the cabinet is given is shown once, here, and never again.
 */
export function StationCredentials({ stationUuid }: { stationUuid: string }) {
  const { t, i18n } = useTranslation('admin');
  const q = useQuery(credentialsQuery(stationUuid));
  const change = useChangeCredentials();
  const [asking, setAsking] = useState<Action | null>(null);
  // One key per confirmed dialog: a double-click changes nothing twice.
  const [requestUuid, setRequestUuid] = useState('');
  const [issued, setIssued] = useState<AdminIssuedCredentials | null>(null);
  if (q.isPending) return <LoadingState rows={1} />;
  if (q.isError) return <ErrorState onRetry={() => void q.refetch()} />;
  const c = q.data;
  const revoked = c.revokedAt !== '';
  const ask = (a: Action) => {
    change.reset();
    setRequestUuid(crypto.randomUUID());
    setAsking(a);
  };
  return (
    <Section
      title={t('credentials.title')}
      actions={
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" onClick={() => ask('create')} data-testid="credentials-create">
            {t('credentials.create')}
          </Button>
          {!revoked && (
            <Button size="sm" variant="outline" onClick={() => ask('rotate')} data-testid="credentials-rotate">
              {t('credentials.rotate')}
            </Button>
          )}
          {!revoked && (
            <Button size="sm" variant="destructive" onClick={() => ask('revoke')} data-testid="credentials-revoke">
              {t('credentials.revoke')}
            </Button>
          )}
        </div>
      }
    >
      <p className="flex flex-wrap items-center gap-2 text-sm" data-testid="credentials-state">
        <span>{t('credentials.generation', { generation: c.generation })}</span>
        {revoked ? (
          <Badge tone="bad" wrap>{t('credentials.revokedAt', { when: formatWhen(c.revokedAt, i18n.language) })}</Badge>
        ) : (
          <Badge tone={c.provisioned ? 'good' : 'neutral'} wrap>{c.provisioned ? t('credentials.live') : t('credentials.default')}</Badge>
        )}
        {c.previous > 0 && (
          <span className="text-muted-foreground">{t('credentials.grace', { previous: c.previous, until: formatWhen(c.graceUntil, i18n.language) })}</span>
        )}
      </p>
      {issued && (
        <div className="mt-3 grid gap-1 rounded-xl border border-primary/40 bg-card p-3 text-sm" data-testid="credentials-issued">
          <p className="font-medium">{t('credentials.showOnce')}</p>
          <p>
            {t('credentials.brokerUser')}: <code className="break-all">{issued.brokerUser}</code>
          </p>
          <p>
            {t('credentials.keyGeneration')}: <code>{issued.generation}</code>
          </p>
          <p>
            {t('credentials.key')}: <code className="break-all" data-testid="credentials-key">{issued.key}</code>
          </p>
          <p>
            {t('credentials.brokerPassword')}: <code className="break-all">{issued.brokerPassword}</code>
          </p>
          <p className="text-muted-foreground">{t('credentials.brokerFile')}</p>
          <div>
            <Button size="sm" variant="outline" onClick={() => setIssued(null)}>
              {t('credentials.hide')}
            </Button>
          </div>
        </div>
      )}
      <ConfirmNoteDialog
        open={asking !== null}
        onClose={() => setAsking(null)}
        title={asking ? t(`credentials.confirm.${asking}`) : ''}
        description={asking ? t(`credentials.explain.${asking}`) : ''}
        confirmLabel={asking ? t(`credentials.${asking}`) : ''}
        noteLabel={t('credentials.note')}
        destructive={asking === 'revoke'}
        pending={change.isPending}
        error={change.error ? adminErrorText(change.error, t) : null}
        onConfirm={(note) => {
          if (!asking) return;
          change.mutate(
            { stationUuid, action: asking, note, requestUuid },
            {
              onSuccess: (out) => {
                setIssued(out.issued);
                setAsking(null);
              },
            },
          );
        }}
      />
    </Section>
  );
}
