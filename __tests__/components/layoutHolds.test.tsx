import { render, screen } from '@testing-library/react';
import { PagedDataGrid } from '../../src/components/grid/PagedDataGrid';
import { SelectFilter } from '../../src/components/lists/SelectFilter';

// What keeps a page from moving as its data arrives (docs/performance.md, "Layout shifts"; e2e/layoutShifts.spec.ts
// measures the pages in Chromium).

const COLUMNS = [{ field: 'name', headerName: 'Name', flex: 1 }];
const ROWS = [{ id: 1, name: 'first' }];

describe('PagedDataGrid', () => {
  it('draws no footer under its first load, and keeps it through every later one', () => {
    const grid = (rows: typeof ROWS, loading: boolean) => (
      <PagedDataGrid aria-label="Things" identifyingField="name" columns={COLUMNS} rows={rows} loading={loading} />
    );
    const { rerender } = render(grid([], true));
    expect(screen.getByRole('grid', { name: 'Things' })).toBeInTheDocument();
    expect(screen.queryByText(/Rows per page/)).not.toBeInTheDocument();
    rerender(grid(ROWS, false));
    expect(screen.getByText(/Rows per page/)).toBeInTheDocument();
    // A later load (a refresh, another page) keeps the footer and its buttons where they are.
    rerender(grid([], true));
    expect(screen.getByText(/Rows per page/)).toBeInTheDocument();
  });

  it('a grid that starts with its rows has its footer at once', () => {
    render(<PagedDataGrid aria-label="Things" identifyingField="name" columns={COLUMNS} rows={ROWS} loading />);
    expect(screen.getByText(/Rows per page/)).toBeInTheDocument();
  });
});

describe('SelectFilter', () => {
  const options = [
    { value: '', label: 'All keys' },
    { value: 'k1', label: 'A key with a name far longer than the field is wide (sk-demo1234…)' },
  ];

  it('with a width, is that wide whatever its options, and names the chosen one in full in its tooltip', () => {
    render(<SelectFilter label="API key" value="k1" options={options} onChange={() => {}} width={220} />);
    const select = screen.getByRole('combobox', { name: 'API key' });
    expect(select).toHaveAttribute('title', options[1].label);
    expect(select.closest('.MuiFormControl-root')).toHaveStyle({ width: '220px' });
  });

  it('without one, grows with its options as before, above its least width', () => {
    render(<SelectFilter label="Status" value="" options={options} onChange={() => {}} minWidth={120} />);
    const select = screen.getByRole('combobox', { name: 'Status' });
    expect(select).not.toHaveAttribute('title');
    expect(select.closest('.MuiFormControl-root')).toHaveStyle({ minWidth: '120px' });
  });
});
