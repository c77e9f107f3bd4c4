import type { FormEvent, ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { useTranslation } from '@/i18n';

interface FilterBarProps {
  /** Applies the fields' values (the list then reloads from its first page). */
  onApply: () => void;
  /** Clears every filter. */
  onClear?: () => void;
  children: ReactNode;
}

/**
 * FilterBar holds a list's filter fields: one column on a phone, a row of fields on
 * desktop, applied together with Enter or "Apply" so a typing operator does not fire
 * a query per key.
 */
export function FilterBar({ onApply, onClear, children }: FilterBarProps) {
  const { t } = useTranslation('admin');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onApply();
  };
  return (
    <form role="search" onSubmit={submit} className="grid gap-3 rounded-2xl border bg-card p-4 sm:grid-cols-2 lg:grid-cols-[repeat(auto-fit,minmax(11rem,1fr))] lg:items-end">
      {children}
      <div className="flex gap-2 sm:col-span-2 lg:col-span-1">
        <Button type="submit" className="flex-1 lg:flex-none">
          {t('filter.apply')}
        </Button>
        {onClear && (
          <Button type="button" variant="ghost" onClick={onClear}>
            {t('filter.clear')}
          </Button>
        )}
      </div>
    </form>
  );
}
