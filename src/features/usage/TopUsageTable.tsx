import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { MOBILE_MEDIA_QUERY } from '../../theme';
import { SectionCard } from '../../components/SectionCard';

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
  /** What an empty table says; by default the usage report's sentence. */
  emptyText?: string;
}

/**
 * A short ranked table (the top 5 lists). Names never wrap mid-word; on a phone, where the columns do not fit, each row
 * is a list item: the name on its own line, the figures under it.
 */
export function TopUsageTable<T>({
  id,
  title,
  columns,
  rows,
  rowKey,
  emptyText = 'No usage in this period',
}: TopUsageTableProps<T>) {
  const titleId = `${id}-title`;
  const isMobile = useMediaQuery(MOBILE_MEDIA_QUERY, { noSsr: true });
  return (
    <SectionCard titleId={titleId} title={title} titleVariant="h3" titleSx={{ mb: 1 }} sx={{ height: '100%' }}>
      {rows.length === 0 ? (
        <Typography color="textSecondary">{emptyText}</Typography>
      ) : isMobile ? (
        <TopUsageItems titleId={titleId} columns={columns} rows={rows} rowKey={rowKey} />
      ) : (
        // A table wider than its card scrolls sideways in its own box: focusable, so a keyboard can scroll it too.
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
                    <TableCell
                      key={column.header}
                      align={column.numeric ? 'right' : 'left'}
                      sx={{ whiteSpace: 'nowrap' }}
                    >
                      {column.cell(row)}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </SectionCard>
  );
}

type TopUsageItemsProps<T> = Pick<TopUsageTableProps<T>, 'columns' | 'rows' | 'rowKey'> & { titleId: string };

/** The table's rows on a phone: the first column as the item's title, the numbers labelled under it. */
function TopUsageItems<T>({ titleId, columns, rows, rowKey }: TopUsageItemsProps<T>) {
  const [name, ...figures] = columns;
  return (
    <Box component="ol" aria-labelledby={titleId} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {rows.map((row) => (
        <Box component="li" key={rowKey(row)} sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}>
          <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {name.cell(row)}
          </Typography>
          <Box
            component="dl"
            sx={{ display: 'grid', gridTemplateColumns: `repeat(${figures.length}, 1fr)`, gap: 1, m: 0, mt: 0.5 }}
          >
            {figures.map((column) => (
              <Box key={column.header}>
                <Typography component="dt" variant="caption" color="textSecondary">
                  {column.header}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                  {column.cell(row)}
                </Typography>
              </Box>
            ))}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
