import { Button } from '@/components/ui/button';
import { useTranslation } from '@/i18n';
import { fetchInvoicePdf } from './api';
import { useDownload } from './use-download';

/**
 * InvoicePdfButton downloads an invoice or credit note as a PDF in the operator's
 * language (operators may print any customer's); a failure says so on the button.
 */
export function InvoicePdfButton({ invoiceUuid, number }: { invoiceUuid: string; number: string }) {
  const { t, i18n } = useTranslation('admin');
  const { busy, failed, download: fetchAndSave } = useDownload();
  const lang = i18n.language.toLowerCase().startsWith('et') ? 'et' : 'en';
  const download = () => fetchAndSave(() => fetchInvoicePdf(invoiceUuid, lang), `${number || invoiceUuid}.pdf`);
  return (
    <Button size="sm" variant="outline" loading={busy} onClick={() => void download()} aria-label={t('orders.pdfOf', { number: number || invoiceUuid })}>
      {failed ? t('orders.pdfFailed') : 'PDF'}
    </Button>
  );
}
