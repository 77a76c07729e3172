import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid/models';
import { formatDateTime } from '../../lib/time';

type ColumnBasics<Row extends GridValidRowModel> = Pick<GridColDef<Row>, 'headerName' | 'minWidth' | 'flex'>;

/**
 * A column of an optional ISO time (a key's last use, a coupon's expiry): sorting and filtering work on the time, the
 * cell shows it formatted, or `emptyText` when there is none.
 */
export function optionalTimeColumn<Row extends GridValidRowModel>(
  field: keyof Row & string,
  basics: ColumnBasics<Row>,
  emptyText: string,
): GridColDef<Row> {
  return {
    field,
    ...basics,
    type: 'dateTime',
    valueGetter: (value: string | null) => (value ? new Date(value) : null),
    renderCell: ({ row }) => formatDateTime(row[field] as string | null, emptyText),
  };
}
