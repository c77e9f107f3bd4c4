import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useTranslation } from '@/i18n';
import { fetchInvoicePdf } from './api';

/**
 * InvoicePdfButton downloads an invoice or credit note as a PDF in the operator's
 * language (operators may print any customer's); a failure says so on the button.
 */
export function InvoicePdfButton({ invoiceUuid, number }: { invoiceUuid: string; number: string }) {
  const { t, i18n } = useTranslation('admin');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const lang = i18n.language.toLowerCase().startsWith('et') ? 'et' : 'en';
  const download = async () => {
    setBusy(true);
    setFailed(false);
    try {
      const url = URL.createObjectURL(await fetchInvoicePdf(invoiceUuid, lang));
      const a = document.createElement('a');
      a.href = url;
      a.download = `${number || invoiceUuid}.pdf`;
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
    <Button size="sm" variant="outline" loading={busy} onClick={() => void download()} aria-label={t('orders.pdfOf', { number: number || invoiceUuid })}>
      {failed ? t('orders.pdfFailed') : 'PDF'}
    </Button>
  );
}
