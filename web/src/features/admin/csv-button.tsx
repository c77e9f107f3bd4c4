import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/field';
import { useTranslation } from '@/i18n';
import { fetchOfficeCsv, type CsvKind } from './api';
import { productDay } from '@/lib/format';
import { useDownload } from './use-download';

/**
 * CsvButton downloads a list as CSV with the filter the screen shows (the server checks
 * the role and streams every page); a failure says so beside the button. The file is named
 * after the day on the product's clock, as the back office's other records are.
 */
export function CsvButton({ kind, filter }: { kind: CsvKind; filter: Record<string, string | undefined> }) {
  const { t } = useTranslation('admin');
  const { busy, failed, download: fetchAndSave } = useDownload();
  const download = () => fetchAndSave(() => fetchOfficeCsv(kind, filter), `${kind}-${productDay()}.csv`);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button variant="outline" loading={busy} onClick={() => void download()}>
        {t(`csv.${kind}`)}
      </Button>
      {failed && <FormAlert>{t('csv.failed')}</FormAlert>}
    </div>
  );
}
