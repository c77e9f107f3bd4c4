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

/**
 * FieldError is the error text under a control (or a group such as a checkbox). It
 * appears when a submit fails, so it is announced at once (role="alert").
 */
export function FieldError({ id, className, children }: { id?: string; className?: string; children: ReactNode }) {
  return (
    <p id={id} role="alert" data-slot="field-error" className={cn('text-sm font-medium text-destructive', className)}>
      {children}
    </p>
  );
}

/** FormAlert is an error about the whole form (a wrong password, an address already taken), announced when it appears. */
export function FormAlert({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <div
      role="alert"
      data-slot="form-alert"
      className={cn('rounded-xl border border-destructive/30 bg-destructive/5 px-4 py-3 text-sm text-destructive', className)}
    >
      {children}
    </div>
  );
}
