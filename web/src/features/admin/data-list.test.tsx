import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DataList, type Column } from './data-list';

interface Row {
  id: string;
  name: string;
  cents: number;
}

const columns: Column<Row>[] = [
  { id: 'name', header: 'Name', primary: true, cell: (r) => r.name },
  { id: 'amount', header: 'Amount', end: true, cell: (r) => `${r.cents / 100} €` },
];

describe('DataList', () => {
  it('is one table: a header row for desktop, and each phone card labels its values', () => {
    render(<DataList label="Orders" rows={[{ id: '1', name: 'Viru', cents: 500 }, { id: '2', name: 'Ülemiste', cents: 250 }]} columns={columns} rowKey={(r) => r.id} rowAttr={(r) => ({ 'data-row': r.id })} />);
    const table = screen.getByRole('table', { name: 'Orders' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name', 'Amount']);
    const second = table.querySelector('tr[data-row="2"]')!;
    // The card's title (primary) has no label of its own; the other values do (shown on phones only).
    expect(second.textContent).toBe('ÜlemisteAmount2.5 €');
    expect(within(second as HTMLElement).getByText('Amount').className).toContain('md:hidden');
  });
});
