import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { deactivateActionsColumn } from '../../components/grid/rowActionsColumn';
import type { GridColDef } from '@mui/x-data-grid/models';
import { formatPricePer1M, isTierActive, tierCachingLines, tokenRange, unitPriceLines } from './pricing';
import { formatDateTime } from '../../lib/time';
import type { PricingTier } from '../../../contract/schemas/pricing';

export interface PricingRowActions {
  onView: (tier: PricingTier) => void;
  onEdit: (tier: PricingTier) => void;
  onDeactivate: (tier: PricingTier) => void;
}

// The rows grow to their content (PricingGrid's auto row height): names, 'Not supported' and expiry dates wrap at
// spaces and hyphens instead of being cut, within columns narrow enough for the table to fit 1280 px. A tier's
// description wraps too, up to three lines (cut to one, it said almost nothing; the details dialog shows it whole).
const WRAP = { whiteSpace: 'normal', overflowWrap: 'break-word' } as const;
const CLAMP = {
  ...WRAP,
  display: '-webkit-box',
  WebkitLineClamp: 3,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
} as const;

const caption = (text: string, clamp = false) => (
  <Typography variant="caption" color="text.secondary" title={text} component="p" sx={clamp ? CLAMP : WRAP}>
    {text}
  </Typography>
);

function Lines({ primary, secondary }: { primary: string; secondary: (string | null)[] }) {
  return (
    <Box sx={{ py: 1, minWidth: 0, width: '100%', lineHeight: 1.3 }}>
      <Typography variant="body2" sx={{ fontWeight: 600, ...WRAP }}>
        {primary}
      </Typography>
      {secondary.map((line) => line && <Box key={line}>{caption(line)}</Box>)}
    </Box>
  );
}

const priceColumn = (field: 'prompt_cost_per_1m' | 'completion_cost_per_1m', headerName: string, minWidth: number) =>
  ({
    field,
    headerName,
    type: 'number',
    minWidth,
    flex: 0.5,
    valueFormatter: (value: number) => formatPricePer1M(value),
  }) satisfies GridColDef<PricingTier>;

// The minimum widths add up to 956 px with the actions: the whole table fits a 1280 px screen beside the open sidebar
// (958 px), so the Active badge and Actions are never off screen; a date and time fits its column, longer names wrap.
// Everything but the row actions is fixed, so it is built once for the module (MUI X performance guide).
const dataColumns: GridColDef<PricingTier>[] = [
  {
    field: 'model',
    headerName: 'Provider/Model',
    minWidth: 140,
    flex: 1.4,
    valueGetter: (_value, row) => `${row.provider}/${row.model}`,
    // A media model's unit prices under its name (docs/media.md#prices): the spec's columns stay as they are.
    renderCell: ({ row }) => (
      <Lines primary={row.model} secondary={[row.provider, ...unitPriceLines(row.unit_prices)]} />
    ),
  },
  {
    field: 'tier',
    headerName: 'Tier',
    minWidth: 100,
    flex: 0.7,
    valueGetter: (_value, row) => row.tier_name,
    renderCell: ({ row }) => (
      <Box sx={{ py: 1, minWidth: 0, width: '100%', lineHeight: 1.3 }}>
        <Typography variant="body2" sx={{ fontWeight: 600, ...WRAP }}>
          {row.tier_name}
        </Typography>
        {caption(`Order ${row.tier_order}`)}
        {row.tier_description && caption(row.tier_description, true)}
      </Box>
    ),
  },
  {
    field: 'token_range',
    headerName: 'Token Range',
    minWidth: 100,
    flex: 0.6,
    valueGetter: (_value, row) => row.min_tokens,
    renderCell: ({ row }) => <Box sx={{ py: 1, ...WRAP }}>{tokenRange(row.min_tokens, row.max_tokens)}</Box>,
  },
  priceColumn('prompt_cost_per_1m', 'Prompt Price per 1M', 96),
  priceColumn('completion_cost_per_1m', 'Completion Price per 1M', 110),
  {
    field: 'caching',
    headerName: 'Caching',
    minWidth: 112,
    flex: 0.6,
    valueGetter: (_value, row) => tierCachingLines(row)[0],
    renderCell: ({ row }) => {
      const [primary, ...secondary] = tierCachingLines(row);
      return <Lines primary={primary} secondary={secondary} />;
    },
  },
  {
    field: 'effective_time',
    headerName: 'Effective Time',
    type: 'dateTime',
    minWidth: 182,
    flex: 0.8,
    valueGetter: (value: string) => new Date(value),
    renderCell: ({ row }) => {
      const active = isTierActive(row, new Date());
      return (
        <Box sx={{ py: 1, minWidth: 0, lineHeight: 1.3 }}>
          <Typography variant="body2" sx={WRAP}>
            {formatDateTime(row.effective_time)}
          </Typography>
          {row.expiry_time && caption(`Expires ${formatDateTime(row.expiry_time)}`)}
          <Chip
            size="small"
            variant="outlined"
            label={active ? 'Active' : 'Inactive'}
            color={active ? 'success' : 'default'}
            sx={{ mt: 0.5 }}
          />
        </Box>
      );
    },
  },
];

/** The grid's columns; deactivate is offered only while the tier is active. */
export function pricingColumns(actions: PricingRowActions): GridColDef<PricingTier>[] {
  return [...dataColumns, deactivateActionsColumn(actions, (tier) => isTierActive(tier, new Date()))];
}
