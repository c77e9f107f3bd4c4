import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { AdminReconDifference } from '@/api/generated/app-router';
import { EmptyState, LoadingState } from '@/components/page-states';
import { Field, FormAlert } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { reconciliationQuery } from '@/features/admin/api';
import { DataList, type Column } from '@/features/admin/data-list';
import { adminErrorText } from '@/features/admin/errors';
import { FilterBar } from '@/features/admin/filter-bar';
import { formatMoney, utcDay } from '@/lib/format';
import { AdminFrame, Section } from '@/features/admin/frame';
import { useTranslation } from '@/i18n';

/**
 * /admin/reconciliation — one UTC day's money in three books: the payments and refunds lockerd
 * recorded, their invoices and credit notes, and the payment provider's records; every difference listed.
 */
export default function AdminReconciliationPage() {
  const { t, i18n } = useTranslation('admin');
  const lng = i18n.language;
  const [params, setParams] = useSearchParams();
  const day = params.get('day') ?? utcDay(-1);
  const [form, setForm] = useState(day);
  const report = useQuery(reconciliationQuery(day));

  const columns: Column<AdminReconDifference>[] = [
    { id: 'problem', header: t('reconciliation.problem'), primary: true, cell: (d) => t(`reconciliation.problems.${d.problem}`) },
    { id: 'kind', header: t('reconciliation.kind'), cell: (d) => t(`reconciliation.kinds.${d.kind}`) },
    { id: 'id', header: t('reconciliation.id'), cell: (d) => <span className="font-mono text-xs">{d.id}</span> },
    { id: 'ours', header: t('reconciliation.oursAmount'), end: true, cell: (d) => formatMoney(d.oursCents, lng) },
    { id: 'other', header: t('reconciliation.otherAmount'), end: true, cell: (d) => formatMoney(d.otherCents, lng) },
  ];

  let body;
  if (report.isPending) body = <LoadingState rows={2} />;
  else if (report.isError) body = <FormAlert>{adminErrorText(report.error, t)}</FormAlert>;
  else {
    const r = report.data;
    const books = [
      { title: t('reconciliation.ours'), paid: r.paidCents, refunded: r.refundedCents },
      { title: t('reconciliation.documents'), paid: r.invoicedCents, refunded: r.creditedCents },
      ...(r.providerChecked ? [{ title: t('reconciliation.provider'), paid: r.providerPaidCents, refunded: r.providerRefundedCents }] : []),
    ];
    body = (
      <>
        <dl className="grid gap-3 sm:grid-cols-3" data-testid="reconciliation-totals">
          {books.map((b) => (
            <div key={b.title} className="rounded-lg border p-3">
              <dt className="text-sm font-medium">{b.title}</dt>
              <dd className="text-sm text-muted-foreground">
                {t('reconciliation.paid')}: {formatMoney(b.paid, lng)} · {t('reconciliation.refunded')}: {formatMoney(b.refunded, lng)}
              </dd>
            </div>
          ))}
        </dl>
        {!r.providerChecked && <p className="text-sm text-muted-foreground">{r.providerError ? t('reconciliation.providerError', { error: r.providerError }) : t('reconciliation.notChecked')}</p>}
        {r.differences.length === 0 ? (
          <EmptyState message={t('reconciliation.agree')} />
        ) : (
          <Section title={t('reconciliation.differences')}>
            <DataList label={t('reconciliation.differences')} rows={r.differences} columns={columns} rowKey={(d) => `${d.kind}|${d.id}|${d.problem}`} />
          </Section>
        )}
      </>
    );
  }

  return (
    <AdminFrame page="adminReconciliation">
      <FilterBar onApply={() => setParams({ day: form })}>
        <Field label={t('reconciliation.day')}>{(control) => <Input {...control} required type="date" value={form} onChange={(e) => setForm(e.target.value)} />}</Field>
      </FilterBar>
      <p className="text-sm text-muted-foreground">{t('reconciliation.intro')}</p>
      {body}
    </AdminFrame>
  );
}
