import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/field';
import { useTranslation } from '@/i18n';
import { fetchOfficeCsv, type CsvKind } from './api';

/**
 * CsvButton downloads a list as CSV with the filter the screen shows (the server checks
 * the role and streams every page); a failure says so beside the button.
 */
export function CsvButton({ kind, filter }: { kind: CsvKind; filter: Record<string, string | undefined> }) {
  const { t } = useTranslation('admin');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const download = async () => {
    setBusy(true);
    setFailed(false);
    try {
      const blob = await fetchOfficeCsv(kind, filter);
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = `${kind}-${new Date().toISOString().slice(0, 10)}.csv`;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button variant="outline" loading={busy} onClick={() => void download()}>
        {t(`csv.${kind}`)}
      </Button>
      {failed && <FormAlert>{t('csv.failed')}</FormAlert>}
    </div>
  );
}
