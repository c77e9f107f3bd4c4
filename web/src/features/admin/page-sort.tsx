import type { ReactNode } from 'react';
import { useTranslation } from '@/i18n';
import type { Column } from './data-list';
import { DataList } from './data-list';
import { sortableColumns, useListSort } from './use-list-sort';

type Key = string | number;

interface LoadedSortListProps<T> {
  label: string;
  /** The rows loaded so far (a key-paged list's pages), in the server's order. */
  rows: T[];
  columns: Column<T>[];
  /** The sort key of each sortable column (ISO times compare as text). */
  keys: Record<string, (row: T) => Key>;
  rowKey: (row: T) => string;
  rowAttr?: (row: T) => Record<string, string>;
}

/**
 * LoadedSortList is a key-paged list whose headers sort the rows loaded so far. The
 * server pages newest first by an index and cannot count or sort a million rows on each
 * load, so a header tap sorts only what is on the screen, and the list says so.
 */
export function LoadedSortList<T>({ label, rows, columns, keys, rowKey, rowAttr }: LoadedSortListProps<T>): ReactNode {
  const { t, i18n } = useTranslation('admin');
  const { sort, sorted } = useListSort<T>('', keys, i18n.language);
  return (
    <div className="grid gap-2">
      {sort.by !== '' && (
        <p className="text-sm text-muted-foreground" role="status" data-sorted-loaded={rows.length}>
          {t('list.sortedLoaded', { count: rows.length })}
        </p>
      )}
      <DataList label={label} rows={sorted(rows)} columns={sortableColumns(columns, keys)} rowKey={rowKey} rowAttr={rowAttr} sort={sort} />
    </div>
  );
}
