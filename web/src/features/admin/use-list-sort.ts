import { useCallback, useMemo, useState } from 'react';
import { intlLocale } from '@/lib/money';
import type { Column, ListSort } from './data-list';

type Key = string | number;

/**
 * useListSort sorts a list that is all on the screen (the network's stations) by a
 * column: a header tap sorts by it, a second tap turns the order round. Text compares
 * in the operator's language order, numbers as numbers, empty values last.
 */
export function useListSort<T>(initial: string, keys: Record<string, (row: T) => Key>, language: string) {
  const [by, setBy] = useState(initial);
  const [dir, setDir] = useState<'asc' | 'desc'>('asc');
  const onSort = useCallback(
    (id: string) => {
      if (id === by) setDir((d) => (d === 'asc' ? 'desc' : 'asc'));
      else {
        setBy(id);
        setDir('asc');
      }
    },
    [by],
  );
  const key = keys[by];
  const collator = useMemo(() => new Intl.Collator(intlLocale(language)), [language]);
  const sorted = useCallback(
    (rows: T[]): T[] => {
      if (!key) return rows;
      const sign = dir === 'asc' ? 1 : -1;
      return [...rows].sort((a, b) => {
        const x = key(a);
        const y = key(b);
        if (x === '' || y === '') return x === y ? 0 : x === '' ? 1 : -1;
        if (typeof x === 'number' && typeof y === 'number') return sign * (x - y);
        return sign * collator.compare(String(x), String(y));
      });
    },
    // keys are written inline by the caller: only the column and direction matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [by, dir, collator],
  );
  const sort: ListSort = useMemo(() => ({ by, dir, onSort }), [by, dir, onSort]);
  return { sort, sorted };
}

/**
 * sortableColumns marks the columns that have a sort key as sortable (their headers become
 * buttons when the list is given a sort).
 */
export function sortableColumns<T>(columns: Column<T>[], keys: Record<string, unknown>): Column<T>[] {
  return columns.map((c) => (c.id in keys ? { ...c, sortable: true } : c));
}
