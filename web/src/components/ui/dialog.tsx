import { useEffect, useId, useRef, type ReactNode } from 'react';
import { cn } from '@/lib/utils';

interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  /** The buttons, last one the main action. */
  footer: ReactNode;
  className?: string;
  children?: ReactNode;
}

/**
 * Dialog is a modal on the native <dialog>: focus trap, Escape and the top layer come
 * from the browser. A click on the backdrop closes it.
 */
export function Dialog({ open, onClose, title, description, footer, className, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descId = useId();
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal?.();
    if (!open && d.open) d.close?.();
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descId : undefined}
      onClose={onClose}
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
      className={cn(
        'm-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl border bg-card p-0 text-card-foreground shadow-xl',
        className,
      )}
    >
      <div className="grid gap-4 p-6">
        <div className="grid gap-2">
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          {description && (
            <p id={descId} className="text-sm text-muted-foreground">
              {description}
            </p>
          )}
        </div>
        {children}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{footer}</div>
      </div>
    </dialog>
  );
}
