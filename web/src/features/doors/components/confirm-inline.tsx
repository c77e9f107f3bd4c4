import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from '@/i18n';
import { Button } from '@/components/ui/button';

interface ConfirmInlineProps {
  /** What happens, said before it happens. */
  question: ReactNode;
  /** The button that does it. */
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onKeep: () => void;
}

/**
 * ConfirmInline asks once, in place, before a code or link stops working (issue 28):
 * the question and the two answers take the row's place, focus moves to the
 * question's keep-it answer so Enter never destroys by accident, and Escape keeps.
 */
export function ConfirmInline({ question, confirmLabel, busy = false, onConfirm, onKeep }: ConfirmInlineProps) {
  const { t } = useTranslation('booking');
  const id = useId();
  const keep = useRef<HTMLButtonElement>(null);
  useEffect(() => keep.current?.focus(), []);
  return (
    <div
      role="group"
      aria-labelledby={id}
      className="grid gap-2 rounded-xl border border-amber-300 bg-amber-50 p-3"
      data-testid="confirm-inline"
      onKeyDown={(e) => {
        if (e.key === 'Escape') onKeep();
      }}
    >
      <p id={id} className="text-sm text-amber-950">
        {question}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button variant="destructive" size="sm" loading={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
        <Button ref={keep} variant="outline" size="sm" disabled={busy} onClick={onKeep}>
          {t('door.keep')}
        </Button>
      </div>
    </div>
  );
}
