import { useState } from 'react';
import { Card, Page } from '@/components/page';
import { Notice } from '@/components/ui/notice';
import { ReportForm } from '@/features/issues/report-form';
import { ReportList } from '@/features/issues/report-list';
import { useTranslation } from '@/i18n';

/** /issues — report a problem, and follow one's reports: their state and the operators' answers. */
export default function IssuesPage() {
  const { t } = useTranslation('help');
  const [sent, setSent] = useState(false);
  return (
    <Page page="issues">
      <p className="text-muted-foreground">{t('reports.intro')}</p>
      <Card className="grid gap-4">
        <h2 className="text-lg font-semibold">{t('reports.new')}</h2>
        {sent && <Notice tone="success">{t('reports.sent')}</Notice>}
        <ReportForm onSent={() => setSent(true)} />
      </Card>
      <section className="grid gap-3">
        <h2 className="text-lg font-semibold">{t('reports.mine')}</h2>
        <ReportList />
      </section>
    </Page>
  );
}
