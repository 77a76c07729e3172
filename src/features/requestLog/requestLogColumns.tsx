import visuallyHidden from '@mui/utils/visuallyHidden';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid/models';
import type { RequestLogEntry, RequestLogSortField } from '../../../contract/schemas/requestLog';
import { formatCents } from '../../../contract/money';
import { formatClockTime, formatDate } from '../../lib/time';
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
} from './requestLog';
import { RequestStatusChip } from './RequestStatusChip';

function Lines({ primary, secondary, mono }: { primary: string; secondary?: string | null; mono?: boolean }) {
  return (
    <Box sx={{ py: 1, minWidth: 0, lineHeight: 1.4 }}>
      <Typography variant="body2" noWrap title={primary}>
        {primary}
      </Typography>
      {secondary && (
        <Typography
          variant="caption"
          color="text.secondary"
          noWrap
          component="p"
          title={secondary}
          sx={{ fontFamily: mono ? 'monospace' : undefined }}
        >
          {secondary}
        </Typography>
      )}
    </Box>
  );
}

// Only the contract's sort fields sort, and on the server (sortingMode="server"); the others are not sortable, and
// have no column menu: it would offer only hiding, and its button overflowed the last column's header at 1280 px.
const fixed = { sortable: false, disableColumnMenu: true } as const;
const numeric = { type: 'number', align: 'right', headerAlign: 'right' } as const;

/** The log's columns, built once: they depend on nothing but the row. */
export const REQUEST_LOG_COLUMNS: GridColDef<RequestLogEntry>[] = [
  {
    field: 'created_at' satisfies RequestLogSortField,
    headerName: 'Time',
    width: 112,
    // The clock first, to the second: a log is read by when; the date under it. A button, so a screen reader hears
    // that the row opens (a click anywhere on the row, or Enter on any cell, does too: RequestLogGrid).
    renderCell: ({ row }) => {
      const clock = formatClockTime(row.created_at);
      return (
        <ButtonBase sx={{ justifyContent: 'flex-start', textAlign: 'left', borderRadius: 1, color: 'primary.main' }}>
          <Lines primary={clock} secondary={formatDate(row.created_at)} />
          {/* Heard after the visible time and date, so the button's name holds its text (WCAG 2.5.3). */}
          <Box component="span" sx={visuallyHidden}>
            , {VIEW_DETAILS.toLowerCase()}
          </Box>
        </ButtonBase>
      );
    },
  },
  {
    ...fixed,
    field: 'key',
    headerName: 'Key',
    minWidth: 100,
    flex: 0.8,
    renderCell: ({ row }) => <Lines primary={keyName(row)} secondary={keyPrefixText(row)} mono />,
  },
  {
    ...fixed,
    field: 'member',
    headerName: 'Member',
    minWidth: 100,
    flex: 0.8,
    renderCell: ({ row }) => <Lines primary={memberName(row)} secondary={row.user_name ? row.user_email : null} />,
  },
  {
    ...fixed,
    field: 'model',
    headerName: 'Model',
    minWidth: 120,
    flex: 1.3,
    renderCell: ({ row }) => (
      <Lines primary={modelText(row)} secondary={row.route_name ? `Route ${row.route_name}` : null} />
    ),
  },
  {
    ...fixed,
    field: 'status',
    headerName: 'Status',
    minWidth: 84,
    renderCell: ({ row }) => <RequestStatusChip status={row.status} />,
  },
  {
    ...numeric,
    field: 'total_tokens' satisfies RequestLogSortField,
    headerName: 'Tokens',
    minWidth: 96,
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
    minWidth: 72,
    valueFormatter: (value: number) => formatCents(value),
  },
  {
    ...numeric,
    field: 'latency_ms' satisfies RequestLogSortField,
    headerName: 'Latency',
    minWidth: 92,
    renderCell: ({ row }) => (
      <Lines
        primary={durationText(row.latency_ms)}
        secondary={row.ttft_ms === null ? null : `TTFT ${durationText(row.ttft_ms)}`}
      />
    ),
  },
  {
    ...fixed,
    field: 'error',
    headerName: 'Error',
    minWidth: 80,
    flex: 0.6,
    valueGetter: (_value, row) => errorText(row),
    renderCell: ({ value }) => (
      <Typography variant="body2" color="error" noWrap title={String(value)}>
        {String(value)}
      </Typography>
    ),
  },
];
