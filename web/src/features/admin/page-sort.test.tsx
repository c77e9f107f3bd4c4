import { fireEvent, render, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import i18n, { initI18n } from '@/i18n';
import type { Column } from './data-list';
import { LoadedSortList } from './page-sort';

interface Row {
  id: string;
  email: string;
  cents: number;
}

const columns: Column<Row>[] = [
  { id: 'email', header: 'E-mail', primary: true, cell: (r) => r.email },
  { id: 'paid', header: 'Paid', end: true, cell: (r) => String(r.cents) },
  { id: 'note', header: 'Note', cell: () => '—' },
];

// The server's order (newest first): the list keeps it until a header is tapped.
const rows: Row[] = [
  { id: '1', email: 'mari@example.com', cents: 500 },
  { id: '2', email: 'aadu@example.com', cents: 1200 },
  { id: '3', email: 'õie@example.com', cents: 50 },
];

beforeAll(async () => {
  await initI18n();
});

const order = () => screen.getAllByRole('row').slice(1).map((r) => r.getAttribute('data-row'));

describe('LoadedSortList', () => {
  it('keeps the server order, then sorts the loaded rows by a tapped header and says it sorts only those', async () => {
    await i18n.changeLanguage('en-US');
    render(<LoadedSortList label="Users" rows={rows} columns={columns} keys={{ email: (r) => r.email, paid: (r) => r.cents }} rowKey={(r) => r.id} rowAttr={(r) => ({ 'data-row': r.id })} />);
    expect(order()).toEqual(['1', '2', '3']);
    expect(screen.queryByRole('status')).toBeNull();
    const table = screen.getByRole('table', { name: 'Users' });
    expect(within(table).queryByRole('button', { name: /Note/ })).toBeNull(); // no key, no sort
    fireEvent.click(within(table).getByRole('button', { name: /Paid/ }));
    expect(order()).toEqual(['3', '1', '2']);
    expect(screen.getByRole('status').textContent).toMatch(/Sorted among the 3 rows loaded, not the whole list/);
    fireEvent.click(within(table).getByRole('button', { name: /Paid/ }));
    expect(order()).toEqual(['2', '1', '3']);
  });

  it('sorts text in the language’s order and says so in Estonian', async () => {
    await i18n.changeLanguage('et');
    render(<LoadedSortList label="Kasutajad" rows={rows} columns={columns} keys={{ email: (r) => r.email }} rowKey={(r) => r.id} rowAttr={(r) => ({ 'data-row': r.id })} />);
    fireEvent.click(within(screen.getByRole('table', { name: 'Kasutajad' })).getByRole('button', { name: /E-mail/ }));
    expect(order()).toEqual(['2', '1', '3']); // õ after m in Estonian
    expect(screen.getByRole('status').textContent).toMatch(/Sorditud 3 laaditud rea seas/);
    await i18n.changeLanguage('en-US');
  });
});
