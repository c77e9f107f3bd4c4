import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { Label } from './label';

/** The attributes a control needs to be tied to its label, hint and error. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FieldProps {
  label: ReactNode;
  /** Shown after the label in a muted style, e.g. "optional". */
  labelNote?: ReactNode;
  hint?: ReactNode;
  /** The error text; when set the control is marked invalid and the text is announced. */
  error?: ReactNode;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * Field is a labelled form control with an optional hint and error text. The control
 * is rendered by the child function so that any input kind gets the ids and aria
 * attributes that connect it to its label and messages.
 */
export function Field({ label, labelNote, hint, error, className, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div data-slot="field" className={cn('grid gap-2', className)}>
      <Label htmlFor={id}>
        {label}
        {labelNote && <span className="ml-1.5 font-normal text-muted-foreground">({labelNote})</span>}
      </Label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
      {hint && (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      )}
    </div>
  );
}

/** FieldError is an error text under a control or a whole form. */
export function FieldError({ id, className, children }: { id?: string; className?: string; children: ReactNode }) {
  return (
    <p id={id} data-slot="field-error" className={cn('text-sm font-medium text-destructive', className)}>
      {children}
    </p>
  );
}
