import { useState, type ReactNode } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { Button } from '@/components/ui/button';
import { Field, FormAlert } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { useTranslation } from '@/i18n';

interface ConfirmNoteDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  confirmLabel: string;
  /** The note's label; the note is required unless noteOptional. */
  noteLabel?: string;
  noteOptional?: boolean;
  /** A plain confirmation: no note field (the API takes none, e.g. blocking). */
  noNote?: boolean;
  destructive?: boolean;
  pending?: boolean;
  /** The failed call's sentence, shown above the buttons. */
  error?: string | null;
  /** More fields above the note (an amount, a new end). */
  children?: ReactNode;
  onConfirm: (note: string) => void;
}

/**
 * ConfirmNoteDialog asks an operator to confirm a write and say why: refunds,
 * deletions and freed holds carry a note to the audit log (MISSING_NOTE without
 * one), so the dialog asks for it before the call.
 */
export function ConfirmNoteDialog(props: ConfirmNoteDialogProps) {
  // Remounted per opening, so a reopened dialog starts with an empty note.
  return props.open ? <NoteDialog {...props} /> : null;
}

function NoteDialog({ onClose, title, description, confirmLabel, noteLabel, noteOptional, noNote, destructive, pending, error, children, onConfirm }: ConfirmNoteDialogProps) {
  const { t } = useTranslation('admin');
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState(false);
  const confirm = () => {
    if (!noNote && !noteOptional && !note.trim()) {
      setMissing(true);
      return;
    }
    onConfirm(note.trim());
  };
  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      description={description}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('dialog.cancel')}
          </Button>
          <Button variant={destructive ? 'destructive' : 'default'} loading={pending} onClick={confirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
      {!noNote && (
      <Field label={noteLabel ?? t('dialog.note')} labelNote={noteOptional ? t('dialog.optional') : undefined} error={missing ? t('errors.MISSING_NOTE') : undefined}>
        {(control) => (
          <Textarea
            {...control}
            value={note}
            maxLength={1000}
            onChange={(e) => {
              setNote(e.target.value);
              setMissing(false);
            }}
          />
        )}
      </Field>
      )}
      {error && <FormAlert>{error}</FormAlert>}
    </Dialog>
  );
}
