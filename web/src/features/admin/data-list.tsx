import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

export interface Column<T> {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** The card's title on a phone: shown first, bold and without its header. */
  primary?: boolean;
  /** Right-aligned on desktop (amounts, actions). */
  end?: boolean;
  /** Long text (notes, changes) wraps on desktop; other cells keep to one line and the table scrolls. */
  wrap?: boolean;
  /** The header sorts the rows by this column (DataListProps.sort). */
  sortable?: boolean;
}

/** ListSort is the column a list is sorted by and which way; onSort asks for another. */
export interface ListSort {
  by: string;
  dir: 'asc' | 'desc';
  onSort: (columnId: string) => void;
}

interface DataListProps<T> {
  rows: T[];
  columns: Column<T>[];
  rowKey: (row: T) => string;
  /** Names the table for screen readers. */
  label: string;
  /** data-* hook for tests and styling, put on each row. */
  rowAttr?: (row: T) => Record<string, string>;
  /** The sortable columns' headers become buttons; the sorted one says so (aria-sort). */
  sort?: ListSort;
}

/**
 * DataList is one list for every back-office screen: a table from medium screens up,
 * a stack of cards on a phone. It is a single table in the DOM (CSS turns rows into
 * cards), so screen readers and tests see the same content on every width.
 */
export function DataList<T>({ rows, columns, rowKey, label, rowAttr, sort }: DataListProps<T>) {
  return (
    <div className="md:overflow-x-auto md:rounded-2xl md:border md:bg-card">
      <table aria-label={label} className="block w-full text-sm md:table">
        <thead className="hidden md:table-header-group">
          <tr className="border-b text-left text-muted-foreground">
            {columns.map((c) => (
              <th
                key={c.id}
                scope="col"
                aria-sort={sort && c.sortable ? (sort.by === c.id ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none') : undefined}
                className={cn('px-4 py-3 font-medium whitespace-nowrap', c.end && 'text-right')}
              >
                {sort && c.sortable ? (
                  <button type="button" className="inline-flex items-center gap-1 hover:text-foreground" onClick={() => sort.onSort(c.id)}>
                    {c.header}
                    <span aria-hidden="true">{sort.by === c.id ? (sort.dir === 'asc' ? '▲' : '▼') : '↕'}</span>
                  </button>
                ) : (
                  c.header
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="grid gap-3 md:table-row-group">
          {rows.map((row) => (
            <tr
              key={rowKey(row)}
              {...rowAttr?.(row)}
              className="grid gap-1.5 rounded-2xl border bg-card p-4 shadow-xs md:table-row md:rounded-none md:border-0 md:border-b md:bg-transparent md:p-0 md:shadow-none md:last:border-b-0"
            >
              {columns.map((c) => (
                <td
                  key={c.id}
                  className={cn(
                    'flex min-w-0 items-baseline justify-between gap-3 md:table-cell md:px-4 md:py-3 md:align-middle',
                    c.primary && 'order-first text-base font-medium md:text-sm',
                    c.end && 'md:text-right',
                    !c.wrap && 'md:whitespace-nowrap',
                  )}
                >
                  {!c.primary && <span className="shrink-0 text-muted-foreground md:hidden">{c.header}</span>}
                  <span className={cn('min-w-0 break-words', !c.primary && 'text-right md:text-left', c.end && 'md:text-right')}>{c.cell(row)}</span>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
