import type { ReactNode } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';

export interface TopUsageColumn<T> {
  header: string;
  cell: (row: T) => ReactNode;
  numeric?: boolean;
}

interface TopUsageTableProps<T> {
  id: string;
  title: string;
  columns: TopUsageColumn<T>[];
  rows: T[];
  rowKey: (row: T) => string;
}

/** A short ranked table (the top 5 lists); it scrolls inside its own box on a narrow screen. */
export function TopUsageTable<T>({ id, title, columns, rows, rowKey }: TopUsageTableProps<T>) {
  const titleId = `${id}-title`;
  return (
    <Card component="section" aria-labelledby={titleId} sx={{ height: '100%' }}>
      <CardContent>
        <Typography id={titleId} variant="h3" component="h2" sx={{ mb: 1 }}>
          {title}
        </Typography>
        {rows.length === 0 ? (
          <Typography color="text.secondary">No usage in this period</Typography>
        ) : (
          // On a phone the table scrolls sideways in its own box: focusable, so a keyboard can scroll it too.
          <TableContainer tabIndex={0} role="group" aria-labelledby={titleId}>
            <Table size="small" aria-labelledby={titleId}>
              <TableHead>
                <TableRow>
                  {columns.map((column) => (
                    <TableCell key={column.header} align={column.numeric ? 'right' : 'left'}>
                      {column.header}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row) => (
                  <TableRow key={rowKey(row)}>
                    {columns.map((column) => (
                      <TableCell key={column.header} align={column.numeric ? 'right' : 'left'}>
                        {column.cell(row)}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </CardContent>
    </Card>
  );
}
