import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@/i18n';
import { Button } from '@/components/ui/button';

/**
 * CopyCodeButton copies one keypad code to the clipboard and says so for a moment:
 * the done screen's codes and the order page's carry the same button (issue 46).
 * label names the code for a screen reader ("Copy: Delivery code").
 */
export function CopyCodeButton({ code, label }: { code: string; label: string }) {
  const { t } = useTranslation('booking');
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    } catch {
      // No clipboard (insecure origin): the code stays visible to copy by hand.
    }
  };
  return (
    <Button variant="ghost" size="xs" onClick={() => void copy()} aria-label={label} data-copied={copied || undefined}>
      {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
      {copied ? t('locker.copied') : t('locker.copy')}
    </Button>
  );
}
