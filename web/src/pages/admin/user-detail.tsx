import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminCoupon, AdminDevice, AdminUser } from '@/api/generated/app-router';
import { BackLink } from '@/components/back-link';
import { EmptyState, ErrorState, LoadingState, NotFoundState } from '@/components/page-states';
import { Button } from '@/components/ui/button';
import { useAdminAccess } from '@/features/admin/access';
import { useBlockUser, useDeleteUser, useGrantRole, useRevokeRole, useUnblockUser, userQuery } from '@/features/admin/api';
import { eventColumns, invoiceColumns, orderColumns, paymentColumns, statusText } from '@/features/admin/columns';
import { ConfirmNoteDialog } from '@/features/admin/confirm-note-dialog';
import { DataList, type Column } from '@/features/admin/data-list';
import { adminErrorText, appCodeOf, isStale } from '@/features/admin/errors';
import { formatInZone, formatWhen } from '@/lib/format';
import { Badge, Facts, Section } from '@/features/admin/frame';
import { useSession } from '@/features/session/session';
import { useTranslation, type TFunction } from '@/i18n';

/** UserState is a person's account state: deleted, blocked, or not yet verified. */
export function UserState({ user, t }: { user: AdminUser; t: TFunction<'admin'> }) {
  if (user.deletedAt) return <Badge tone="bad">{t('users.deleted')}</Badge>;
  if (user.blockedAt) return <Badge tone="bad">{t('users.blocked')}</Badge>;
  if (!user.verifiedAt) return <Badge tone="warn">{t('users.unverified')}</Badge>;
  return <Badge tone="good">{t('users.active')}</Badge>;
}

type Pending = null | 'block' | 'unblock' | 'delete' | { grant: 'ADMIN' | 'MANAGER' } | { revoke: 'ADMIN' | 'MANAGER' };

/** UserDetail is one person's page: who they are, their orders, payments, coupons, devices and events, and the ADMIN's actions. */
export function UserDetail({ userUuid }: { userUuid: string }) {
  const { t, i18n } = useTranslation('admin');
  const lng = i18n.language;
  const { may } = useAdminAccess();
  const { user: me } = useSession();
  const { data, isPending, isError, error, refetch } = useQuery(userQuery(userUuid));
  const [asking, setAsking] = useState<Pending>(null);
  const block = useBlockUser();
  const unblock = useUnblockUser();
  const remove = useDeleteUser();
  const grant = useGrantRole();
  const revoke = useRevokeRole();
  const back = <BackLink to="/admin/users" label={t('users.back')} />;

  if (isPending) return <LoadingState />;
  if (isError) {
    if (appCodeOf(error) === 'USER_NOT_FOUND') return <NotFoundState message={t('users.notFound')} back={{ to: '/admin/users', label: t('users.back') }} />;
    return <ErrorState onRetry={() => void refetch()} />;
  }
  const u = data.user;
  const self = me?.id === u.uuid;
  const canManage = may('manageUsers') && !u.deletedAt;
  const mutation = asking === 'block' ? block : asking === 'unblock' ? unblock : asking === 'delete' ? remove : asking && 'grant' in asking ? grant : revoke;
  const close = () => {
    setAsking(null);
    mutation.reset();
  };
  // A colleague changed the user since this page read it: read it again, so the
  // dialog's sentence ("the current values are shown") is true.
  const done = { onSuccess: () => setAsking(null), onError: (err: unknown) => void (isStale(err) && refetch()) };
  const version = u.version;
  const run = (note: string) => {
    if (asking === 'block') block.mutate({ userUuid, version, reason: note }, done);
    else if (asking === 'unblock') unblock.mutate({ userUuid, version }, done);
    else if (asking === 'delete') remove.mutate({ userUuid, reason: note }, done);
    else if (asking && 'grant' in asking) grant.mutate({ userUuid, role: asking.grant, version }, done);
    else if (asking && 'revoke' in asking) revoke.mutate({ userUuid, role: asking.revoke, version }, done);
  };
  const running = (
    <div className="grid gap-2 text-sm" data-running-rentals={data.running.length}>
      <p className="font-medium">{data.running.length ? t('effects.runningTitle', { count: data.running.length }) : t('effects.runningNone')}</p>
      {data.running.length > 0 && (
        <ul className="list-disc pl-5">
          {data.running.map((o) => (
            <li key={o.uuid}>
              {o.stationName} · {statusText(t, o.status)} · {formatInZone(o.start, lng, o.timeZone)} – {formatInZone(o.end, lng, o.timeZone)}
            </li>
          ))}
        </ul>
      )}
      {data.running.length > 0 && <p className="text-muted-foreground">{t('effects.runningStay')}</p>}
    </div>
  );
  const dialog = (() => {
    if (!asking) return null;
    if (asking === 'delete') return { title: t('users.deleteTitle', { email: u.email }), body: t('users.deleteBody'), confirm: t('users.delete'), note: t('users.reason'), noNote: false, destructive: true };
    if (asking === 'block') return { title: t('users.blockTitle', { email: u.email }), body: t('users.blockBody'), confirm: t('users.block'), note: t('effects.reason'), noNote: false, destructive: true, extra: running };
    if (asking === 'unblock') return { title: t('users.unblockTitle', { email: u.email }), body: t('users.unblockBody'), confirm: t('users.unblock'), noNote: true, destructive: false };
    if ('grant' in asking) return { title: t('users.grantTitle', { role: asking.grant, email: u.email }), body: t(`users.roleBody.${asking.grant}`), confirm: t('users.grant', { role: asking.grant }), noNote: true, destructive: false };
    return { title: t('users.revokeTitle', { role: asking.revoke, email: u.email }), body: t(`users.roleBody.${asking.revoke}`), confirm: t('users.revoke', { role: asking.revoke }), noNote: true, destructive: true };
  })();

  const couponColumns: Column<AdminCoupon>[] = [
    { id: 'pack', header: t('coupons.code'), primary: true, cell: (c) => <code>{c.packCode}</code> },
    { id: 'remaining', header: t('coupons.remaining'), end: true, cell: (c) => c.remaining },
    { id: 'registered', header: t('coupons.registered'), cell: (c) => formatWhen(c.registeredAt, lng) },
  ];
  const deviceColumns: Column<AdminDevice>[] = [
    { id: 'model', header: t('users.device'), primary: true, cell: (d) => [d.platform, d.model].filter(Boolean).join(' · ') || '—' },
    { id: 'version', header: t('users.appVersion'), cell: (d) => d.appVersion || '—' },
    { id: 'seen', header: t('users.lastSeen'), cell: (d) => formatWhen(d.updatedAt, lng) },
  ];
  const name = [u.firstName, u.lastName].filter(Boolean).join(' ');
  const list = <T,>(title: string, rows: T[], columns: Column<T>[], key: (r: T) => string, empty: string) => (
    <Section title={title}>{rows.length ? <DataList label={title} rows={rows} columns={columns} rowKey={key} /> : <EmptyState message={empty} />}</Section>
  );

  return (
    <>
      {back}
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="text-xl font-semibold break-all" data-user-email={u.email}>
          {u.email || u.uuid}
        </h2>
        <UserState user={u} t={t} />
      </div>
      <Facts
        items={[
          [t('users.name'), name || '—'],
          [t('users.phone'), u.phone || '—'],
          [t('users.roles'), u.roles.length ? u.roles.join(', ') : '—'],
          [t('common.created'), formatWhen(u.createdAt, lng)],
          [t('users.verified'), formatWhen(u.verifiedAt, lng)],
          [t('users.blockedAt'), formatWhen(u.blockedAt, lng)],
        ]}
      />
      {canManage && (
        <Section title={t('users.actions')}>
          <div className="flex flex-wrap gap-2">
            {u.blockedAt ? (
              <Button variant="outline" onClick={() => setAsking('unblock')}>
                {t('users.unblock')}
              </Button>
            ) : (
              !self && (
                <Button variant="outline" onClick={() => setAsking('block')}>
                  {t('users.block')}
                </Button>
              )
            )}
            {(['ADMIN', 'MANAGER'] as const).map((role) =>
              u.roles.includes(role) ? (
                !(self && role === 'ADMIN') && (
                  <Button key={role} variant="outline" onClick={() => setAsking({ revoke: role })}>
                    {t('users.revoke', { role })}
                  </Button>
                )
              ) : (
                <Button key={role} variant="outline" onClick={() => setAsking({ grant: role })}>
                  {t('users.grant', { role })}
                </Button>
              ),
            )}
            {!self && (
              <Button variant="destructive" onClick={() => setAsking('delete')}>
                {t('users.delete')}
              </Button>
            )}
          </div>
        </Section>
      )}
      {list(t('users.orders'), data.orders, orderColumns(t, lng, false), (o) => o.uuid, t('users.noOrders'))}
      {list(t('users.payments'), data.payments, paymentColumns(t, lng), (p) => p.uuid, t('users.noPayments'))}
      {list(t('orders.invoices'), data.invoices, invoiceColumns(t, lng, true), (i) => i.uuid, t('orders.noInvoices'))}
      {list(t('users.coupons'), data.coupons, couponColumns, (c) => c.uuid, t('users.noCoupons'))}
      {list(t('users.devices'), data.devices, deviceColumns, (d) => d.uuid, t('users.noDevices'))}
      {list(t('users.events'), data.events, eventColumns(t, lng), (e) => e.uuid, t('users.noEvents'))}
      {dialog && (
        <ConfirmNoteDialog
          open
          onClose={close}
          title={dialog.title}
          description={dialog.body}
          confirmLabel={dialog.confirm}
          noteLabel={dialog.note}
          noNote={dialog.noNote}
          destructive={dialog.destructive}
          pending={mutation.isPending}
          error={mutation.error ? adminErrorText(mutation.error, t) : null}
          onConfirm={run}
        >
          {'extra' in dialog ? dialog.extra : null}
        </ConfirmNoteDialog>
      )}
    </>
  );
}
