import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid/models';
import { CellLines as Lines, OpenRowTime } from '../../components/grid/cells';
import type { RequestLogEntry, RequestLogSortField } from '../../../contract/schemas/requestLog';
import { formatCents } from '../../../contract/money';
import { formatCount } from '../../lib/numbers';
import {
  durationText,
  errorText,
  keyName,
  keyPrefixText,
  memberName,
  modelText,
  totalTokens,
  VIEW_DETAILS,
  isCached,
} from './requestLog';
import { RequestStatusChip } from './RequestStatusChip';

// The grid wraps what does not fit a column rather than cut it (wrapCells); the widths (a column without flex is
// `width` wide, 100 px unless set) add up to 932 px, under what fits beside the open sidebar at 1280 px with a scroll
// bar (945 px; e2e/phoneLayout.spec.ts). Only the contract's sort fields sort, and on the server
// (sortingMode="server"); the others are not sortable, and have no column menu: it would offer only hiding, and its
// button overflowed the last column's header at 1280 px.
function StatusWithError({ row }: { row: RequestLogEntry }) {
  const error = errorText(row);
  return (
    <Box sx={{ minWidth: 0 }}>
      <RequestStatusChip status={row.status} cached={isCached(row)} />
      {error && (
        <Typography
          variant="caption"
          color="error"
          title={error}
          sx={{
            display: '-webkit-box',
            WebkitLineClamp: 2,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
            mt: 0.25,
            lineHeight: 1.3,
          }}
        >
          {error}
        </Typography>
      )}
    </Box>
  );
}

const fixed = { sortable: false, disableColumnMenu: true } as const;
const numeric = { type: 'number', align: 'right', headerAlign: 'right' } as const;

/** The log's columns, built once: they depend on nothing but the row. */
export const REQUEST_LOG_COLUMNS: GridColDef<RequestLogEntry>[] = [
  {
    field: 'created_at' satisfies RequestLogSortField,
    headerName: 'Time',
    width: 112,
    // The clock first: a log is read by when; the date under it.
    renderCell: ({ row }) => <OpenRowTime at={row.created_at} opens={VIEW_DETAILS} />,
  },
  {
    ...fixed,
    field: 'key',
    headerName: 'Key',
    // The prefix in a monospace font is never wrapped.
    minWidth: 136,
    flex: 0.8,
    renderCell: ({ row }) => <Lines primary={keyName(row)} secondary={keyPrefixText(row)} mono />,
  },
  {
    ...fixed,
    field: 'member',
    headerName: 'Member',
    minWidth: 116,
    flex: 0.8,
    renderCell: ({ row }) => <Lines primary={memberName(row)} secondary={row.user_name ? row.user_email : null} />,
  },
  {
    ...fixed,
    field: 'model',
    headerName: 'Model',
    minWidth: 140,
    flex: 1.3,
    renderCell: ({ row }) => (
      <Lines primary={modelText(row)} secondary={row.route_name ? `Route ${row.route_name}` : null} />
    ),
  },
  {
    ...fixed,
    field: 'status',
    headerName: 'Status',
    width: 160,
    // A failure's message under its chip, two lines at most (the whole of it in the drawer and on hover): a column of
    // its own was 70 px at 1280 px and wrapped a few letters a line.
    renderCell: ({ row }) => <StatusWithError row={row} />,
  },
  {
    ...numeric,
    field: 'total_tokens' satisfies RequestLogSortField,
    headerName: 'Tokens',
    width: 92,
    valueGetter: (_value, row) => totalTokens(row),
    // The breakdown in short (in / out / cached); the drawer spells it out.
    renderCell: ({ row }) => (
      <Lines
        primary={formatCount(totalTokens(row))}
        secondary={[row.prompt_tokens, row.completion_tokens, row.cached_tokens].map(formatCount).join(' / ')}
      />
    ),
  },
  {
    ...numeric,
    field: 'cost_cents' satisfies RequestLogSortField,
    headerName: 'Cost',
    width: 86,
    valueFormatter: (value: number) => formatCents(value),
  },
  {
    ...numeric,
    field: 'latency_ms' satisfies RequestLogSortField,
    headerName: 'Latency',
    width: 90,
    renderCell: ({ row }) => (
      <Lines
        primary={durationText(row.latency_ms)}
        secondary={row.ttft_ms === null ? null : `TTFT ${durationText(row.ttft_ms)}`}
      />
    ),
  },
];
