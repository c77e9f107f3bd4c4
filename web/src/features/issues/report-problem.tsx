import { TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Card } from '@/components/page';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { useTranslation } from '@/i18n';
import { ReportForm } from './report-form';

/** ReportProblem is the spec's "add issue" on an order locker: the report form about that locker, opened on demand. */
export function ReportProblem({ orderLockerUuid, label, station }: { orderLockerUuid: string; label: string; station: string }) {
  const { t } = useTranslation('help');
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState(false);
  return (
    <Card className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="flex items-center gap-2 text-lg font-semibold">
          <TriangleAlert className="size-5 text-muted-foreground" aria-hidden="true" />
          {t('reports.heading')}
        </h2>
        {!open && (
          <Button variant="outline" onClick={() => setOpen(true)}>
            {t('reports.new')}
          </Button>
        )}
      </div>
      {sent && (
        <Notice tone="success">
          {t('reports.sent')}{' '}
          <Link to="/issues" className="underline underline-offset-4">
            {t('reports.follow')}
          </Link>
        </Notice>
      )}
      {open && (
        <>
          <p className="text-sm text-muted-foreground">{t('reports.aboutLocker', { label, station })}</p>
          <ReportForm
            orderLockerUuid={orderLockerUuid}
            onSent={() => {
              setSent(true);
              setOpen(false);
            }}
          />
        </>
      )}
    </Card>
  );
}
